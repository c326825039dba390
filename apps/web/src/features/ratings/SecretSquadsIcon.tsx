import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PixelIcon } from '../../ui/icons/PixelIcon.tsx';
import { playerGlyphs } from '../../ui/icons/playerGlyphs.ts';

/** Taps that turn the squads icon into its secret variant (SPEC §9). */
export const SECRET_TAPS = 10;

/** The small squads icon; the tenth tap reveals an animated ghost. Just for fun. */
export function SecretSquadsIcon() {
  const { t } = useTranslation();
  const [taps, setTaps] = useState(0);
  const secret = taps >= SECRET_TAPS;
  return (
    <button
      type="button"
      className={secret ? 'icon-btn squads-icon squads-icon--secret' : 'icon-btn squads-icon'}
      aria-label={t('ratings.squadsIcon')}
      data-testid="squads-icon"
      data-secret={secret}
      onClick={() => setTaps((n) => n + 1)}
    >
      <PixelIcon rows={secret ? playerGlyphs.ghost : playerGlyphs.squads} size={24} />
    </button>
  );
}
