import { MySquadScreen } from '../features/squads/MySquadScreen.tsx';

export function MySquadPage() {
  return <MySquadScreen />;
}
