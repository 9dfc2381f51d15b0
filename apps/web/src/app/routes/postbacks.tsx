import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Pixels and postbacks; the list arrives with its own issue. */
export function PostbacksRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.postbacks')}</PageTitle>;
}
