import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Article } from './Article.tsx';

const RULES = ['one', 'respect', 'bots', 'accounts', 'content', 'bugs', 'fairPlay', 'moderation'] as const;

/** /rules: how to play fair on the Wall; breaking them can cost the account. */
export function RulesScreen() {
  const { t } = useTranslation();
  return (
    <Article
      testId="rules-page"
      titleKey="pages.rules"
      leadKey="rules.lead"
      sections={RULES.map((rule, i) => ({
        id: `rules_${rule}`,
        titleKey: `rules.items.${rule}.title`,
        bodyKey: `rules.items.${rule}.text`,
        values: { n: i + 1 },
      }))}
      footer={
        <p className="info__meta">
          {t('rules.seeTerms')}{' '}
          <Link className="info__inline-link" to="/terms">
            {t('pages.terms')}
          </Link>
        </p>
      }
    />
  );
}
