import type { PixelInfo } from '@pixel-wall/shared';
import { formatCountdown } from '@pixel-wall/shared/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { PixelIcon } from '../../ui/icons/PixelIcon.tsx';
import { RollingNumber } from '../../ui/RollingNumber/RollingNumber.tsx';
import { useLiveCharges } from '../mining/useLiveCharges.ts';
import { ColorPalette } from './ColorPalette.tsx';
import { INFO_GLYPH, LINK_GLYPH } from './glyphs.ts';
import { PixelInfoPanel } from './PixelInfoPanel.tsx';

export type PaintBarTab = 'none' | 'colors' | 'info';

export interface PaintBarProps {
  color: string;
  recent: readonly string[];
  /** the player holds All colours: the whole palette is usable */
  unlocked: boolean;
  tab: PaintBarTab;
  info: PixelInfo | null;
  infoLoading: boolean;
  painting: boolean;
  onTab(tab: PaintBarTab): void;
  onPick(color: string): void;
  /** a locked colour or the unlock label: the purchase card of All colours */
  onUnlock(): void;
  onPaint(): void;
  onCopyLink(): void;
  /** Boost buttons (fast energy, fast mode, the Pixanos' Snap shortcut) after the built-in tools. */
  boosts?: ReactNode;
  /** The template's colour for this pixel, before the other tools (see features/templates). */
  templateHint?: ReactNode;
}

/** Signed in with a pixel selected: colour, pixel info, link, and the paint button with charges. */
export function PaintBar(p: PaintBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const live = useLiveCharges();
  const charges = live?.charges ?? 0;
  const max = live?.maxCharges ?? 0;
  const toggle = (tab: PaintBarTab) => p.onTab(p.tab === tab ? 'none' : tab);
  return (
    <section className="paint-bar panel" aria-label={t('wall.paintBar')}>
      {p.tab === 'colors' ? (
        <ColorPalette
          active={p.color}
          recent={p.recent}
          unlocked={p.unlocked}
          onPick={p.onPick}
          onUnlock={p.onUnlock}
        />
      ) : null}
      {p.tab === 'info' ? <PixelInfoPanel info={p.info} loading={p.infoLoading} /> : null}
      <div className="paint-bar__row">
        {p.templateHint}
        <button
          type="button"
          className={`paint-bar__tool${p.tab === 'colors' ? ' is-active' : ''}`}
          aria-label={t('wall.color')}
          aria-expanded={p.tab === 'colors'}
          onClick={() => toggle('colors')}
        >
          <span className="paint-bar__swatch" style={{ background: p.color }} />
        </button>
        <button
          type="button"
          className={`paint-bar__tool${p.tab === 'info' ? ' is-active' : ''}`}
          aria-label={t('wall.pixelInfo')}
          aria-expanded={p.tab === 'info'}
          onClick={() => toggle('info')}
        >
          <PixelIcon rows={INFO_GLYPH} size={24} />
        </button>
        <button
          type="button"
          className="paint-bar__tool"
          aria-label={t('wall.copyLink')}
          onClick={p.onCopyLink}
        >
          <PixelIcon rows={LINK_GLYPH} size={24} />
        </button>
        {p.boosts}
        <button
          type="button"
          className="paint-button"
          data-testid="paint-button"
          disabled={p.painting}
          aria-busy={p.painting}
          onClick={p.onPaint}
        >
          <span className="paint-button__label">{t('wall.paint')}</span>
          <span className="paint-button__charges" data-testid="charges">
            {live ? (
              <>
                <RollingNumber value={charges} format={format.integer} />/{format.integer(max)}
              </>
            ) : (
              '…'
            )}
          </span>
          <span className="paint-button__bar" aria-hidden="true">
            <span
              className="paint-button__fill"
              style={{ transform: `scaleX(${live ? live.progress : 0})` }}
            />
          </span>
          {live && live.msToNext > 0 ? (
            <span className="paint-button__timer">{formatCountdown(live.msToNext)}</span>
          ) : null}
        </button>
      </div>
    </section>
  );
}
