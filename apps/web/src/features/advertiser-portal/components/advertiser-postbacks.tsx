import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useAdvertiserPostbacks, type AdvertiserPostbackData } from '../api/get-advertiser-postbacks';

const PAGE_SIZE = 50;

/** The advertiser's postback log (decision 087): each postback as sent and as judged. */
export function AdvertiserPostbacks() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAdvertiserPostbacks(page, PAGE_SIZE);
  const columns: StaffColumn<AdvertiserPostbackData>[] = [
    {
      key: 'time',
      label: t('advertiser.postbacks.time'),
      noWrap: true,
      cell: (p) => (p.createdAt ? formatDate(p.createdAt) : ''),
    },
    { key: 'outcome', label: t('advertiser.postbacks.outcome'), cell: (p) => t(`advertiser.postbacks.outcomes.${p.outcome}`) }, // prettier-ignore
    { key: 'status', label: t('advertiser.postbacks.status'), cell: (p) => p.status ?? '' },
    { key: 'reason', label: t('advertiser.postbacks.reason'), cell: (p) => p.reason ?? '' },
    {
      key: 'params',
      label: t('advertiser.postbacks.params'),
      breakAll: true,
      cell: (p) =>
        Object.entries(p.params)
          .map(([name, value]) => `${name}=${value}`)
          .join('&'),
    },
  ];
  return (
    <StaffTable
      columns={columns}
      rows={log.data?.list}
      rowKey={(p) => p.id}
      rowTestId="advertiser-postback-row"
      loading={log.isLoading}
      error={log.isError ? t('advertiser.loadError') : null}
      empty={t('advertiser.postbacks.empty')}
      minWidth={720}
      paging={{
        page,
        total: log.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onChange: setPage,
        label: t('advertiser.pages'),
        testId: 'advertiser-postbacks-pages',
      }}
      testId="advertiser-postbacks"
    />
  );
}
