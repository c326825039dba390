import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TON_SITE } from '../../ui/pxLinks.ts';
import { Article } from './Article.tsx';

/** /staking: info blocks that lead to the token page, the TON site and the Terms (SPEC §2). */
export function StakingScreen() {
  const { t } = useTranslation();
  return (
    <Article
      testId="staking-page"
      titleKey="pages.staking"
      leadKey="staking.lead"
      sections={[
        {
          id: 'staking_what',
          titleKey: 'staking.whatTitle',
          bodyKey: 'staking.whatText',
          children: (
            <Link className="btn btn--primary btn--block" to="/px/token">
              {t('staking.tokenLink')}
            </Link>
          ),
        },
        {
          id: 'staking_ton',
          titleKey: 'staking.tonTitle',
          bodyKey: 'staking.tonText',
          children: (
            <a className="btn btn--block" href={TON_SITE} target="_blank" rel="noopener noreferrer">
              {t('staking.tonLink')}
            </a>
          ),
        },
        {
          id: 'staking_risks',
          titleKey: 'staking.risksTitle',
          bodyKey: 'staking.risksText',
          children: (
            <Link className="btn btn--block" to="/terms">
              {t('pages.terms')}
            </Link>
          ),
        },
      ]}
    />
  );
}
