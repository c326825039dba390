import { NFT_SIZE } from '@pixel-wall/shared';
import { useEffect, useRef } from 'react';

/** A drawing shown crisp at `size` CSS px, transparent pixels over a checkerboard. */
export function NftPreview({
  pixels,
  size,
  label = 'NFT',
}: {
  pixels: Uint8Array;
  size: number;
  label?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const ctx = ref.current?.getContext('2d');
    ctx?.putImageData(new ImageData(new Uint8ClampedArray(pixels), NFT_SIZE, NFT_SIZE), 0, 0);
  }, [pixels]);
  return (
    <canvas
      ref={ref}
      className="nft-preview"
      width={NFT_SIZE}
      height={NFT_SIZE}
      style={{ width: size, height: size }}
      role="img"
      aria-label={label}
    />
  );
}
