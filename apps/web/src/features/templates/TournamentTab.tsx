import type { LeaderboardEntry, Template, TournamentPeriods } from '@pixel-wall/shared';
import {
  FINAL_RESULTS_PAGE_SIZE,
  formatCountdown,
  GAME_DEFAULTS,
  RANDOM_TEMPLATES,
  TOURNAMENT_TEMPLATE_PAGE_SIZE,
} from '@pixel-wall/shared/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { type Formatter, useFormat } from '../../i18n/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { LoadError } from '../../ui/LoadError/LoadError.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { templatesApi, tournamentApi } from './api.ts';
import { EndlessList, TemplateRow, Thumb, UploadForm } from './parts.tsx';
import { type ShowProps, useFollow } from './useFollow.ts';

const DAY_MS = 86_400_000;

/** 2d 03:04:05 past a day (the days in the language's unit), as the paint button's timer below it. */
function countdown(format: Formatter, ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  return days > 0
    ? `${format.duration(days * DAY_MS, ['day'])} ${formatCountdown(ms - days * DAY_MS)}`
    : formatCountdown(ms);
}

type View = 'random' | 'all' | 'leaderboard' | 'final' | 'mine';

/** The tournament: the period and its countdown, entering a template, entries, standings, results. */
export function TournamentTab({ selected, onShow }: ShowProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const signedIn = useAppSelector(selectSignedIn);
  const [view, setView] = useState<View>('random');
  const periods = useAsync(useCallback((signal: AbortSignal) => tournamentApi.periods(http, signal), [http]));
  const followedLoad = useAsync(
    useCallback(
      (signal: AbortSignal) =>
        signedIn ? tournamentApi.mySubscription(http, signal) : Promise.resolve(null),
      [http, signedIn],
    ),
  );
  const followedId = followedLoad.data?.template?.id ?? null;
  const { follow, busy } = useFollow('tournament', onShow, followedLoad.retry);

  const entryActions = (tpl: Template) => (
    <>
      <button type="button" className="btn" onClick={() => onShow({ source: 'tournament', id: tpl.id }, tpl)}>
        {t('templates.showIt')}
      </button>
      {signedIn ? (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy !== null || followedId === tpl.id}
          onClick={() => void follow(tpl)}
        >
          {followedId === tpl.id ? t('templates.followingIt') : t('templates.follow')}
        </button>
      ) : null}
    </>
  );

  return (
    <div className="tpl-tab" data-testid="tournament-tab">
      {periods.status === 'rejected' ? (
        <LoadError text={t('tournaments.loadFailed')} onRetry={periods.retry} />
      ) : (
        <PeriodCard periods={periods.data} />
      )}
      {signedIn && periods.data?.uploadRound ? (
        <section className="tpl-section">
          <h3 className="tpl-section__title pixel-text">
            {t('tournaments.enter', { round: periods.data.uploadRound })}
          </h3>
          <UploadForm
            selected={selected}
            maxSize={null}
            testId="tournament-upload"
            upload={async (file, pos) => {
              const made = await templatesApi.upload(http, 'tournament', file, pos);
              onShow({ source: 'tournament', id: made.id }, made);
            }}
          />
        </section>
      ) : null}
      <Tabs
        variant="switch"
        label={t('tournaments.tab')}
        value={view}
        onChange={setView}
        items={[
          { id: 'random', label: t('tournaments.random') },
          { id: 'all', label: t('tournaments.all') },
          { id: 'leaderboard', label: t('tournaments.leaderboard') },
          { id: 'final', label: t('tournaments.final') },
          ...(signedIn ? [{ id: 'mine' as const, label: t('tournaments.mine') }] : []),
        ]}
      />
      {view === 'random' ? <RandomEntries actions={entryActions} /> : null}
      {view === 'all' ? <AllEntries actions={entryActions} /> : null}
      {view === 'leaderboard' ? <Standings kind="leaderboard" /> : null}
      {view === 'final' ? <Standings kind="final" /> : null}
      {view === 'mine' ? <MyResults /> : null}
    </div>
  );
}

function PeriodCard({ periods }: { periods: TournamentPeriods | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The server's clock, so the countdown is right on a device whose clock is not.
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (periods) setSkew(periods.now - Date.now());
  }, [periods]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), GAME_DEFAULTS.timing.countdownRefreshMs);
    return () => clearInterval(timer);
  }, []);
  if (!periods) return <div className="tpl-period skeleton" style={{ height: 64 }} aria-busy="true" />;
  const active = periods.activePeriod;
  const left = active ? Math.max(0, active.endsAt - (now + skew)) : 0;
  return (
    <section className="tpl-period" data-testid="tournament-period">
      <div className="tpl-period__what pixel-text">
        {active
          ? t(active.kind === 'round' ? 'tournaments.round' : 'tournaments.break', { round: active.roundId })
          : periods.uploadRound
            ? t('tournaments.soon')
            : t('tournaments.over')}
      </div>
      {active ? (
        <div className="tpl-period__left">
          {t(active.kind === 'round' ? 'tournaments.endsIn' : 'tournaments.nextIn', {
            time: countdown(format, left),
          })}
        </div>
      ) : null}
    </section>
  );
}

