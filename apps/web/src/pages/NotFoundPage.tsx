import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../ui/Placeholder/PlaceholderPage.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('notFound.title')} text={t('notFound.text')} icon="close" />;
}
