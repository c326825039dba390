import type { Currency, ShopProduct } from '@pixel-wall/shared';
import { CurrencyId, formatBuyPrice, isBasicColor, PALETTE } from '@pixel-wall/shared/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { ConnectWalletButton } from '../wallet/ConnectWalletButton.tsx';
import { sameAddress } from '../wallet/connect.ts';
import { VerifyByTransferButton } from '../wallet/VerifyByTransferButton.tsx';
import { useWalletAccount, useWalletConnector } from '../wallet/WalletContext.tsx';
import { CurrencyChoice } from './CurrencyChoice.tsx';
import { badgesOf, currencyCode, regularPrice, totalFor } from './catalogue.ts';
import { Particles } from './Particles.tsx';
import { ProductIcon } from './ProductIcon.tsx';
import {
  buyWithCrypto,
  buyWithStars,
  PURCHASE_IDLE,
  type PurchaseError,
  type PurchaseResult,
  purchaseReducer,
} from './purchase.ts';
import { QuantitySlider } from './QuantitySlider.tsx';
import { ShopBadges } from './ShopBadges.tsx';
import { useProductText } from './useProductText.ts';

export interface PurchasePopupProps {
  product: ShopProduct;
  currencies: readonly Currency[];
  initialCurrency: number;
  /** the colour Pixanos' Snap starts with */
  initialColor: string;
  /** All colours owned: Pixanos' Snap may take any palette colour, else the basic line only */
  colorsUnlocked?: boolean;
  onClose(): void;
}

const ERROR_KEYS: Record<PurchaseError, string> = {
  stars: 'shop.errorStars',
  starsNeedTelegram: 'shop.errorStarsNeedTelegram',
  crypto: 'shop.errorCrypto',
  wrongCurrency: 'shop.errorWrongCurrency',
  walletNeeded: 'shop.errorWalletNeeded',
};

