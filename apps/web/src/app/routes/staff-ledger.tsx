import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { Ledger } from '@/features/staff-ledger/components/ledger';

/** The books of a month (decision 073); see features/staff-ledger. */
export function StaffLedgerRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffLedger')}</PageTitle>
      <Ledger />
    </>
  );
}
