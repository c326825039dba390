import type { Template } from '@pixel-wall/shared';
import { TEMPLATE_PAGE_SIZE } from '@pixel-wall/shared/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import type { Pixel } from '../../canvas/index.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectSignedIn } from '../../store/sessionSlice.ts';
import { selectUser } from '../../store/userSlice.ts';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { Overlay } from '../../ui/Overlay/Overlay.tsx';
import { Tabs } from '../../ui/Tabs/Tabs.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { templatesApi } from './api.ts';
import type { OverlayStore, TemplateChoice } from './overlayStore.ts';
import { EndlessList, TemplateRow, UploadForm } from './parts.tsx';
import { TournamentTab } from './TournamentTab.tsx';
import { type ShowProps, useFollow } from './useFollow.ts';
import './templates.css';

type SheetTab = 'templates' | 'tournament';

export interface TemplatesSheetProps {
  open: boolean;
  onClose(): void;
  store: OverlayStore;
  selected: Pixel | null;
}

/** Templates (own, followed, everyone's) and the tournament, in one sheet over the Wall. */
export function TemplatesSheet({ open, onClose, store, selected }: TemplatesSheetProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SheetTab>('templates');
  const show = useCallback(
    (choice: TemplateChoice, template: Template) => {
      store.choose(choice, template);
      onClose();
    },
    [store, onClose],
  );
  return (
    <Overlay open={open} onClose={onClose} title={t('templates.title')} variant="sheet">
      <div className="tpl-sheet" data-testid="templates-sheet">
        <Tabs
          items={[
            { id: 'templates', label: t('templates.tab') },
            { id: 'tournament', label: t('tournaments.tab') },
          ]}
          value={tab}
          onChange={setTab}
          label={t('templates.title')}
        />
        {tab === 'templates' ? (
          <TemplatesTab selected={selected} onShow={show} />
        ) : (
          <TournamentTab selected={selected} onShow={show} />
        )}
      </div>
    </Overlay>
  );
}

function TemplatesTab({ selected, onShow }: ShowProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const mine = useAsync(
    useCallback(
      (signal: AbortSignal) => (signedIn ? templatesApi.my(http, signal) : Promise.resolve(null)),
      [http, signedIn],
    ),
  );
  const sizes = useAsync(
    useCallback(
      (signal: AbortSignal) => (user ? templatesApi.sizes(http, user.id, signal) : Promise.resolve(null)),
      [http, user],
    ),
  );
  const list = usePagedList<Template, null>({
    key: 'templates',
    pageSize: TEMPLATE_PAGE_SIZE,
    assumedTotal: TEMPLATE_PAGE_SIZE,
    load: useCallback(
      async (offset: number, limit: number, signal: AbortSignal) => {
        const page = await templatesApi.list(http, offset, limit, signal);
        return { items: page.list, total: page.total, extra: null };
      },
      [http],
    ),
  });
  const { follow, busy } = useFollow('personal', onShow, mine.retry);
  const own = mine.data?.template ?? null;
  const followed = mine.data?.subscribed ?? null;

  return (
    <div className="tpl-tab">
      <WorldButton onShow={onShow} />
      {signedIn ? (
        <section className="tpl-section" data-testid="my-template">
          <h3 className="tpl-section__title pixel-text">{t('templates.mine')}</h3>
          {own ? (
            <ul className="tpl-list">
              <TemplateRow template={own}>
                <button
                  type="button"
                  className="btn"
                  data-testid="show-my-template"
                  onClick={() => onShow({ source: 'personal', id: own.id }, own)}
                >
                  {t('templates.showIt')}
                </button>
              </TemplateRow>
            </ul>
          ) : mine.status === 'fulfilled' ? (
            <p className="tpl-note">{t('templates.noneYet')}</p>
          ) : null}
          <UploadForm
            selected={selected}
            maxSize={sizes.data?.maxSize ?? null}
            testId="template-upload"
            upload={async (file, pos) => {
              const made = await templatesApi.upload(http, 'personal', file, pos);
              mine.retry();
              list.reload();
              onShow({ source: 'personal', id: made.id }, made);
            }}
          />
          {followed ? (
            <>
              <h3 className="tpl-section__title pixel-text">{t('templates.following')}</h3>
              <ul className="tpl-list">
                <TemplateRow template={followed}>
                  <button
                    type="button"
                    className="btn"
                    onClick={() => onShow({ source: 'personal', id: followed.id }, followed)}
                  >
                    {t('templates.showIt')}
                  </button>
                </TemplateRow>
              </ul>
            </>
          ) : null}
        </section>
      ) : (
        <p className="tpl-note">{t('templates.signInToUpload')}</p>
      )}
      <section className="tpl-section">
        <h3 className="tpl-section__title pixel-text">{t('templates.all')}</h3>
        <EndlessList state={list.state} onMore={list.loadMore} failure={t('templates.listFailed')}>
          {list.state.items.map((tpl) => (
            <TemplateRow key={tpl.id} template={tpl}>
              <button
                type="button"
                className="btn"
                onClick={() => onShow({ source: 'personal', id: tpl.id }, tpl)}
              >
                {t('templates.showIt')}
              </button>
              {signedIn && tpl.type !== 'my' ? (
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy !== null || followed?.id === tpl.id}
                  aria-busy={busy === tpl.id}
                  onClick={() => void follow(tpl)}
                >
                  {followed?.id === tpl.id ? t('templates.followingIt') : t('templates.follow')}
                </button>
              ) : null}
            </TemplateRow>
          ))}
        </EndlessList>
      </section>
    </div>
  );
}

function WorldButton({ onShow }: Pick<ShowProps, 'onShow'>) {
  const { t } = useTranslation();
  const http = useHttp();
  const world = useAsync(useCallback((signal: AbortSignal) => templatesApi.world(http, signal), [http]));
  const template = world.data?.template ?? null;
  if (!template) return null;
  return (
    <section className="tpl-section">
      <h3 className="tpl-section__title pixel-text">{t('templates.world')}</h3>
      <ul className="tpl-list">
        <TemplateRow template={template}>
          <button type="button" className="btn" onClick={() => onShow({ source: 'world' }, template)}>
            {t('templates.showIt')}
          </button>
        </TemplateRow>
      </ul>
    </section>
  );
}
