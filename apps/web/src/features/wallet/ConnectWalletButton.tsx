import type { TonCaptcha } from '@pixel-wall/shared';
import { TON_PROOF_FAILED_TEXT } from '@pixel-wall/shared/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { errorText } from '../../ui/failureText.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { answerCaptcha, connectWallet, relinkWallet } from './connect.ts';
import type { InjectedWallet } from './connector.ts';
import { useWalletConnector } from './WalletContext.tsx';
import './wallet.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'pending' }
  /** wallets injected into the page, offered before TON Connect's list */
  | { kind: 'choose'; wallets: InjectedWallet[] }
  | { kind: 'captcha'; captcha: TonCaptcha; address: string };

/**
 * 'Connect TON wallet': proof payload → wallet list → proof check (SPEC §4), with the texts of
 * SPEC §8, and the captcha the server asks for after repeated failures. Wallets injected into the
 * page come first, each connected over its own bridge; TON Connect's list holds the rest.
 */
export function ConnectWalletButton({
  onConnected,
  variant = 'button',
  relinkLive = false,
}: {
  onConnected?: () => void;
  /** 'menu': an entry of the side menu rather than a full-width button */
  variant?: 'button' | 'menu';
  /** first link the wallet live in this browser's TON Connect session, if the server verified it */
  relinkLive?: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const connector = useWalletConnector();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [answer, setAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState<string | null>(null);

  const start = async () => {
    if (step.kind === 'pending') return;
    setStep({ kind: 'pending' });
    const live = relinkLive ? await connector.current().catch(() => null) : null;
    if (live && (await dispatch(relinkWallet(live.address)))) {
      setStep({ kind: 'idle' });
      dispatch(showToast(t('wallet.success'), 'success'));
      onConnected?.();
      return;
    }
    const wallets = await connector.injectedWallets().catch(() => []);
    if (wallets.length > 0) setStep({ kind: 'choose', wallets });
    else await connect();
  };

  const connect = async (via?: InjectedWallet) => {
    setStep({ kind: 'pending' });
    const outcome = await dispatch(connectWallet(connector, via));
    if (outcome.kind === 'captcha') {
      setAnswer('');
      setCaptchaError(null);
      setStep({ kind: 'captcha', captcha: outcome.captcha, address: outcome.address });
      return;
    }
    setStep({ kind: 'idle' });
    if (outcome.kind === 'connected') {
      dispatch(showToast(t('wallet.success'), 'success'));
      onConnected?.();
    } else if (outcome.kind === 'failed') {
      const text =
        outcome.reason === 'payload'
          ? t('wallet.payloadFailed')
          : outcome.code
            ? errorText(t, outcome, 'wallet.proofFailed')
            : t('wallet.proofFailed', { defaultValue: TON_PROOF_FAILED_TEXT });
      dispatch(showToast(text, 'error'));
    }
  };

  const submitCaptcha = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'captcha' || !answer.trim()) return;
    const result = await dispatch(answerCaptcha(step.captcha, step.address, answer.trim()));
    if (result.kind === 'solved') {
      setStep({ kind: 'idle' });
      dispatch(showToast(t('wallet.captchaSolved'), 'success'));
    } else {
      setCaptchaError(result.code ? errorText(t, result, 'serverErrors.CAPTCHA_WRONG') : result.message);
      setAnswer('');
    }
  };

  if (step.kind === 'captcha') {
    return (
      <form className="wallet-captcha" onSubmit={(e) => void submitCaptcha(e)} data-testid="wallet-captcha">
        <label className="wallet-captcha__label" htmlFor="wallet-captcha-input">
          {t('wallet.captchaTitle')} <b className="pixel-num">{step.captcha.question}</b>
        </label>
        <div className="wallet-captcha__row">
          <input
            id="wallet-captcha-input"
            className="wallet-captcha__input"
            inputMode="numeric"
            autoComplete="off"
            value={answer}
            maxLength={16}
            onChange={(e) => setAnswer(e.currentTarget.value)}
          />
          <button type="submit" className="btn btn--primary" disabled={!answer.trim()}>
            {t('wallet.captchaSend')}
          </button>
        </div>
        {captchaError ? (
          <p className="wallet-captcha__error" role="alert">
            {captchaError}
          </p>
        ) : null}
      </form>
    );
  }

  if (step.kind === 'choose') {
    return (
      <div className="wallet-choice" data-testid="wallet-choice">
        {step.wallets.map((w) => (
          <button
            key={w.key}
            type="button"
            className="btn btn--primary btn--block wallet-connect"
            data-testid={`wallet-option-${w.key}`}
            onClick={() => void connect(w)}
          >
            {w.imageUrl ? (
              <img
                className="wallet-choice__icon"
                src={w.imageUrl}
                alt=""
                width={24}
                height={24}
                onError={(e) => {
                  e.currentTarget.hidden = true;
                }}
              />
            ) : (
              <TonMark />
            )}
            {w.name}
          </button>
        ))}
        <button
          type="button"
          className="btn btn--block wallet-connect"
          data-testid="wallet-option-list"
          onClick={() => void connect()}
        >
          {t('wallet.otherWallets', { defaultValue: 'Other wallets' })}
        </button>
      </div>
    );
  }

  if (variant === 'menu') {
    return (
      <button
        type="button"
        className="side-menu__link"
        data-testid="connect-wallet"
        disabled={step.kind === 'pending'}
        aria-busy={step.kind === 'pending'}
        onClick={() => void start()}
      >
        {step.kind === 'pending' ? (
          <span className="wallet-menu__spinner" aria-hidden="true">
            <span className="spinner" />
          </span>
        ) : (
          <Icon name="wallet" size={24} />
        )}
        <span className="side-menu__text">{t('menu.connectWallet')}</span>
        <Icon name="chevron" size={18} className="side-menu__chevron" />
      </button>
    );
  }

  return (
    <button
      type="button"
      className="btn btn--primary btn--block wallet-connect"
      data-testid="connect-wallet"
      disabled={step.kind === 'pending'}
      aria-busy={step.kind === 'pending'}
      onClick={() => void start()}
    >
      {step.kind === 'pending' ? <span className="spinner" aria-hidden="true" /> : <TonMark />}
      {t('wallet.connect')}
    </button>
  );
}

/** The TON diamond, in pixels. */
export function TonMark({ size = 18 }: { size?: number }) {
  return (
    <svg viewBox="0 0 8 8" width={size} height={size} shapeRendering="crispEdges" aria-hidden="true">
      <path d="M0 1h8v1h-1v1h-1v2h-1v2h-2v-2h-1v-2h-1v-1h-1z" fill="currentColor" />
      <path d="M3 2h2v3h-2z" fill="rgb(0 0 0 / 0.25)" />
    </svg>
  );
}
