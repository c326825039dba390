import { StakingScreen } from '../features/info/StakingScreen.tsx';

export function StakingPage() {
  return <StakingScreen />;
}
