import { ACHIEVEMENTS } from '@pixel-wall/shared/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectUser } from '../../store/userSlice.ts';
import { PixelIcon } from '../../ui/icons/PixelIcon.tsx';
import { playerGlyphs } from '../../ui/icons/playerGlyphs.ts';
import { QuestSheet } from '../mining/QuestSheet.tsx';

/** Ghost Pixel: earned with the secret word, which the quest sheet takes. */
const GHOST_PIXEL = 10;

/**
 * SPEC §3 achievements (12 is not shown), done or not from the player's map. On the player's own
 * profile (the map is the signed-in user's), Ghost Pixel not yet earned offers the secret word.
 */
export function AchievementsTab({ achievements }: { achievements: Record<string, boolean> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useAppSelector(selectUser);
  const own = me !== null && me.achievements === achievements;
  const [questOpen, setQuestOpen] = useState(false);
  const done = ACHIEVEMENTS.filter((a) => achievements[String(a.id)] === true).length;
  return (
    <div className="achievements">
      <p className="achievements__count pixel-text">
        {t('profile.achievementsDone', {
          done: format.integer(done),
          total: format.integer(ACHIEVEMENTS.length),
        })}
      </p>
      <ul className="achievements__list">
        {ACHIEVEMENTS.map((a) => {
          const earned = achievements[String(a.id)] === true;
          return (
            <li
              key={a.id}
              className={earned ? 'achievement achievement--done' : 'achievement'}
              data-testid={`achievement-${a.id}`}
              data-done={earned}
            >
              <PixelIcon rows={playerGlyphs.medal} size={32} className="achievement__icon" />
              <span className="achievement__text">
                <strong>{t(`profile.achievementNames.${a.key}`)}</strong>
                <span>{t(`profile.achievementGoals.${a.key}`)}</span>
                {own && a.id === GHOST_PIXEL && !earned ? (
                  <button
                    type="button"
                    className="btn btn--primary achievement__action"
                    data-testid="achievement-quest"
                    onClick={() => setQuestOpen(true)}
                  >
                    {t('quest.enter')}
                  </button>
                ) : null}
              </span>
              <span className="achievement__state pixel-text">
                {earned ? t('profile.achievementDone') : t('profile.achievementTodo')}
              </span>
            </li>
          );
        })}
      </ul>
      {own ? <QuestSheet open={questOpen} onClose={() => setQuestOpen(false)} /> : null}
    </div>
  );
}
