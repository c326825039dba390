import { type GlyphName, glyphs } from './glyphs.ts';
import { PixelIcon } from './PixelIcon.tsx';

export function Icon({ name, size = 24, className }: { name: GlyphName; size?: number; className?: string }) {
  return <PixelIcon rows={glyphs[name]} size={size} {...(className ? { className } : {})} />;
}
