import type { RevshareResponse, RevshareRow, User } from '@pixel-wall/shared';
import { currencyById, CurrencyId, GAME_DEFAULTS } from '@pixel-wall/shared/core';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { errorText, failureText } from '../../ui/failureText.ts';
import { Icon } from '../../ui/icons/Icon.tsx';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { loadRevshare } from './api.ts';
import { useBalanceShare } from './useBalanceShare.ts';

const MIN_FRIENDS = GAME_DEFAULTS.revenueShareMinFriends;

function isLocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'REVSHARE_LOCKED';
}

/**
 * SPEC §9 revenue share on /invite-frens: from 10,000 frens what they bought, per currency, and
 * the balance share; below that the refusal of SPEC §8 and how far the player is. The call is made
 * only from 10,000 frens (SPEC §5); the server's 403 shows the same locked state.
 */
export function RevenueShare({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className="invite__section" aria-labelledby="revshare-title" data-testid="revshare">
      <h2 id="revshare-title" className="invite__title pixel-text">
        {t('revshare.title')}
      </h2>
      {user.friends >= MIN_FRIENDS ? (
        <RevshareLoaded friends={user.friends} />
      ) : (
        <RevshareLocked friends={user.friends} />
      )}
    </section>
  );
}

function RevshareLocked({ friends }: { friends: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="revshare revshare--locked panel" data-testid="revshare-locked">
      <p className="revshare__refusal">
        <Icon name="lock" size={20} />
        <span>{t('serverErrors.REVSHARE_LOCKED')}</span>
      </p>
      <p className="revshare__hint">{t('revshare.lockedHint', { min: format.integer(MIN_FRIENDS) })}</p>
      <div className="revshare__progress">
        <span>{t('revshare.frens')}</span>
        <span className="pixel-num revshare__count" data-testid="revshare-frens">
          {format.integer(friends)} / {format.integer(MIN_FRIENDS)}
        </span>
      </div>
    </div>
  );
}

function RevshareLoaded({ friends }: { friends: number }) {
  const { t } = useTranslation();
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadRevshare(http, signal), [http]);
  const revshare = useAsync<RevshareResponse>(load);
  const { update } = revshare;
  const onSaved = useCallback(
    (percent: number) => update((data) => ({ ...data, balance_share_percent: percent })),
    [update],
  );

  if (revshare.data === null) {
    if (revshare.status === 'rejected') {
      if (isLocked(revshare.error)) return <RevshareLocked friends={friends} />;
      return (
        <LoadError text={failureText(t, revshare.error, 'revshare.loadFailed')} onRetry={revshare.retry} />
      );
    }
    return <SkeletonBlock height={240} />;
  }
  return (
    <div className="revshare panel" data-testid="revshare-open">
      <RevshareTable rows={revshare.data.list} />
      <BalanceShareSetting saved={revshare.data.balance_share_percent} onSaved={onSaved} />
    </div>
  );
}

/** Stars and PX have their own icons; any other currency shows the first letter of its code. */
function CurrencyName({ id }: { id: number }) {
  const currency = currencyById(id);
  let mark = (
    <span className="revshare__mark pixel-num" aria-hidden="true">
      {(currency?.code ?? '?').slice(0, 1)}
    </span>
  );
  if (id === CurrencyId.Stars) mark = <Icon name="star" size={18} />;
  if (id === CurrencyId.PX) mark = <Icon name="coin" size={18} />;
  return (
    <span className="revshare__currency">
      {mark}
      <span className="pixel-text">{currency?.name ?? `#${id}`}</span>
    </span>
  );
}

function RevshareTable({ rows }: { rows: readonly RevshareRow[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (rows.length === 0) return <p className="revshare__hint">{t('revshare.empty')}</p>;
  return (
    <table className="revshare__table" data-testid="revshare-table">
      <caption className="visually-hidden">{t('revshare.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('revshare.currency')}</th>
          <th scope="col">{t('revshare.purchases')}</th>
          <th scope="col">{t('revshare.spend')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.currencyId} data-testid="revshare-row">
            <th scope="row">
              <CurrencyName id={row.currencyId} />
            </th>
            <td className="pixel-num">{format.integer(row.totalPurchases)}</td>
            <td className="pixel-num">{format.decimal(row.totalSpend)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BalanceShareSetting({ saved, onSaved }: { saved: number; onSaved: (percent: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const { state, save } = useBalanceShare(onSaved);
  const pending = state.status === 'pending';

  return (
    <form
      className="revshare__share"
      data-testid="balance-share"
      onSubmit={(event) => {
        event.preventDefault();
        void save(draft);
      }}
    >
      <label htmlFor={id} className="revshare__share-head">
        <span>{t('revshare.shareLabel')}</span>
        <span className="pixel-num revshare__value" data-testid="balance-share-value">
          {format.percent(draft)}
        </span>
      </label>
      <p className="revshare__hint">{t('revshare.shareHint', { saved: format.percent(saved) })}</p>
      <div className="revshare__controls">
        <input
          id={id}
          className="revshare__slider"
          type="range"
          min={0}
          max={100}
          step={1}
          value={draft}
          disabled={pending}
          onChange={(event) => setDraft(Number(event.target.value))}
        />
        <button type="submit" className="btn btn--primary" disabled={pending || draft === saved}>
          {pending && <span className="spinner" aria-hidden="true" />}
          {pending ? t('revshare.saving') : t('revshare.save')}
        </button>
      </div>
      {state.status === 'fulfilled' && state.percent === draft && (
        <p className="revshare__saved" role="status" data-testid="balance-share-saved">
          {t('revshare.saved', { value: format.percent(state.percent) })}
        </p>
      )}
      {state.status === 'rejected' && (
        <p className="revshare__error" role="alert" data-testid="balance-share-error">
          {errorText(t, state.error, 'revshare.saveFailed')}
        </p>
      )}
    </form>
  );
}
