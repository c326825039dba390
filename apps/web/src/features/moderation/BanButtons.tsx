import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { type ModerationAction, moderate } from './api.ts';
import { useStaffRole } from './useStaffRole.ts';
import '../../ui/LoadError/load-state.css';
import './moderation.css';

export interface BanButtonsProps {
  userId: number;
  /** After the server confirmed, with the player's new state. */
  onChange?: (banned: boolean) => void;
}

/**
 * Ban and Unban for moderators and admins only (SPEC §6; the server checks again); a tap while one
 * is pending is ignored (SPEC §4).
 */
export function BanButtons({ userId, onChange }: BanButtonsProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectUser);
  const role = useStaffRole();
  const [pending, setPending] = useState<ModerationAction | null>(null);
  const busy = useRef(false);

  if (!me || role === 'player' || me.id === userId) return null;

  const run = async (action: ModerationAction) => {
    if (busy.current) return;
    busy.current = true;
    setPending(action);
    const ok = await moderate(http, action, userId);
    busy.current = false;
    setPending(null);
    if (ok) {
      dispatch(showToast(t(action === 'ban' ? 'moderation.banned' : 'moderation.unbanned'), 'success'));
      onChange?.(action === 'ban');
    } else {
      dispatch(showToast(t('moderation.failed'), 'error'));
    }
  };

  return (
    <span className="ban-buttons" data-testid="ban-buttons">
      {(['ban', 'unban'] as const).map((action) => (
        <button
          key={action}
          type="button"
          className={`btn ban-buttons__${action}`}
          aria-busy={pending === action}
          disabled={pending !== null}
          onClick={() => void run(action)}
        >
          {pending === action && <span className="spinner" aria-hidden="true" />}
          {t(action === 'ban' ? 'moderation.ban' : 'moderation.unban')}
        </button>
      ))}
    </span>
  );
}
