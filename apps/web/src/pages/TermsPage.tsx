import { TermsScreen } from '../features/info/LegalScreen.tsx';

export function TermsPage() {
  return <TermsScreen />;
}
