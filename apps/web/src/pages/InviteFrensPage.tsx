import { InviteScreen } from '../features/invite/InviteScreen.tsx';

export function InviteFrensPage() {
  return <InviteScreen />;
}
