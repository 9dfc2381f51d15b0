import { useTranslation } from 'react-i18next';
import { WindowPagination } from '@/components/window-pagination';

type OffersPaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
};

export function OffersPagination(props: OffersPaginationProps) {
  const { t } = useTranslation();
  return <WindowPagination {...props} label={t('offers.pagination')} testId="offers-pagination" />;
}
