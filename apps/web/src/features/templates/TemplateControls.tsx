import { PALETTE } from '@pixel-wall/shared/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateLayer } from '../../canvas/index.ts';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { PixelIcon } from '../../ui/icons/PixelIcon.tsx';
import { LIST_GLYPH, TEMPLATE_GLYPH } from './glyphs.ts';
import type { OverlayState, OverlayStore } from './overlayStore.ts';

export interface TemplateControlsProps {
  state: OverlayState;
  store: OverlayStore;
  layer: TemplateLayer;
  onOpenSheet(): void;
}

/**
 * The Wall's template chrome (top right): the world-template toggle, and while a template shows,
 * its opacity slider (0–100, step 1) and the per-colour filter.
 */
export function TemplateControls({ state, store, layer, onOpenSheet }: TemplateControlsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const [colorsOpen, setColorsOpen] = useState(false);
  const on = state.visible && state.choice !== null;

  const toggle = () => {
    if (on) {
      store.setVisible(false);
      return;
    }
    if (state.choice) store.setVisible(true);
    else store.choose({ source: 'world' });
  };
  const missing = on && state.template === null;

  return (
    <div className="tpl-controls" data-testid="template-controls">
      <div className="tpl-controls__buttons">
        <button
          type="button"
          className={`tpl-controls__btn panel${on ? ' is-on' : ''}`}
          aria-pressed={on}
          aria-label={on ? t('templates.hide') : t('templates.show')}
          data-testid="template-toggle"
          onClick={toggle}
        >
          <PixelIcon rows={TEMPLATE_GLYPH} size={24} />
        </button>
        <button
          type="button"
          className="tpl-controls__btn panel"
          aria-label={t('templates.open')}
          data-testid="templates-open"
          onClick={onOpenSheet}
        >
          <PixelIcon rows={LIST_GLYPH} size={24} />
        </button>
      </div>
      {on ? (
        <div className="tpl-panel panel" data-testid="template-panel">
          <div className="tpl-panel__name" data-testid="template-name">
            {state.template
              ? t(`templates.type.${state.template.type}`, { name: state.template.ownerName })
              : state.choice?.source === 'world'
                ? t('templates.noWorld')
                : t('templates.loading')}
          </div>
          {missing && state.choice?.source === 'world' ? (
            <button type="button" className="btn btn--block" onClick={onOpenSheet}>
              {t('templates.pickOne')}
            </button>
          ) : (
            <>
              <label className="tpl-panel__opacity">
                <span>{t('templates.opacity')}</span>
                <input
                  type="range"
                  min={0}
                  max={100}
                  step={1}
                  value={state.opacity}
                  data-testid="template-opacity"
                  onChange={(e) => store.setOpacity(Number(e.currentTarget.value))}
                />
                <output className="tpl-panel__value">{format.percent(state.opacity)}</output>
              </label>
              <button
                type="button"
                className={`btn btn--block tpl-panel__colors-btn${colorsOpen ? ' is-active' : ''}`}
                aria-expanded={colorsOpen}
                data-testid="template-colors-toggle"
                onClick={() => setColorsOpen((o) => !o)}
              >
                {state.hidden.length > 0
                  ? t('templates.colorsHidden', { n: format.integer(state.hidden.length) })
                  : t('templates.colors')}
              </button>
              {colorsOpen && state.template ? (
                <ColorFilter
                  counts={layer.counts()}
                  hidden={state.hidden}
                  onToggle={(c) => store.toggleColor(c)}
                  onShowAll={() => {
                    store.showAllColors();
                    dispatch(showToast(t('templates.allShown'), 'success'));
                  }}
                />
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** One chip per colour the template uses: tap to hide or show that colour. */
function ColorFilter(props: {
  counts: Map<number, number>;
  hidden: readonly number[];
  onToggle(color: number): void;
  onShowAll(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const colors = [...props.counts.entries()].sort((a, b) => b[1] - a[1]);
  return (
    <div className="tpl-filter" data-testid="template-colors">
      <div className="tpl-filter__chips">
        {colors.map(([c, n]) => {
          const hidden = props.hidden.includes(c);
          return (
            <button
              key={c}
              type="button"
              className={`tpl-filter__chip${hidden ? ' is-hidden' : ''}`}
              style={{ background: PALETTE[c] }}
              aria-pressed={!hidden}
              aria-label={t(hidden ? 'templates.showColor' : 'templates.hideColor', {
                color: PALETTE[c],
                n: format.integer(n),
              })}
              title={`${PALETTE[c]} · ${format.integer(n)}`}
              data-testid={`template-color-${c}`}
              onClick={() => props.onToggle(c)}
            />
          );
        })}
      </div>
      {props.hidden.length > 0 ? (
        <button type="button" className="btn btn--block" onClick={props.onShowAll}>
          {t('templates.showAll')}
        </button>
      ) : null}
    </div>
  );
}

/** The paint bar's "which colour goes here": the template's colour at the selected pixel; a tap picks it. */
export function TemplateHint({
  color,
  active,
  onPick,
}: {
  color: number;
  active: boolean;
  onPick(hex: string): void;
}) {
  const { t } = useTranslation();
  const hex = PALETTE[color]!;
  return (
    <button
      type="button"
      className={`paint-bar__tool tpl-hint${active ? ' is-active' : ''}`}
      aria-label={t('templates.hint', { color: hex })}
      title={t('templates.hint', { color: hex })}
      data-testid="template-hint"
      data-color={hex}
      onClick={() => onPick(hex)}
    >
      <span className="tpl-hint__swatch" style={{ background: hex }} />
      <span className="tpl-hint__mark" aria-hidden="true">
        <PixelIcon rows={TEMPLATE_GLYPH} size={12} />
      </span>
    </button>
  );
}
