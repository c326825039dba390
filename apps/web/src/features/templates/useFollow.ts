import type { Template } from '@pixel-wall/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/useHttp.ts';
import type { Pixel } from '../../canvas/index.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { showToast } from '../../store/uiSlice.ts';
import { type TemplateKind, templatesApi } from './api.ts';
import type { TemplateChoice } from './overlayStore.ts';

export interface ShowProps {
  selected: Pixel | null;
  onShow(choice: TemplateChoice, template: Template): void;
}

/** Subscribes to a template and shows it at once. */
export function useFollow(kind: TemplateKind, onShow: ShowProps['onShow'], after?: () => void) {
  const http = useHttp();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const follow = useCallback(
    async (template: Template) => {
      if (busy !== null) return;
      setBusy(template.id);
      try {
        const followed = await templatesApi.subscribe(http, kind, template.id);
        after?.();
        onShow({ source: kind, id: followed.id }, followed);
        dispatch(showToast(t('templates.followed'), 'success'));
      } catch {
        dispatch(showToast(t('templates.followFailed'), 'error'));
      } finally {
        setBusy(null);
      }
    },
    [busy, http, kind, onShow, after, dispatch, t],
  );
  return { follow, busy };
}
