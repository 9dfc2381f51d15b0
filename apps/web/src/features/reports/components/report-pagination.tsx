import { useTranslation } from 'react-i18next';
import { WindowPagination } from '@/components/window-pagination';

type ReportPaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
};

export function ReportPagination(props: ReportPaginationProps) {
  const { t } = useTranslation();
  return <WindowPagination {...props} label={t('reports.pagination.label')} testId="report-pagination" />;
}
