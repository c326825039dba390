import { InfoScreen } from '../features/info/InfoScreen.tsx';

export function InfoPage() {
  return <InfoScreen />;
}
