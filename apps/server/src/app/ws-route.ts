/**
 * The websocket route: a socket with no token watches the wall; one with a websocket token (from
 * /users/me) is its player's, unless they are banned. The hub owns every socket from there on.
 */
import { CloseCode } from '@pixel-wall/shared';
import type { TokenService } from '../modules/auth/tokens.ts';
import type { UsersService } from '../modules/users/service.ts';
import type { Hub } from '../realtime/hub.ts';
import type { ServerModule } from './module.ts';

export interface WsDeps {
  hub: Pick<Hub, 'attach'>;
  tokens: Pick<TokenService, 'verifyWebsocketToken'>;
  users: Pick<UsersService, 'profile'>;
}

export function createWsModule({ hub, tokens, users }: WsDeps): ServerModule {
  return {
    name: 'websocket',
    register(app) {
      app.route({
        method: 'GET',
        url: '/ws',
        config: { auth: 'none' },
        // A plain GET (no Upgrade: websocket) gets the app's error format, not an empty 404.
        handler: async (req, reply) =>
          reply
            .code(426)
            .header('Upgrade', 'websocket')
            .send({
              error: { code: 'BAD_REQUEST', message: 'This address takes websocket connections only.' },
              requestId: req.id,
            }),
        wsHandler: async (socket, req) => {
          const token = (req.query as Record<string, unknown>).token;
          if (typeof token !== 'string' || token === '') {
            hub.attach(socket, { userId: null });
            return;
          }
          const userId = token.length < 1024 ? tokens.verifyWebsocketToken(token) : null;
          if (userId === null) {
            socket.close(CloseCode.Unauthorized, 'invalid token');
            return;
          }
          const profile = await users.profile(userId);
          if (!profile || profile.banned) {
            socket.close(
              profile ? CloseCode.Banned : CloseCode.Unauthorized,
              profile ? 'banned' : 'unknown player',
            );
            return;
          }
          hub.attach(socket, { userId });
        },
      });
    },
  };
}
