import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { MyAccount } from '@/features/my-account/components/my-account';

/** Company, contact, payment and compliance documents (spec section 2, /my-account). */
export function MyAccountRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.myAccount')}</PageTitle>
      <MyAccount />
    </>
  );
}
