import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../store/hooks.ts';
import { loadingFinished, loadingStarted } from '../store/uiSlice.ts';

/** Shown while a page's code loads: drives the loading bar and keeps the stage empty. */
export function PageFallback() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    dispatch(loadingStarted());
    return () => {
      dispatch(loadingFinished());
    };
  }, [dispatch]);
  return (
    <span className="visually-hidden" data-page-loading="">
      {t('common.loading')}
    </span>
  );
}
