import { useState } from 'react';
import { PixelIcon } from '../icons/PixelIcon.tsx';
import { playerGlyphs } from '../icons/playerGlyphs.ts';
import './avatar.css';

export interface AvatarProps {
  src: string | null | undefined;
  size?: number;
  /** A squad's logo falls back to a banner, a player's picture to a pixel face. */
  kind?: 'player' | 'squad';
}

/** A picture, or the default image when there is none or it fails to load (SPEC §5). */
export function Avatar({ src, size = 40, kind = 'player' }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (src && broken !== src) {
    return (
      <img
        className={`pw-avatar pw-avatar--${kind}`}
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        loading="lazy"
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <span className={`pw-avatar pw-avatar--${kind} pw-avatar--default`} style={style} aria-hidden="true">
      <PixelIcon rows={kind === 'squad' ? playerGlyphs.squadLogo : playerGlyphs.avatar} size={size * 0.6} />
    </span>
  );
}
