import type { ShopProduct } from '@pixel-wall/shared';
import { ProductId } from '@pixel-wall/shared/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { selectPublicConfig } from '../../store/configSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { goodsCount, useShop } from '../../store/shopStore.ts';
import { selectShopProduct, shopProductCleared } from '../../store/uiSlice.ts';
import { activeWallColor, snapColor } from '../../ui/colors.ts';
import { CurrencyChoice } from './CurrencyChoice.tsx';
import {
  defaultCurrency,
  limitedOffers,
  normaliseCurrency,
  offeredCurrencies,
  opensCard,
  shopRows,
} from './catalogue.ts';
import { ProductRow } from './ProductRow.tsx';
import { PurchasePopup } from './PurchasePopup.tsx';
import { StarsArt } from './StarsArt.tsx';
import './shop.css';

/** SPEC §2 /stars: the stars picture, the copy, the currency picker (web), the rows, pay support. */
export function ShopScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platform = usePlatform();
  const signedIn = useAppSelector(selectSignedIn);
  const requested = useAppSelector(selectShopProduct);
  const shop = useShop();
  const colorsUnlocked = goodsCount(shop.goods, ProductId.AllColors) > 0;
  const pxDefault = useAppSelector(selectPublicConfig)?.pxDefaultCurrency === true;
  // The default follows the public config (it may arrive after the shop opened) until the player picks.
  const [chosen, setCurrency] = useState<number | null>(null);
  const currency = chosen ?? defaultCurrency(platform.kind, pxDefault);
  const [open, setOpen] = useState<ShopProduct | null>(null);

  const currencies = useMemo(
    () => offeredCurrencies(platform.kind, shop.products),
    [platform.kind, shop.products],
  );
  const rows = useMemo(() => shopRows(shop.products), [shop.products]);
  const limited = useMemo(() => limitedOffers(shop.products, Date.now()), [shop.products]);
  const telegram = platform.kind === 'telegram';

  // A product asked for elsewhere (energy over, an empty boost) opens as soon as the list is here.
  useEffect(() => {
    if (requested === null || shop.status !== 'fulfilled') return;
    const product = shop.products.find((p) => p.id === requested);
    if (product && opensCard(product, shop.goods)) setOpen(product);
    dispatch(shopProductCleared());
  }, [requested, shop.status, shop.products, shop.goods, dispatch]);

  const row = (p: ShopProduct) => (
    <ProductRow
      key={p.id}
      product={p}
      currencyId={currency}
      owned={goodsCount(shop.goods, p.id)}
      disabled={!opensCard(p, shop.goods)}
      onOpen={() => setOpen(p)}
    />
  );

  return (
    <section className="page shop" data-testid="shop">
      <div className="shop__hero panel">
        <StarsArt />
        <div className="shop__tabs" role="presentation">
          <h1 className="shop__tab pixel-text">{telegram ? t('pages.starShop') : t('pages.tonShop')}</h1>
        </div>
        <p className="shop__lead">{t('shop.lead')}</p>
        <p className="shop__sub">{t('shop.sub')}</p>
      </div>

      {telegram ? null : (
        <div className="shop__currency">
          <CurrencyChoice
            currencies={currencies}
            value={normaliseCurrency(platform.kind, currency)}
            onChange={setCurrency}
            label={t('shop.currency')}
            testId="currency-picker"
          />
        </div>
      )}
      <p className="shop__saving">{t('shop.saving')}</p>
      {signedIn ? null : <p className="shop__note">{t('shop.signInToBuy')}</p>}

      {shop.status === 'rejected' && shop.products.length === 0 ? (
        <div className="shop__failed" role="alert">
          <p>{t('shop.loadFailed')}</p>
          <button type="button" className="btn" onClick={shop.reload}>
            {t('common.retry')}
          </button>
        </div>
      ) : shop.products.length === 0 ? (
        <ul className="shop__rows" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="shop-row shop-row--skeleton" />
          ))}
        </ul>
      ) : (
        <>
          {limited.length > 0 ? (
            <>
              <h2 className="shop__section pixel-text">{t('shop.limitedTitle')}</h2>
              <ul className="shop__rows">{limited.map(row)}</ul>
            </>
          ) : null}
          <ul className="shop__rows" data-testid="shop-rows">
            {rows.map(row)}
          </ul>
        </>
      )}

      <Link to="/pay-support" className="btn btn--block shop__support" data-testid="pay-support">
        {t('shop.paySupport')}
      </Link>

      {open ? (
        <PurchasePopup
          product={open}
          currencies={currencies}
          initialCurrency={normaliseCurrency(platform.kind, currency)}
          initialColor={snapColor(activeWallColor(), colorsUnlocked)}
          colorsUnlocked={colorsUnlocked}
          onClose={() => {
            setOpen(null);
            shop.reload();
          }}
        />
      ) : null}
    </section>
  );
}
