import { WallScreen } from '../features/wall/WallScreen.tsx';

/** `/`: the Wall. */
export function WallPage() {
  return <WallScreen />;
}

export default WallPage;
