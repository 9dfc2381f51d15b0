import { Badge, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSION_STATUSES, formatDate, formatMoneyMinor, type ConversionStatus } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useAdvertiserConversions, type AdvertiserConversionData } from '../api/get-advertiser-conversions';

const PAGE_SIZE = 50;
const STATUS_COLORS: Record<string, string> = { approved: 'green', pending: 'yellow', rejected: 'red' };

/**
 * The advertiser's conversions (decision 087): status and reason, the partner by its id (and its name where the network
 * allows it, decision 100), what it owes.
 */
export function AdvertiserConversions() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ConversionStatus | null>(null);
  const conversions = useAdvertiserConversions({ page, count: PAGE_SIZE, ...(status ? { status } : {}) });
  const columns: StaffColumn<AdvertiserConversionData>[] = [
    { key: 'id', label: t('advertiser.conversions.id'), cell: (c) => c.id },
    {
      key: 'time',
      label: t('advertiser.conversions.time'),
      noWrap: true,
      cell: (c) => (c.createdAt ? formatDate(c.createdAt) : ''),
    },
    { key: 'offer', label: t('advertiser.conversions.offer'), cell: (c) => c.offerName ?? '' },
    {
      key: 'partner',
      label: t('advertiser.conversions.partner'),
      // The company name only when the network shows it to this advertiser (decision 100); else the id alone.
      cell: (c) => {
        if (c.partnerId === null) return '';
        return c.partnerName ? `${c.partnerName} (#${c.partnerId})` : `#${c.partnerId}`;
      },
    },
    { key: 'goal', label: t('advertiser.conversions.goal'), cell: (c) => c.goal },
    { key: 'transaction', label: t('advertiser.conversions.transaction'), breakAll: true, cell: (c) => c.transactionId ?? '' }, // prettier-ignore
    {
      key: 'status',
      label: t('advertiser.conversions.status'),
      cell: (c) => (
        <Badge color={STATUS_COLORS[c.status] ?? 'gray'} variant="light" data-testid="advertiser-conversion-status">
          {t(`advertiser.status.${c.status}`)}
        </Badge>
      ),
    },
    { key: 'reason', label: t('advertiser.conversions.reason'), cell: (c) => c.reason ?? '' },
    {
      key: 'revenue',
      label: t('advertiser.conversions.revenue'),
      align: 'right',
      noWrap: true,
      cell: (c) => formatMoneyMinor(c.revenue, c.currency),
    },
  ];
  return (
    <Stack>
      <Select
        label={t('advertiser.conversions.statusFilter')}
        placeholder={t('advertiser.conversions.allStatuses')}
        data={CONVERSION_STATUSES.map((value) => ({ value, label: t(`advertiser.status.${value}`) }))}
        value={status}
        onChange={(value) => {
          setStatus(value as ConversionStatus | null);
          setPage(1);
        }}
        clearable
        maw={260}
        data-testid="advertiser-conversions-status"
      />
      <StaffTable
        columns={columns}
        rows={conversions.data?.list}
        rowKey={(c) => c.id}
        rowTestId="advertiser-conversion-row"
        loading={conversions.isLoading}
        error={conversions.isError ? t('advertiser.loadError') : null}
        empty={t('advertiser.conversions.empty')}
        minWidth={860}
        paging={{
          page,
          total: conversions.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          label: t('advertiser.pages'),
          testId: 'advertiser-conversions-pages',
        }}
        testId="advertiser-conversions"
      />
    </Stack>
  );
}
