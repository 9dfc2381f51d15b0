import { Anchor, Badge, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { useScrubs, type ScrubSummaryData } from '../api/get-scrubs';
import { ScrubUploadForm } from './scrub-upload-form';

const PAGE_SIZE = 20;

/** Advertisers' scrub files (decision 069): upload one for its preview, and the files uploaded so far. */
export function StaffScrubs() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const scrubs = useScrubs(page, PAGE_SIZE);
  const columns: StaffColumn<ScrubSummaryData>[] = [
    {
      key: 'file',
      label: t('staff.scrubs.columns.file'),
      breakAll: true,
      cell: (scrub) => (
        <Anchor component={Link} to={paths.staffScrub.href(scrub.id)}>
          {scrub.fileName}
        </Anchor>
      ),
    },
    { key: 'advertiser', label: t('staff.scrubs.columns.advertiser'), cell: (scrub) => scrub.advertiserName ?? '' },
    {
      key: 'created',
      label: t('staff.scrubs.columns.created'),
      noWrap: true,
      cell: (scrub) => (scrub.createdAt ? formatDate(scrub.createdAt) : ''),
    },
    { key: 'lines', label: t('staff.scrubs.counts.lines'), align: 'right', cell: (scrub) => scrub.counts.lines },
    { key: 'found', label: t('staff.scrubs.counts.found'), align: 'right', cell: (scrub) => scrub.counts.found },
    { key: 'errors', label: t('staff.scrubs.counts.errors'), align: 'right', cell: (scrub) => scrub.counts.errors },
    {
      key: 'status',
      label: t('staff.scrubs.columns.status'),
      cell: (scrub) => (
        <Badge color={scrub.status === 'applied' ? 'green' : 'gray'} variant="light">
          {t(`staff.scrubs.status.${scrub.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack>
      <ScrubUploadForm />
      <Title order={2} size="h4">
        {t('staff.scrubs.listTitle')}
      </Title>
      <StaffTable
        columns={columns}
        rows={scrubs.data?.list}
        rowKey={(scrub) => scrub.id}
        rowTestId="staff-scrub-row"
        loading={scrubs.isLoading}
        error={scrubs.isError ? t('staff.scrubs.loadError') : null}
        empty={t('staff.scrubs.empty')}
        minWidth={720}
        paging={{
          page,
          total: scrubs.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          label: t('staff.scrubs.pages'),
          testId: 'staff-scrubs-pages',
        }}
        testId="staff-scrubs"
      />
    </Stack>
  );
}
