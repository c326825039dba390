import { AboutScreen } from '../features/info/AboutScreen.tsx';

export function AboutPage() {
  return <AboutScreen />;
}
