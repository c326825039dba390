import { PrivacyScreen } from '../features/info/LegalScreen.tsx';

export function PrivacyPage() {
  return <PrivacyScreen />;
}
