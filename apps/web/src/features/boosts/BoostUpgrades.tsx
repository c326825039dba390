import type { BoostId } from '@pixel-wall/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectMining } from '../../store/miningSlice.ts';
import { showToast } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import type { GlyphName } from '../../ui/icons/glyphs.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { type BoostRow, boostRows, formatBoostValue, upgradeBoost } from './upgrades.ts';
import './boosts.css';

const GLYPH: Readonly<Record<BoostId, GlyphName>> = {
  paintReward: 'coin',
  rechargeSpeed: 'hourglass',
  energyLimit: 'bolt',
};

function UpgradeRow({ row, busy, onUpgrade }: { row: BoostRow; busy: boolean; onUpgrade(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const price = row.pricePx === null ? null : format.integer(row.pricePx);
  const top = price === null;
  return (
    <li className="boost-upgrade" data-testid={`boost-upgrade-${row.id}`}>
      <span className="boost-upgrade__icon" aria-hidden="true">
        <Icon name={GLYPH[row.id]} size={24} />
      </span>
      <span className="boost-upgrade__what">
        <strong className="boost-upgrade__name">{t(`boosts.upgrade.${row.id}`)}</strong>
        <span className="boost-upgrade__level pixel-num" data-testid={`boost-level-${row.id}`}>
          {t('boosts.upgrade.level', {
            level: format.integer(row.level),
            max: format.integer(row.maxLevel),
          })}
        </span>
        <span className="boost-upgrade__value pixel-num">
          {formatBoostValue(format, row.id, row.value)}
          {row.nextValue !== null ? ` → ${formatBoostValue(format, row.id, row.nextValue)}` : ''}
        </span>
      </span>
      <button
        type="button"
        className={`btn${row.affordable ? ' btn--primary' : ''} boost-upgrade__buy`}
        data-testid={`boost-buy-${row.id}`}
        disabled={top || busy}
        aria-busy={busy}
        aria-label={
          top
            ? t('boosts.upgrade.maxed')
            : t('boosts.upgrade.buyLabel', { name: t(`boosts.upgrade.${row.id}`), price })
        }
        onClick={onUpgrade}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {top ? t('boosts.upgrade.maxed') : `${price} PX`}
      </button>
    </li>
  );
}

/**
 * The boosts bought with PX (mining sheet): level, what it gives now and next, and the price.
 * A press the balance does not cover explains how much is missing instead of calling the server.
 */
export function BoostUpgrades() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectMining);
  const user = useAppSelector(selectUser);
  const [busy, setBusy] = useState<BoostId | null>(null);
  // The level just bought shows at once, before the status refresh comes back.
  const [bought, setBought] = useState<Partial<Record<BoostId, number>>>({});
  const pixelCoins = user?.pixelCoins ?? 0;
  const levels = status
    ? {
        ...status,
        boosts: status.boosts.map((b) => ({ ...b, level: Math.max(b.level, bought[b.id as BoostId] ?? 0) })),
      }
    : null;
  const rows = boostRows(levels, pixelCoins);

  const upgrade = async (row: BoostRow) => {
    if (busy !== null || row.pricePx === null) return;
    if (!row.affordable) {
      dispatch(
        showToast(t('boosts.upgrade.poor', { missing: format.integer(row.pricePx - pixelCoins) }), 'error'),
      );
      return;
    }
    setBusy(row.id);
    const outcome = await dispatch(upgradeBoost(row.id, row.level));
    setBusy(null);
    if (outcome.kind === 'upgraded') {
      setBought((b) => ({ ...b, [row.id]: outcome.result.level }));
      dispatch(showToast(t('boosts.upgrade.done', { name: t(`boosts.upgrade.${row.id}`) }), 'success'));
    } else if (outcome.kind === 'poor') {
      dispatch(
        showToast(t('boosts.upgrade.poor', { missing: format.integer(row.pricePx - pixelCoins) }), 'error'),
      );
    } else if (outcome.kind === 'failed') {
      dispatch(showToast(t('boosts.upgrade.failed'), 'error'));
    }
  };

  return (
    <section className="boost-upgrades" aria-label={t('boosts.upgrade.title')} data-testid="boost-upgrades">
      <div className="boost-upgrades__head">
        <h3 className="boost-upgrades__title pixel-text">{t('boosts.upgrade.title')}</h3>
        <span className="boost-upgrades__balance pixel-num" data-testid="boost-balance">
          {t('boosts.upgrade.balance', { px: format.integer(pixelCoins) })}
        </span>
      </div>
      <ul className="boost-upgrades__list">
        {rows.map((row) => (
          <UpgradeRow key={row.id} row={row} busy={busy === row.id} onUpgrade={() => void upgrade(row)} />
        ))}
      </ul>
    </section>
  );
}
