import { useTranslation } from 'react-i18next';
import { MiniPopup } from '../MiniPopup/MiniPopup.tsx';

/** Ctrl+Alt+C: the Mini App init data, already copied, shown so it can be read or copied again. */
export function InitDataPopup({
  initData,
  copied,
  onClose,
}: {
  initData: string | null;
  copied: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <MiniPopup title={t('hidden.initDataTitle')} onClose={onClose} testId="init-data-popup">
      {initData ? (
        <>
          <p role="status">{copied ? t('hidden.copied') : t('hidden.copyFailed')}</p>
          <pre className="mini-popup__code" data-testid="init-data">
            {initData}
          </pre>
        </>
      ) : (
        <p>{t('hidden.noInitData')}</p>
      )}
      <button type="button" className="btn btn--primary" onClick={onClose}>
        {t('hidden.ok')}
      </button>
    </MiniPopup>
  );
}
