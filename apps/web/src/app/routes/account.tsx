import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Account configuration (password, timezone, preferences, 2FA); sections arrive with their own issue. */
export function AccountRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.account')}</PageTitle>;
}