function RandomEntries({ actions }: { actions(tpl: Template): React.ReactNode }) {
  const { t } = useTranslation();
  const http = useHttp();
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for a new draw
  const load = useCallback(
    (signal: AbortSignal) => tournamentApi.random(http, RANDOM_TEMPLATES, signal),
    [http, round],
  );
  const random = useAsync(load);
  if (random.status === 'rejected')
    return <LoadError text={t('tournaments.loadFailed')} onRetry={random.retry} />;
  return (
    <section className="tpl-section">
      <ul className="tpl-list">
        {(random.data?.list ?? []).map((tpl) => (
          <TemplateRow key={tpl.id} template={tpl}>
            {actions(tpl)}
          </TemplateRow>
        ))}
      </ul>
      {random.data && random.data.list.length === 0 ? (
        <p className="tpl-note">{t('tournaments.noEntries')}</p>
      ) : null}
      <button type="button" className="btn btn--block" onClick={() => setRound((r) => r + 1)}>
        {t('tournaments.shuffle')}
      </button>
    </section>
  );
}

function AllEntries({ actions }: { actions(tpl: Template): React.ReactNode }) {
  const { t } = useTranslation();
  const http = useHttp();
  const list = usePagedList<Template, null>({
    key: 'tournament:all',
    pageSize: TOURNAMENT_TEMPLATE_PAGE_SIZE,
    assumedTotal: TOURNAMENT_TEMPLATE_PAGE_SIZE,
    load: useCallback(
      async (offset: number, limit: number, signal: AbortSignal) => {
        const page = await tournamentApi.list(http, offset, limit, signal);
        return { items: page.list, total: page.total, extra: null };
      },
      [http],
    ),
  });
  return (
    <section className="tpl-section">
      <EndlessList state={list.state} onMore={list.loadMore} failure={t('tournaments.loadFailed')}>
        {list.state.items.map((tpl) => (
          <TemplateRow key={tpl.id} template={tpl}>
            {actions(tpl)}
          </TemplateRow>
        ))}
      </EndlessList>
    </section>
  );
}

type StandingRow = LeaderboardEntry & { id: number };

function Standings({ kind }: { kind: 'leaderboard' | 'final' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const list = usePagedList<StandingRow, { roundId: number | null; final: boolean }>({
    key: `tournament:${kind}`,
    pageSize: kind === 'final' ? FINAL_RESULTS_PAGE_SIZE : TOURNAMENT_TEMPLATE_PAGE_SIZE,
    assumedTotal: TOURNAMENT_TEMPLATE_PAGE_SIZE,
    load: useCallback(
      async (offset: number, limit: number, signal: AbortSignal) => {
        if (kind === 'final') {
          const page = await tournamentApi.finalResults(http, offset, limit, signal);
          return {
            items: page.rating.map((e) => ({ ...e, id: e.templateId })),
            total: page.total,
            extra: { roundId: page.roundId, final: true },
          };
        }
        const page = await tournamentApi.leaderboard(http, offset, limit, signal);
        return {
          items: page.list.map((e) => ({ ...e, id: e.templateId })),
          total: page.total,
          extra: { roundId: page.roundId, final: page.final },
        };
      },
      [http, kind],
    ),
  });
  const extra = list.state.extra;
  return (
    <section className="tpl-section" data-testid={`tournament-${kind}`}>
      {extra?.roundId ? (
        <p className="tpl-note">
          {t(extra.final ? 'tournaments.finalOf' : 'tournaments.liveOf', { round: extra.roundId })}
        </p>
      ) : list.state.status === 'fulfilled' ? (
        <p className="tpl-note">{t('tournaments.noScores')}</p>
      ) : null}
      <EndlessList state={list.state} onMore={list.loadMore} failure={t('tournaments.loadFailed')}>
        {list.state.items.map((e) => (
          <li key={e.id} className="tpl-row tpl-row--rank" data-testid="standing-row">
            <span className="tpl-row__rank pixel-text">{format.integer(e.rank)}</span>
            <Thumb url={e.url} alt={t('templates.thumbAlt', { name: e.ownerName })} size={40} />
            <div className="tpl-row__text">
              <div className="tpl-row__name">{e.ownerName}</div>
              <div className="tpl-row__meta">
                {t('tournaments.matched', {
                  matched: format.integer(e.matched),
                  total: format.integer(e.total),
                })}
              </div>
            </div>
            <span className="tpl-row__percent pixel-text">{format.percent(e.percent)}</span>
          </li>
        ))}
      </EndlessList>
    </section>
  );
}

function MyResults() {
  const { t } = useTranslation();
  const format = useFormat();
  const http = useHttp();
  const results = useAsync(
    useCallback((signal: AbortSignal) => tournamentApi.userResults(http, signal), [http]),
  );
  if (results.status === 'rejected')
    return <LoadError text={t('tournaments.loadFailed')} onRetry={results.retry} />;
  const rows = results.data?.results ?? [];
  return (
    <section className="tpl-section" data-testid="tournament-mine">
      {results.data && rows.length === 0 ? <p className="tpl-note">{t('tournaments.noResults')}</p> : null}
      <ul className="tpl-list">
        {rows.map((r) => (
          <li key={r.round_id} className="tpl-row tpl-row--rank">
            <span className="tpl-row__rank pixel-text">{format.integer(r.rank)}</span>
            <div className="tpl-row__text">
              <div className="tpl-row__name">
                {t('tournaments.round', { round: r.round_id })}
                {r.final ? ` · ${t('tournaments.finalMark')}` : ''}
              </div>
              <div className="tpl-row__meta">
                {t('tournaments.matched', {
                  matched: format.integer(r.matched),
                  total: format.integer(r.total),
                })}
              </div>
            </div>
            <span className="tpl-row__percent pixel-text">{format.percent(r.percent)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
