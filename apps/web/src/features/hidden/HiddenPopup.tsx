/** The hidden-template instruction popup (SPEC §2 overlays) with the hidden reward rating tab. */
import type { HiddenRating, HiddenStats } from '@pixel-wall/shared';
import { HIDDEN_RATING_PAGE } from '@pixel-wall/shared/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { useFormat } from '../../i18n/format.ts';
import { Popup } from '../../ui/Popup/Popup.tsx';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { fetchHiddenRating } from './api.ts';

type Tab = 'how' | 'rating';

export function HiddenPopup({
  stats,
  onClose,
  onShowArea,
}: {
  stats: HiddenStats;
  onClose(): void;
  onShowArea: (() => void) | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [tab, setTab] = useState<Tab>('how');
  return (
    <Popup title={t('hidden.title')} onClose={onClose} testId="hidden-popup" className="hidden-popup">
      <Tabs
        items={[
          { id: 'how', label: t('hidden.tabHow') },
          { id: 'rating', label: t('hidden.tabRating') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('hidden.title')}
        variant="switch"
      />
      {tab === 'how' ? (
        <div className="hidden-how">
          <p>
            {t('hidden.intro', {
              awards: format.integer(stats.awards),
              pool: format.number(stats.total),
            })}
          </p>
          <p>{t('hidden.rules', { prize: format.number(stats.reward_size) })}</p>
          {stats.area ? (
            <p className="hidden-how__area">
              {t('hidden.area', { x: stats.area.x, y: stats.area.y, size: stats.area.size })}
            </p>
          ) : null}
          <dl className="hidden-how__stats">
            <div>
              <dt>{t('hidden.found')}</dt>
              <dd className="pixel-num">
                {format.integer(stats.count)} / {format.integer(stats.awards)}
              </dd>
            </div>
            <div>
              <dt>{t('hidden.mine')}</dt>
              <dd className="pixel-num">{format.number(stats.mine.total)} PX</dd>
            </div>
          </dl>
          {onShowArea ? (
            <button type="button" className="btn btn--primary btn--block" onClick={onShowArea}>
              {t('hidden.showArea')}
            </button>
          ) : null}
        </div>
      ) : (
        <HiddenRatingList />
      )}
    </Popup>
  );
}

function HiddenRatingList() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const [page, setPage] = useState(0);
  const load = useCallback((signal: AbortSignal) => fetchHiddenRating(http, page, signal), [http, page]);
  const rating = useAsync<HiddenRating>(load);
  const data = rating.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / HIDDEN_RATING_PAGE)) : 1;
  return (
    <div className="hidden-rating" data-testid="hidden-rating">
      {rating.status === 'rejected' ? <p>{t('hidden.ratingFailed')}</p> : null}
      {data && data.rating.length === 0 ? (
        <p className="hidden-rating__empty">{t('hidden.ratingEmpty')}</p>
      ) : null}
      <ol className="hidden-rating__list">
        {data?.rating.map((row) => (
          <li key={row.user.id} className="hidden-rating__row">
            <span className="pixel-num hidden-rating__place">{format.integer(row.place)}</span>
            <span className="hidden-rating__name">{row.user.firstName}</span>
            <span className="pixel-num hidden-rating__total">{format.number(row.total)} PX</span>
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <div className="hidden-rating__pages">
          <button type="button" className="btn" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            ‹
          </button>
          <span className="pixel-num">
            {format.integer(page + 1)} / {format.integer(pages)}
          </span>
          <button
            type="button"
            className="btn"
            disabled={page + 1 >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
