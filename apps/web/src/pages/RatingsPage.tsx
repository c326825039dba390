import { RatingsScreen } from '../features/ratings/RatingsScreen.tsx';

export function RatingsPage() {
  return <RatingsScreen />;
}
