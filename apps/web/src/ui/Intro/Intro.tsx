import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { writeLocal } from '../../platform/storage.ts';
import type { GlyphName } from '../icons/glyphs.ts';
import { Icon } from '../icons/Icon.tsx';
import { Popup } from '../Popup/Popup.tsx';
import './Intro.css';
import { INTRO_SEEN_KEY } from './introSeen.ts';

/** i18n key stem and icon of each step: `intro.{key}Title`, `intro.{key}Text`. */
const STEPS: ReadonlyArray<{ key: string; icon: GlyphName }> = [
  { key: 'paint', icon: 'window' },
  { key: 'energy', icon: 'bolt' },
  { key: 'together', icon: 'trophy' },
];

/** First launch: three short steps on how the Wall works; shown once, remembered locally. */
export function Intro({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const current = STEPS[step] ?? STEPS[0]!;
  const last = step === STEPS.length - 1;
  const finish = () => {
    writeLocal(INTRO_SEEN_KEY, '1');
    onDone();
  };
  return (
    <Popup title={t('intro.title')} onClose={finish} className="intro" testId="intro">
      <div className="intro__art" aria-hidden="true">
        <Icon name={current.icon} size={56} />
      </div>
      <h3 className="intro__step-title pixel-text">{t(`intro.${current.key}Title`)}</h3>
      <p className="intro__text">{t(`intro.${current.key}Text`)}</p>
      <ol className="intro__dots" aria-label={t('intro.progress', { step: step + 1, total: STEPS.length })}>
        {STEPS.map((s, i) => (
          <li key={s.key} className={i === step ? 'intro__dot intro__dot--on' : 'intro__dot'} />
        ))}
      </ol>
      <div className="intro__actions">
        {!last && (
          <button type="button" className="btn" onClick={finish}>
            {t('intro.skip')}
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => (last ? finish() : setStep(step + 1))}
        >
          {last ? t('intro.start') : t('intro.next')}
        </button>
      </div>
    </Popup>
  );
}
