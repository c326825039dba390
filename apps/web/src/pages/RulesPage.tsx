import { RulesScreen } from '../features/info/RulesScreen.tsx';

export function RulesPage() {
  return <RulesScreen />;
}
