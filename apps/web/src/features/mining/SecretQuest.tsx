import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { SECRET_WORD_MAX_LENGTH } from '@pixel-wall/shared/core';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import { type Formatter, useFormat } from '../../i18n/format.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { GuestNote } from '../../ui/GuestNote/GuestNote.tsx';
import { PixelIcon } from '../../ui/icons/PixelIcon.tsx';
import { playerGlyphs } from '../../ui/icons/playerGlyphs.ts';
import { LoadError, SkeletonBlock } from '../../ui/LoadError/LoadError.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import {
  checkSecretWord,
  loadSecretQuest,
  type SecretQuestStats,
  type SecretWordOutcome,
  secretWordProblem,
} from './quest.ts';
import './quest.css';

/** What the last guess said, shown under the field (the field keeps the word). */
type Notice = Exclude<SecretWordOutcome, { kind: 'found' }>;

function QuestStats({ stats }: { stats: SecretQuestStats }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="quest__stats">
      <div className="quest__stat">
        <dt>{t('quest.completedBy')}</dt>
        <dd className="pixel-num" data-testid="quest-completed-by">
          {format.integer(stats.completedBy)}
        </dd>
      </div>
      <div className="quest__stat">
        <dt>{t('quest.you')}</dt>
        <dd className="pixel-text" data-testid="quest-you">
          {stats.done ? t('quest.youDone') : t('quest.youTodo')}
        </dd>
      </div>
    </dl>
  );
}

function noticeText(t: TFunction, format: Formatter, notice: Notice): string {
  switch (notice.kind) {
    case 'wrong':
      return t('quest.wrong');
    case 'limited':
      return t('quest.limited', { seconds: format.integer(notice.retryAfterSeconds) });
    case 'closed':
      return t('quest.closed');
    case 'signedOut':
      return t('quest.signedOut');
    case 'failed':
      return t('quest.failed');
  }
}

/**
 * The secret-word quest (SPEC §3 achievement 10, Ghost Pixel; §7 quest calls): how many players
 * found the word and whether this one did, and the field to try a word. A wrong word keeps the
 * field as typed; the right one marks Ghost Pixel done everywhere (profile and mining reload).
 */
export function SecretQuest() {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectSignedIn);
  if (!signedIn) {
    return (
      <section className="quest" data-testid="secret-quest" aria-label={t('quest.title')}>
        <GuestNote text={t('quest.guest')} />
      </section>
    );
  }
  return <SignedInQuest />;
}

function SignedInQuest() {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const http = useHttp();
  const fieldId = useId();
  const noticeId = useId();
  const load = useCallback((signal: AbortSignal) => loadSecretQuest(http, signal), [http]);
  const stats = useAsync(load);
  const [word, setWord] = useState('');
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [found, setFound] = useState(false);

  const problem = secretWordProblem(word);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || problem !== null) return;
    setPending(true);
    setNotice(null);
    const outcome = await dispatch(checkSecretWord(word));
    setPending(false);
    if (outcome.kind === 'found') {
      setFound(true);
      stats.update((s) => ({ ...s, done: true, completedBy: s.completedBy + (outcome.granted ? 1 : 0) }));
      return;
    }
    if (outcome.kind === 'closed') stats.update((s) => ({ ...s, open: false }));
    setNotice(outcome);
  };

  let body: ReactNode;
  if (!stats.data) {
    body =
      stats.status === 'rejected' ? (
        <LoadError text={t('quest.loadFailed')} onRetry={stats.retry} />
      ) : (
        <SkeletonBlock height={120} />
      );
  } else if (stats.data.done) {
    body = (
      <>
        <p className="quest__done" role="status" data-testid="quest-done">
          {found ? t('quest.found') : t('quest.alreadyDone')}
        </p>
        <QuestStats stats={stats.data} />
      </>
    );
  } else if (!stats.data.open) {
    body = (
      <>
        <p className="quest__closed" data-testid="quest-closed">
          {t('quest.closed')}
        </p>
        <QuestStats stats={stats.data} />
      </>
    );
  } else {
    const tooLong = problem === 'tooLong';
    const shown = tooLong
      ? t('quest.tooLong', { max: format.integer(SECRET_WORD_MAX_LENGTH) })
      : notice
        ? noticeText(t, format, notice)
        : null;
    return (
      <section className="quest" data-testid="secret-quest" aria-label={t('quest.title')}>
        <QuestHead />
        <form className="quest__form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="quest__label" htmlFor={fieldId}>
            {t('quest.label')}
          </label>
          <div className="quest__row">
            <input
              id={fieldId}
              className="quest__input"
              data-testid="quest-input"
              value={word}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="send"
              placeholder={t('quest.placeholder')}
              aria-invalid={tooLong || notice?.kind === 'wrong'}
              aria-describedby={shown ? noticeId : undefined}
              onChange={(e) => {
                setWord(e.currentTarget.value);
                if (notice?.kind === 'wrong') setNotice(null);
              }}
            />
            <button
              type="submit"
              className="btn btn--primary"
              data-testid="quest-submit"
              disabled={pending || problem !== null}
              aria-busy={pending}
            >
              {pending ? <span className="spinner" aria-hidden="true" /> : null}
              {t('quest.submit')}
            </button>
          </div>
          {shown ? (
            <p
              id={noticeId}
              className={`quest__notice quest__notice--${tooLong ? 'tooLong' : notice!.kind}`}
              role="alert"
              data-testid="quest-notice"
            >
              {shown}
            </p>
          ) : null}
        </form>
        <QuestStats stats={stats.data} />
      </section>
    );
  }

  return (
    <section className="quest" data-testid="secret-quest" aria-label={t('quest.title')}>
      <QuestHead />
      {body}
    </section>
  );
}

function QuestHead() {
  const { t } = useTranslation();
  return (
    <div className="quest__head">
      <PixelIcon rows={playerGlyphs.ghost} size={32} className="quest__icon" />
      <p className="quest__intro">{t('quest.intro')}</p>
    </div>
  );
}
