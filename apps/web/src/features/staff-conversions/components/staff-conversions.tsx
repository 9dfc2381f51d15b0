import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHour, formatMoneyMinor } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { showSnackbar } from '@/lib/snackbar';
import { usePendingConversions } from '../api/get-pending-conversions';
import { useReviewConversion } from '../api/review-conversion';

const PAGE_SIZE = 50;

type PendingConversion = NonNullable<ReturnType<typeof usePendingConversions>['data']>['list'][number];

/** The pending conversions of the partners a staff member handles: approve or decline each (decision 023). */
export function StaffConversions() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const conversions = usePendingConversions(page, PAGE_SIZE);
  const review = useReviewConversion();

  const decide = (id: number, status: 'approved' | 'rejected') =>
    review.mutate(
      { id, body: { status } },
      {
        onSuccess: () =>
          showSnackbar({
            kind: 'success',
            message: t(
              status === 'approved' ? 'staff.conversions.approvedMessage' : 'staff.conversions.declinedMessage',
              {
                id,
              },
            ),
          }),
      },
    );

  const columns: StaffColumn<PendingConversion>[] = [
    { key: 'id', label: t('staff.conversions.columns.id'), cell: (conversion) => conversion.id },
    {
      key: 'date',
      label: t('staff.conversions.columns.date'),
      cell: (conversion) =>
        conversion.createdAt ? `${formatDate(conversion.createdAt)} ${formatHour(conversion.createdAt)}` : '—',
    },
    { key: 'partner', label: t('staff.conversions.columns.partner'), cell: (conversion) => `#${conversion.partnerId}` },
    { key: 'offer', label: t('staff.conversions.columns.offer'), cell: (conversion) => `#${conversion.offerId}` },
    { key: 'goal', label: t('staff.conversions.columns.goal'), cell: (conversion) => conversion.goal },
    {
      key: 'payout',
      label: t('staff.conversions.columns.payout'),
      cell: (conversion) => formatMoneyMinor(conversion.payout, conversion.currency),
    },
  ];
  return (
    <Stack gap="md">
      <StaffTable
        columns={columns}
        rows={conversions.data?.list}
        rowKey={(conversion) => conversion.id}
        rowTestId="staff-conversion-row"
        loading={conversions.isPending}
        error={conversions.isError && t('staff.conversions.loadError')}
        empty={<Text data-testid="staff-conversions-empty">{t('staff.conversions.empty')}</Text>}
        minWidth={760}
        actionsLabel={t('staff.conversions.columns.actions')}
        rowActions={(conversion) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              color="green"
              loading={review.isPending && review.variables?.id === conversion.id}
              onClick={() => decide(conversion.id, 'approved')}
            >
              {t('staff.conversions.approve')}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              disabled={review.isPending && review.variables?.id === conversion.id}
              onClick={() => decide(conversion.id, 'rejected')}
            >
              {t('staff.conversions.decline')}
            </Button>
          </Group>
        )}
        paging={{
          page,
          total: conversions.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          label: t('staff.conversions.pages'),
          testId: 'staff-conversions-pages',
        }}
      />
    </Stack>
  );
}
