import { useTranslation } from 'react-i18next';
import { OPEN_LEAGUE_URL } from '../../ui/pxLinks.ts';
import { Article } from './Article.tsx';

/** /open-league: what The Open League is and how the Wall takes part, with a link out. */
export function OpenLeagueScreen() {
  const { t } = useTranslation();
  return (
    <Article
      testId="open-league-page"
      titleKey="pages.openLeague"
      leadKey="openLeague.lead"
      sections={[
        { id: 'open_league_what', titleKey: 'openLeague.whatTitle', bodyKey: 'openLeague.whatText' },
        { id: 'open_league_how', titleKey: 'openLeague.howTitle', bodyKey: 'openLeague.howText' },
      ]}
      footer={
        <a
          className="btn btn--primary btn--block"
          href={OPEN_LEAGUE_URL}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="open-league-link"
        >
          {t('openLeague.link')}
        </a>
      }
    />
  );
}