/** SPEC §2 purchase popup: quantity, currency, colour for Pixanos' Snap, total, and buying. */
export function PurchasePopup({
  product,
  currencies,
  initialCurrency,
  initialColor,
  colorsUnlocked = false,
  onClose,
}: PurchasePopupProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const connector = useWalletConnector();
  const text = useProductText(product);
  const [qty, setQty] = useState(1);
  const [currency, setCurrency] = useState(initialCurrency);
  const [color, setColor] = useState(initialColor);
  const [state, send] = useReducer(purchaseReducer, PURCHASE_IDLE);
  const stateRef = useRef(state);
  stateRef.current = state;

  const crypto = currency !== CurrencyId.Stars;
  const { account, restoring } = useWalletAccount(crypto);
  const walletReady = account !== null && sameAddress(account.address, user?.walletAddress);
  const count = product.isOnePiece ? 1 : qty;
  const total = totalFor(product, currency, count);
  const regular = regularPrice(product, currency);
  const regularTotal = total === null || regular === null ? null : formatBuyPrice(regular, count);
  const badges = badgesOf(product, currency);
  const alive = useRef(true);
  // Set again on every mount: StrictMode mounts, unmounts and mounts effects once more.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const press = useCallback(async () => {
    const current = stateRef.current;
    if (current.phase === 'pending') return;
    if (current.phase === 'success') {
      send({ type: 'press', channel: current.channel });
      onClose();
      return;
    }
    const channel = crypto ? 'crypto' : 'stars';
    send({ type: 'press', channel });
    stateRef.current = { phase: 'pending', channel };
    const order = {
      productId: product.id,
      qty: product.isOnePiece ? 1 : qty,
      currencyId: currency,
      ...(product.id === 13 ? { pixanosColor: color } : {}),
      ...(product.limited ? { daily: true } : {}),
    };
    const result: PurchaseResult = await dispatch(
      crypto ? buyWithCrypto(order, connector, account) : buyWithStars(order),
    );
    if (alive.current) send({ type: 'settled', result });
  }, [crypto, product, qty, currency, color, dispatch, connector, account, onClose]);

  const pending = state.phase === 'pending';
  const success = state.phase === 'success';
  const changeCurrency = (id: number) => {
    if (pending) return;
    setCurrency(id);
    send({ type: 'reset' });
  };

  let buyLabel: string;
  if (pending) buyLabel = t('shop.buyPending');
  else if (success) buyLabel = t('shop.buyDone');
  else if (total !== null)
    buyLabel = t('shop.buyFor', { price: `${format.decimal(total)} ${currencyCode(currency)}` });
  // Not shown: there is no buy button without a price.
  else buyLabel = t('shop.notAvailable');

  // SPEC §2/§5: no price in this currency is Not available, with no way to buy (nor a wallet to
  // connect for it): only a currency that has a price is offered instead.
  const unavailable = total === null && !success;
  const alternative = unavailable
    ? (currencies.find((c) => totalFor(product, c.id, 1) !== null) ?? null)
    : null;
  const needsWallet = crypto && signedIn && !walletReady && !success;
  return (
    <Popup onClose={onClose} title={text.name} testId="purchase-popup" className="purchase">
      {success ? <Particles /> : null}
      <div className="purchase__hero">
        <ProductIcon productId={product.id} qty={qty} size={96} />
        <div className="purchase__badges">
          <ShopBadges badges={badges} />
        </div>
      </div>
      <p className="purchase__desc">{text.description}</p>

      {product.isOnePiece ? null : <QuantitySlider value={qty} onChange={(v) => !pending && setQty(v)} />}

      <div className="purchase__field">
        <span className="purchase__label">{t('shop.currency')}</span>
        <CurrencyChoice
          currencies={currencies}
          value={currency}
          onChange={changeCurrency}
          label={t('shop.currency')}
          testId="popup-currency"
        />
      </div>

      {product.id === 13 ? (
        <div className="purchase__field">
          <span className="purchase__label">{t('shop.snapColor')}</span>
          <fieldset className="purchase__colors">
            <legend className="visually-hidden">{t('shop.snapColor')}</legend>
            {PALETTE.map((c) => {
              // The server refuses a locked colour (COLOR_LOCKED): it is shown, not offered.
              const locked = !colorsUnlocked && !isBasicColor(c);
              return (
                <button
                  key={c}
                  type="button"
                  aria-pressed={c === color}
                  aria-label={c}
                  disabled={locked}
                  className={`purchase__swatch${c === color ? ' is-active' : ''}${locked ? ' is-locked' : ''}`}
                  style={{ background: c }}
                  onClick={() => !pending && !locked && setColor(c)}
                />
              );
            })}
          </fieldset>
        </div>
      ) : null}

      <div className="purchase__total" data-testid="purchase-total">
        <span className="purchase__label">{t('shop.total')}</span>
        {total === null ? (
          <strong className="purchase__na">{t('shop.notAvailable')}</strong>
        ) : (
          <span className="purchase__amount">
            {regularTotal === null ? null : (
              <s className="purchase__regular pixel-num" data-testid="purchase-regular">
                <span className="visually-hidden">{t('shopSale.regularPrice')} </span>
                {format.decimal(regularTotal)} {currencyCode(currency)}
              </s>
            )}
            <strong className="pixel-num purchase__price">
              {format.decimal(total)} {currencyCode(currency)}
            </strong>
          </span>
        )}
      </div>

      {state.phase === 'failed' ? (
        <div className="purchase__error" role="alert" data-testid="purchase-error">
          <p>{t(ERROR_KEYS[state.error])}</p>
          {state.error === 'starsNeedTelegram' && currencies.some((c) => c.id === CurrencyId.TON) ? (
            <button type="button" className="btn" onClick={() => changeCurrency(CurrencyId.TON)}>
              {t('shop.payWithTon')}
            </button>
          ) : null}
        </div>
      ) : null}
      {success ? (
        <p className="purchase__success pixel-text" role="status" data-testid="purchase-success">
          {state.channel === 'stars' ? t('shop.successStars') : t('shop.successCrypto')}
        </p>
      ) : null}

      {unavailable ? (
        <div className="purchase__unavailable" data-testid="purchase-unavailable">
          <p className="purchase__note">{t('shop.noPriceIn', { currency: currencyCode(currency) })}</p>
          {alternative ? (
            <button type="button" className="btn btn--block" onClick={() => changeCurrency(alternative.id)}>
              {t('shop.payWith', { currency: currencyCode(alternative.id) })}
            </button>
          ) : null}
        </div>
      ) : !signedIn ? (
        <p className="purchase__note">{t('shop.signInToBuy')}</p>
      ) : needsWallet ? (
        restoring ? (
          <p className="purchase__note">{t('common.loading')}</p>
        ) : (
          <>
            <ConnectWalletButton />
            {/* A wallet connected here that the server has not verified: a transfer proves it. */}
            {account !== null ? <VerifyByTransferButton address={account.address} /> : null}
          </>
        )
      ) : (
        <button
          type="button"
          className={`btn btn--primary btn--block purchase__buy${pending ? ' is-pending' : ''}`}
          data-testid="buy-button"
          aria-busy={pending}
          aria-disabled={pending}
          onClick={() => void press()}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {buyLabel}
        </button>
      )}
    </Popup>
  );
}
