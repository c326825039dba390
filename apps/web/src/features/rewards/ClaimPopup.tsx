import type { UnclaimedList } from '@pixel-wall/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { ProductIcon } from '../shop/ProductIcon.tsx';
import { useProductText } from '../shop/useProductText.ts';
import './rewards.css';
import { claimGoods } from './rewardsApi.ts';

type Goods = UnclaimedList['list'][number];

function GoodsRow({ goods, busy, onClaim }: { goods: Goods; busy: boolean; onClaim(): void }) {
  const { t } = useTranslation();
  const text = useProductText({ id: goods.good_id, name: goods.name, description: '' });
  return (
    <li className="claim-row">
      <ProductIcon productId={goods.good_id} size={40} />
      <span className="claim-row__name">{text.name}</span>
      <button type="button" className="btn btn--primary" aria-busy={busy} onClick={onClaim}>
        {t('rewards.claim')}
      </button>
    </li>
  );
}

/** Goods won but not yet claimed (SPEC §2 claim popup); each row claims into the inventory. */
export function ClaimPopup({ goods, onClose }: { goods: readonly Goods[]; onClose(): void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [left, setLeft] = useState<readonly Goods[]>(goods);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState(false);

  const claim = async (g: Goods) => {
    if (busy !== null) return;
    setBusy(g.id);
    setError(false);
    const ok = await dispatch(claimGoods(g.id));
    setBusy(null);
    if (!ok) {
      setError(true);
      return;
    }
    const rest = left.filter((x) => x.id !== g.id);
    setLeft(rest);
    if (rest.length === 0) onClose();
  };

  return (
    <Popup onClose={onClose} title={t('rewards.claimTitle')} testId="claim-popup">
      <p className="rewards__lead">{t('rewards.claimLead')}</p>
      <ul className="claim-list">
        {left.map((g) => (
          <GoodsRow key={g.id} goods={g} busy={busy === g.id} onClaim={() => void claim(g)} />
        ))}
      </ul>
      {error ? (
        <p className="rewards__error" role="alert">
          {t('rewards.goodsError')}
        </p>
      ) : null}
    </Popup>
  );
}
