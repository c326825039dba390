import { BASIC_COLORS, PALETTE } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { LOCKED_COLORS, mayUse } from './colours.ts';

/** A 7×8 pixel padlock, drawn over locked colours and beside the unlock label. */
function Lock({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 7 8" aria-hidden="true" shapeRendering="crispEdges">
      <path fill="currentColor" fillRule="evenodd" d="M2 0h3v1h1v3h1v4H0V4h1V1h1zM2 1v3h3V1zM3 5v2h1V5z" />
    </svg>
  );
}

/**
 * The colours panel: the recent colours, then the palette. Without All colours the basic line is
 * usable and the rest shows locked; a locked colour and the unlock label open its purchase card.
 */
export function ColorPalette({
  active,
  recent,
  unlocked,
  onPick,
  onUnlock,
}: {
  active: string;
  recent: readonly string[];
  /** the player holds All colours */
  unlocked: boolean;
  onPick(color: string): void;
  onUnlock(): void;
}) {
  const { t } = useTranslation();
  const swatch = (c: string, key: string) =>
    mayUse(c, unlocked) ? (
      <button
        key={key}
        type="button"
        className={`swatch${c === active ? ' swatch--active' : ''}`}
        style={{ background: c }}
        aria-label={c}
        aria-pressed={c === active}
        onClick={() => onPick(c)}
      />
    ) : (
      <button
        key={key}
        type="button"
        className="swatch swatch--locked"
        style={{ background: c }}
        aria-label={t('colours.locked', { color: c })}
        data-color={c}
        onClick={onUnlock}
      >
        <Lock className="swatch__lock" />
      </button>
    );
  return (
    <div className="wall-palette">
      <div className="wall-palette__label">{t('wall.recent')}</div>
      <div className="wall-palette__row" data-testid="recent-colors">
        {recent.map((c) => swatch(c, `r${c}`))}
      </div>
      <div className="wall-palette__label">{t('wall.palette')}</div>
      {unlocked ? (
        <div className="wall-palette__grid" data-testid="palette">
          {PALETTE.map((c) => swatch(c, c))}
        </div>
      ) : (
        <>
          <div className="wall-palette__grid" data-testid="palette">
            {BASIC_COLORS.map((c) => swatch(c, c))}
          </div>
          <div className="wall-palette__grid" data-testid="palette-locked">
            {LOCKED_COLORS.map((c) => swatch(c, c))}
          </div>
          <button
            type="button"
            className="wall-palette__unlock"
            data-testid="unlock-colors"
            onClick={onUnlock}
          >
            <Lock className="wall-palette__unlock-lock" />
            {t('wall.unlockAll')}
          </button>
        </>
      )}
    </div>
  );
}
