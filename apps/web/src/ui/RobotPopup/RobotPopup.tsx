import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { fetchMe, selectUserStatus } from '../../store/userSlice.ts';
import { PixelLogo } from '../PixelLogo.tsx';
import './RobotPopup.css';

/** Shown instead of the whole app while the robot flag is up (see `useRobotFlag`). */
export function RobotPopup() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectUserStatus);
  return (
    <main className="robot" data-testid="robot-popup">
      <div
        className="robot__card panel"
        role="alertdialog"
        aria-labelledby="robot-title"
        aria-describedby="robot-text"
      >
        <PixelLogo size={64} />
        <h1 id="robot-title" className="robot__title pixel-text">
          {t('robot.title')}
        </h1>
        <p id="robot-text" className="robot__text">
          {t('robot.text')}
        </p>
        <button
          type="button"
          className="btn btn--primary"
          aria-busy={status === 'pending'}
          disabled={status === 'pending'}
          onClick={() => void dispatch(fetchMe())}
        >
          {t('robot.retry')}
        </button>
      </div>
    </main>
  );
}
