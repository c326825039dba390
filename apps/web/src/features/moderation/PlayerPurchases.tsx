import type { StarsPayment } from '@pixel-wall/shared';
import { productById } from '@pixel-wall/shared/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { formatDate } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { fetchPlayerPayments, refundPayment } from './api.ts';
import { useStaffRole } from './useStaffRole.ts';
import './moderation.css';

/**
 * A player's Stars purchases, for admins only (the server checks again), each with a Refund
 * button until it is refunded; a refunded one shows how many of its items were already used.
 */
export function PlayerPurchases({ userId }: { userId: number }) {
  const me = useAppSelector(selectUser);
  const role = useStaffRole();
  if (!me || role !== 'admin') return null;
  return <PurchaseList userId={userId} />;
}

function PurchaseList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const http = useHttp();
  const dispatch = useAppDispatch();
  const [list, setList] = useState<StarsPayment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    let alive = true;
    fetchPlayerPayments(http, userId).then(
      (payments) => alive && setList(payments),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [http, userId]);

  const refund = async (chargeId: string) => {
    if (busy.current) return;
    busy.current = true;
    setPending(chargeId);
    try {
      const done = await refundPayment(http, chargeId);
      setList((old) => old?.map((p) => (p.chargeId === chargeId ? done.payment : p)) ?? null);
      dispatch(
        showToast(
          t(done.alreadyRefunded ? 'moderation.payments.alreadyRefunded' : 'moderation.payments.refunded'),
          'success',
        ),
      );
    } catch {
      dispatch(showToast(t('moderation.failed'), 'error'));
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  const productName = (p: StarsPayment) => {
    const product = p.productId === null ? undefined : productById(p.productId);
    if (!product) return '—';
    const name = t(`shop.products.${product.key}.name`, { defaultValue: product.name });
    return p.quantity && p.quantity > 1 ? `${name} ×${p.quantity}` : name;
  };

  return (
    <section className="player-purchases" data-testid="player-purchases">
      <h3 className="player-purchases__title">{t('moderation.payments.title')}</h3>
      {failed && <p className="player-purchases__note">{t('moderation.payments.loadFailed')}</p>}
      {list?.length === 0 && <p className="player-purchases__note">{t('moderation.payments.none')}</p>}
      {list && list.length > 0 && (
        <ul className="player-purchases__list">
          {list.map((p) => {
            const used = p.refund ? Object.values(p.refund.alreadyUsed).reduce((a, b) => a + b, 0) : 0;
            return (
              <li key={p.chargeId} className="player-purchases__item" data-testid="player-purchase">
                <span className="player-purchases__what">
                  {productName(p)} · {p.stars} ⭐ · {formatDate(language, p.createdAt)}
                  {p.outcome !== 'fulfilled' && ` · ${t('moderation.payments.notFulfilled')}`}
                </span>
                {p.refund ? (
                  <span className="player-purchases__refunded">
                    {t('moderation.payments.refundedBadge')}
                    {used > 0 && ` · ${t('moderation.payments.used', { count: used })}`}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn player-purchases__refund"
                    aria-busy={pending === p.chargeId}
                    disabled={pending !== null}
                    onClick={() => void refund(p.chargeId)}
                  >
                    {pending === p.chargeId && <span className="spinner" aria-hidden="true" />}
                    {t('moderation.payments.refund')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
