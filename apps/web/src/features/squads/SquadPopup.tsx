import { truncateSquadName } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { popupPopped } from '../../store/uiSlice.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { Overlay } from '../../ui/Overlay/Overlay.tsx';
import { SquadView } from './SquadView.tsx';
import { useSquad } from './useSquad.ts';

export interface SquadPopupProps {
  squadId: number;
  /** The referrer-squad welcome: a greeting, and the popup closes once the player joined. */
  welcome?: boolean;
}

/** SPEC §2 squad popup (ratings, painter popup) and the referrer-squad welcome popup. */
export function SquadPopup({ squadId, welcome = false }: SquadPopupProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, data: squad, retry: reload } = useSquad(squadId);
  const close = () => dispatch(popupPopped());

  let body = <SkeletonBlock height={260} />;
  if (squad) {
    body = (
      <>
        {welcome && (
          <p className="squad-welcome__lead">
            {t('squads.welcomeLead', { name: truncateSquadName(squad.name) })}
          </p>
        )}
        <SquadView squad={squad} onChanged={welcome ? close : reload} />
      </>
    );
  } else if (status === 'rejected') {
    body = <LoadError text={t('squads.loadFailed')} onRetry={reload} />;
  }

  return (
    <Overlay
      open
      onClose={close}
      title={welcome ? t('squads.welcomeTitle') : t('squads.squadTitle')}
      variant="sheet"
    >
      <div className="squad-popup" data-testid={welcome ? 'squad-welcome' : 'squad-popup'}>
        {body}
      </div>
    </Overlay>
  );
}
