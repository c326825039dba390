/** Pieces both tabs of the templates sheet use: a template row, the upload form, an endless list. */
import type { Template } from '@pixel-wall/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import type { Pixel } from '../../canvas/index.ts';
import { useFormat } from '../../i18n/format.ts';
import { errorText } from '../../ui/failureText.ts';
import { LoadMoreButton } from '../../ui/list/LoadMoreButton.tsx';
import { hasMore, type PagedState } from '../../ui/list/pagination.ts';

export function Thumb({ url, alt, size = 48 }: { url: string; alt: string; size?: number }) {
  return <img className="tpl-thumb" src={url} alt={alt} width={size} height={size} loading="lazy" />;
}

export function TemplateRow({ template, children }: { template: Template; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="tpl-row" data-testid="template-row" data-template-id={template.id}>
      <Thumb url={template.url} alt={t('templates.thumbAlt', { name: template.ownerName })} />
      <div className="tpl-row__text">
        <div className="tpl-row__name">{template.ownerName}</div>
        <div className="tpl-row__meta">
          {t('templates.meta', {
            w: template.width,
            h: template.height,
            x: template.x,
            y: template.y,
            subs: format.integer(template.subscribers),
          })}
        </div>
      </div>
      <div className="tpl-row__actions">{children}</div>
    </li>
  );
}

/** Calls `onMore` when the end of the list scrolls into view (and the button does the same by tap). */
export function EndlessList<T>({
  state,
  onMore,
  failure,
  children,
}: {
  state: PagedState<T, unknown>;
  onMore(): void;
  failure: string;
  children: ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  const canMore = state.status !== 'pending' && state.status !== 'rejected' && hasMore(state);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canMore || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more.current();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [canMore]);
  return (
    <>
      <ul className="tpl-list">{children}</ul>
      <div ref={sentinel} className="tpl-list__sentinel" />
      <LoadMoreButton state={state as PagedState<unknown, unknown>} onLoadMore={onMore} failure={failure} />
    </>
  );
}

export interface UploadFormProps {
  /** the selected pixel, offered as the template's top-left corner */
  selected: Pixel | null;
  maxSize: number | null;
  upload(file: File, pos: { x: number | null; y: number | null }): Promise<void>;
  testId: string;
}

/** Pick a PNG or WebP and where it goes; the server checks the rest and says what is wrong. */
export function UploadForm({ selected, maxSize, upload, testId }: UploadFormProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [x, setX] = useState(selected ? String(selected.x) : '');
  const [y, setY] = useState(selected ? String(selected.y) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  return (
    <form
      className="tpl-upload"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!file || busy) return;
        setBusy(true);
        setError(null);
        upload(file, { x: num(x), y: num(y) })
          .then(() => setFile(null))
          .catch((err: unknown) =>
            setError(
              err instanceof ApiError && err.code === 'UPLOADS_BUSY'
                ? t('templates.uploadsBusy')
                : errorText(t, err, 'templates.uploadFailed'),
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      <label className="tpl-upload__file">
        <span>{file ? file.name : t('templates.chooseFile')}</span>
        <input
          type="file"
          accept="image/png,image/webp"
          data-testid={`${testId}-file`}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <div className="tpl-upload__pos">
        <label>
          X
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={1023}
            value={x}
            placeholder={t('templates.auto')}
            data-testid={`${testId}-x`}
            onChange={(e) => setX(e.currentTarget.value)}
          />
        </label>
        <label>
          Y
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={1023}
            value={y}
            placeholder={t('templates.auto')}
            data-testid={`${testId}-y`}
            onChange={(e) => setY(e.currentTarget.value)}
          />
        </label>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!file || busy}
          aria-busy={busy}
          data-testid={`${testId}-submit`}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('templates.upload')}
        </button>
      </div>
      <p className="tpl-upload__note">
        {maxSize ? t('templates.sizeNote', { size: maxSize }) : t('templates.formatNote')}
      </p>
      {error ? (
        <p className="tpl-upload__error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
