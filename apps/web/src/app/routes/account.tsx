import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { AccountSettings } from '@/features/account-settings/components/account-settings';

/** Account configuration: password, time zone, preferences and two-factor authentication. */
export function AccountRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.account')}</PageTitle>
      <AccountSettings />
    </>
  );
}
