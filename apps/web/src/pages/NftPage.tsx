import { NftScreen } from '../features/nft/NftScreen.tsx';

export function NftPage() {
  return <NftScreen />;
}
