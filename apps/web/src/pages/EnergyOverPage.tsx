import { formatCountdown, ProductId } from '@pixel-wall/shared/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveCharges } from '../features/mining/useLiveCharges.ts';
import { useFormat } from '../i18n/format.ts';
import { usePlatform } from '../platform/PlatformContext.tsx';
import type { LiveCharges } from '../store/charges.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { fetchMiningStatus, selectMiningLoad } from '../store/miningSlice.ts';
import { selectSignedIn } from '../store/sessionSlice.ts';
import { shopProductRequested } from '../store/uiSlice.ts';
import { Icon } from '../ui/icons/Icon.tsx';
import './EnergyOverPage.css';
import { energyOverBack, energyOverTitle, energyOverView } from './energyOverState.ts';

/** Cells drawn in the meter; beyond this the count alone tells the story. */
const MAX_CELLS = 24;

function ChargeMeter({ live }: { live: LiveCharges }) {
  const { t } = useTranslation();
  const format = useFormat();
  const cells = Math.min(live.maxCharges, MAX_CELLS);
  const filled = Math.min(cells, live.charges);
  return (
    <div className="energy-meter">
      <span className="energy-meter__label">{t('energyOver.charges')}</span>
      <span className="energy-meter__count pixel-num" data-testid="charges">
        {format.integer(live.charges)}/{format.integer(live.maxCharges)}
      </span>
      <span className="energy-meter__cells" aria-hidden="true">
        {Array.from({ length: cells }, (_, cell) => cell).map((cell) => (
          <span
            key={cell}
            className={cell < filled ? 'energy-meter__cell energy-meter__cell--on' : 'energy-meter__cell'}
          />
        ))}
      </span>
    </div>
  );
}

function Options({ live, onShop }: { live: LiveCharges; onShop: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  // SPEC §1: the shop is the Star Shop in Telegram and the TON Shop on the web, named as the
  // menu and the shop's own title name it.
  const telegram = usePlatform().kind === 'telegram';
  return (
    <ul className="energy-options">
      <li className="energy-option">
        <Icon name="hourglass" size={36} className="energy-option__icon" />
        <div className="energy-option__body">
          <strong className="energy-option__title pixel-text">{t('energyOver.justWait')}</strong>
          <span className="energy-option__text">{t('energyOver.justWaitText')}</span>
          <span className="energy-option__text">
            {t('energyOver.perCharge')}:{' '}
            <b className="pixel-num">{format.duration(live.reChargeSpeed, ['minute', 'second'], true)}</b>
          </span>
          {live.charges === 0 ? (
            <span className="energy-option__timer" role="timer" aria-live="off">
              {t('energyOver.nextCharge')}: <b className="pixel-num">{formatCountdown(live.msToNext)}</b>
            </span>
          ) : (
            <span className="energy-option__ready">{t('energyOver.ready')}</span>
          )}
        </div>
      </li>
      <li>
        <button type="button" className="energy-option energy-option--action" onClick={onShop}>
          <Icon name="star" size={36} className="energy-option__icon energy-option__icon--star" />
          <span className="energy-option__body">
            <strong className="energy-option__title pixel-text">
              {telegram ? t('energyOver.useShop') : t('energyOver.useTonShop')}
            </strong>
            <span className="energy-option__text">{t('energyOver.useShopText')}</span>
          </span>
          <Icon name="chevron" size={18} />
        </button>
      </li>
    </ul>
  );
}

/** SPEC §2 /energy-over: charges, time per charge, a countdown at 0, and the ways forward. */
export function EnergyOverPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSignedIn);
  const load = useAppSelector(selectMiningLoad);
  const live = useLiveCharges();

  useEffect(() => {
    if (signedIn && load === 'idle') void dispatch(fetchMiningStatus());
  }, [signedIn, load, dispatch]);

  const openShop = () => {
    dispatch(shopProductRequested(ProductId.Restoring));
    navigate('/stars');
  };

  const view = energyOverView(signedIn, load, live);
  let body: ReactNode;
  if (view.kind === 'guest') {
    body = <p className="energy-over__note">{t('energyOver.guest')}</p>;
  } else if (view.kind === 'full') {
    body = (
      <>
        <ChargeMeter live={view.live} />
        <p className="energy-over__note" data-testid="energy-full">
          {t('energyOver.ready')}
        </p>
      </>
    );
  } else if (view.kind === 'empty' || view.kind === 'charged') {
    body = (
      <>
        <ChargeMeter live={view.live} />
        <Options live={view.live} onShop={openShop} />
      </>
    );
  } else if (view.kind === 'failed') {
    body = (
      <div className="energy-over__note" role="alert">
        <p>{t('energyOver.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void dispatch(fetchMiningStatus())}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    body = (
      <div className="energy-over__skeleton" role="status" aria-busy="true">
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }

  return (
    <section className={`page energy-over energy-over--${view.kind}`}>
      <div className="energy-over__art" aria-hidden="true">
        <Icon name="bolt" size={48} />
      </div>
      <h1 className="page__title pixel-text">{t(energyOverTitle(view))}</h1>
      {body}
      <button
        type="button"
        className="btn btn--primary btn--block energy-over__okay"
        onClick={() => navigate('/')}
      >
        {t(energyOverBack(view))}
      </button>
    </section>
  );
}
