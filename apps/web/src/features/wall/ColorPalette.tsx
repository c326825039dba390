import { PALETTE } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';

export function ColorPalette({
  active,
  recent,
  onPick,
}: {
  active: string;
  recent: readonly string[];
  onPick(color: string): void;
}) {
  const { t } = useTranslation();
  const swatch = (c: string, key: string) => (
    <button
      key={key}
      type="button"
      className={`swatch${c === active ? ' swatch--active' : ''}`}
      style={{ background: c }}
      aria-label={c}
      aria-pressed={c === active}
      onClick={() => onPick(c)}
    />
  );
  return (
    <div className="wall-palette">
      <div className="wall-palette__label">{t('wall.recent')}</div>
      <div className="wall-palette__row" data-testid="recent-colors">
        {recent.map((c) => swatch(c, `r${c}`))}
      </div>
      <div className="wall-palette__label">{t('wall.palette')}</div>
      <div className="wall-palette__grid" data-testid="palette">
        {PALETTE.map((c) => swatch(c, c))}
      </div>
      <p className="wall-palette__unlock">{t('wall.unlockAll')}</p>
    </div>
  );
}
