import { useTranslation } from 'react-i18next';
import { Overlay } from '../../ui/Overlay/Overlay.tsx';
import { SecretQuest } from './SecretQuest.tsx';
import './quest.css';

/** The secret-word quest in a sheet of its own, opened from Ghost Pixel's row in the achievements. */
export function QuestSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Overlay open={open} onClose={onClose} title={t('quest.title')} variant="sheet">
      <div className="quest-sheet">
        <SecretQuest />
      </div>
    </Overlay>
  );
}
