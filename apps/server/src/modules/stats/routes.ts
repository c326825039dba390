import { API_PREFIX, onlineStatsSchema, usersStatsSchema } from '@pixel-wall/shared';
import type { App } from '../../http.ts';
import type { StatsService } from './service.ts';

export function registerStatsRoutes(app: App, stats: StatsService): void {
  app.get(
    `${API_PREFIX}/users/stats`,
    { schema: { response: { 200: usersStatsSchema } }, config: { auth: 'none' } },
    async () => stats.users(),
  );
  app.get(
    `${API_PREFIX}/history/online/stats`,
    { schema: { response: { 200: onlineStatsSchema } }, config: { auth: 'none' } },
    async () => stats.online(),
  );
}
