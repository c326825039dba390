import { useTranslation } from 'react-i18next';
import { Overlay } from '../../ui/Overlay/Overlay.tsx';
import { BoostUpgrades } from '../boosts/BoostUpgrades.tsx';
import { TokenRewards } from '../rewards/TokenRewards.tsx';
import { MiningCard } from './MiningCard.tsx';
import { MiningResults } from './MiningResults.tsx';
import { SecretQuest } from './SecretQuest.tsx';
import './mining.css';

/**
 * Mining, the boosts bought with PX, the tasks (the secret-word quest) and token rewards in one
 * sheet, opened from the Wall's PX counter.
 */
export function MiningSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Overlay open={open} onClose={onClose} title={t('mining.title')} variant="sheet">
      <div className="mining-sheet">
        <MiningCard />
        <BoostUpgrades />
        <MiningResults />
        <h3 className="mining-sheet__title pixel-text">{t('quest.tasksTitle')}</h3>
        <SecretQuest />
        <h3 className="mining-sheet__title pixel-text">{t('rewards.tokensTitle')}</h3>
        <TokenRewards />
      </div>
    </Overlay>
  );
}
