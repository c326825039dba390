import { useTranslation } from 'react-i18next';
import { GetTab } from './GetTab.tsx';
import { LedgerTab } from './LedgerTab.tsx';
import { PxTabs } from './PxTabs.tsx';
import { RoadmapTab } from './RoadmapTab.tsx';
import { TokenTab } from './TokenTab.tsx';
import type { PxTab } from './tabs.ts';
import './px.css';

/** SPEC §2 /px: the PX token's market, tokenomics, roadmap, buyback, burn, fund and where to get it. */
export function PxScreen({ tab }: { tab: PxTab }) {
  const { t } = useTranslation();
  return (
    <section className="page px" data-testid={`px-${tab}`}>
      <h1 className="page__title pixel-text">{t('pages.px')}</h1>
      <PxTabs current={tab} />
      {tab === 'token' && <TokenTab />}
      {tab === 'roadmap' && <RoadmapTab />}
      {(tab === 'buyback' || tab === 'burn' || tab === 'fund') && <LedgerTab key={tab} kind={tab} />}
      {tab === 'get' && <GetTab />}
    </section>
  );
}
