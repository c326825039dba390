import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { CHANNEL_URL } from '../../ui/links.ts';
import { PlaceholderPage } from '../../ui/Placeholder/PlaceholderPage.tsx';
import { PlayerPopups } from '../profile/PlayerPopups.tsx';
import { RatingsNav } from './RatingsNav.tsx';

/** SPEC §2 /ratings/awards: nothing yet, and where to hear about the first awards. */
export function AwardsScreen() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const channel = CHANNEL_URL;
  return (
    <>
      <div className="page">
        <RatingsNav />
      </div>
      <PlaceholderPage
        title={t('ratings.awards')}
        badge={t('ratings.probablyNothing')}
        text={t('ratings.nothingYet')}
        icon="trophy"
      >
        {channel && (
          <>
            <p className="awards__channel">
              <a
                href={channel}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(event) => {
                  event.preventDefault();
                  platform.openLink(channel);
                }}
              >
                {t('ratings.channelLink')}
              </a>
            </p>
            <button
              type="button"
              className="btn btn--block awards__button"
              onClick={() => platform.openLink(channel)}
            >
              {t('ratings.openChannel')}
            </button>
          </>
        )}
      </PlaceholderPage>
      <PlayerPopups />
    </>
  );
}
