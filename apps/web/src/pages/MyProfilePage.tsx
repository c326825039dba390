import { MyProfileScreen } from '../features/profile/MyProfileScreen.tsx';

export function MyProfilePage() {
  return <MyProfileScreen />;
}
