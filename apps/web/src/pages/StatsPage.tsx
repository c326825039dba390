import { StatsScreen } from '../features/stats/StatsScreen.tsx';

export function StatsPage() {
  return <StatsScreen />;
}
