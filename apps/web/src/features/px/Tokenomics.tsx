import {
  PX_BURNED,
  PX_TGE_SUPPLY,
  TOKENOMICS_VIEWS,
  type TokenomicsView,
  tokenomicsOf,
  tokenomicsTotal,
} from '@pixel-wall/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';

/** SPEC §2/§9: the supply split at TGE or now, switched in place. */
export function Tokenomics({ supply }: { supply: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [view, setView] = useState<TokenomicsView>('tge');
  const slices = tokenomicsOf(view);
  const base = view === 'tge' ? PX_TGE_SUPPLY : supply;

  return (
    <section className="px-card" aria-labelledby="px-tokenomics">
      <div className="px-card__head">
        <h2 id="px-tokenomics" className="px-card__title pixel-text">
          {t('px.tokenomics.title')}
        </h2>
        <fieldset className="px-switch">
          <legend className="visually-hidden">{t('px.tokenomics.view')}</legend>
          {TOKENOMICS_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className={
                v === view ? 'px-switch__btn px-switch__btn--on pixel-text' : 'px-switch__btn pixel-text'
              }
              aria-pressed={v === view}
              data-testid={`tokenomics-${v}`}
              onClick={() => setView(v)}
            >
              {t(`px.tokenomics.${v}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="px-bar" aria-hidden="true">
        {slices.map((s) => (
          <span key={s.key} className={`px-bar__part px-share--${s.key}`} style={{ flexGrow: s.percent }} />
        ))}
      </div>
      <dl className="px-rows" data-testid="tokenomics-rows">
        <div className="px-rows__row px-rows__row--strong">
          <dt>{view === 'tge' ? t('px.tokenomics.supplyTge') : t('px.tokenomics.supplyNow')}</dt>
          <dd className="pixel-num">{base === null ? '—' : `${format.compact(base)} PX`}</dd>
        </div>
        {view === 'now' && (
          <div className="px-rows__row">
            <dt>{t('px.tokenomics.burned')}</dt>
            <dd className="pixel-num">{format.compact(PX_BURNED)} PX</dd>
          </div>
        )}
        {slices.map((s) => (
          <div key={s.key} className="px-rows__row" data-share={s.key}>
            <dt>
              <span className={`px-dot px-share--${s.key}`} aria-hidden="true" />
              {t(`px.tokenomics.${s.key}`)}
            </dt>
            <dd className="pixel-num">{format.percent(s.percent)}</dd>
          </div>
        ))}
        <div className="px-rows__row px-rows__row--strong">
          <dt>{t('px.tokenomics.total')}</dt>
          <dd className="pixel-num">{format.percent(tokenomicsTotal(slices))}</dd>
        </div>
      </dl>
    </section>
  );
}
