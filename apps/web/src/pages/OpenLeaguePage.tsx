import { OpenLeagueScreen } from '../features/info/OpenLeagueScreen.tsx';

export function OpenLeaguePage() {
  return <OpenLeagueScreen />;
}
