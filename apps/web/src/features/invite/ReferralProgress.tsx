import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { REFERRAL_MILESTONES } from './referral.ts';

/** How far the player is toward each referral achievement. */
export function ReferralProgress({ friends }: { friends: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="milestones" data-testid="referral-progress">
      {REFERRAL_MILESTONES.map((m) => {
        const done = friends >= m.friends;
        const percent = Math.min(100, Math.floor((friends / m.friends) * 100));
        return (
          <li key={m.key} className={done ? 'milestone milestone--done' : 'milestone'}>
            <span className="milestone__head">
              <strong>{t(`profile.achievementNames.${m.key}`)}</strong>
              <span className="pixel-num">
                {format.compact(Math.min(friends, m.friends))}/{format.compact(m.friends)}
              </span>
            </span>
            <span
              className="milestone__bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={m.friends}
              aria-valuenow={Math.min(friends, m.friends)}
              aria-label={t(`profile.achievementNames.${m.key}`)}
            >
              <span className="milestone__fill" style={{ width: `${percent}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
