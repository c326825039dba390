import { AwardsScreen } from '../features/ratings/AwardsScreen.tsx';

export function AwardsPage() {
  return <AwardsScreen />;
}
