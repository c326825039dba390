import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppSelector } from '../../store/hooks.ts';

/** Squads are joined through the bot (SPEC §2); without a bot, the squad page explains how. */
export function JoinSquadButton() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const bot = useAppSelector(selectPublicConfig)?.botUsername ?? null;
  if (!bot) {
    return (
      <Link to="/my-squad" className="btn btn--primary btn--block" data-testid="join-squad">
        {t('ratings.joinSquad')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      data-testid="join-squad"
      onClick={() => platform.openLink(`https://t.me/${bot}`)}
    >
      {t('ratings.joinSquad')}
    </button>
  );
}
