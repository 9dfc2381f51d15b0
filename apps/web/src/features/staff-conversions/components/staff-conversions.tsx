import { Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHour, formatMoneyMinor } from '@portal/contracts';
import { WindowPagination } from '@/components/window-pagination';
import { showSnackbar } from '@/lib/snackbar';
import { usePendingConversions, useReviewConversion } from '../api/staff-conversions';

const PAGE_SIZE = 50;

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

  if (conversions.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (conversions.isError) return <Text c="red">{t('staff.conversions.loadError')}</Text>;
  const { list, total } = conversions.data;
  if (list.length === 0) return <Text data-testid="staff-conversions-empty">{t('staff.conversions.empty')}</Text>;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.conversions.columns.id')}</Table.Th>
              <Table.Th>{t('staff.conversions.columns.date')}</Table.Th>
              <Table.Th>{t('staff.conversions.columns.partner')}</Table.Th>
              <Table.Th>{t('staff.conversions.columns.offer')}</Table.Th>
              <Table.Th>{t('staff.conversions.columns.goal')}</Table.Th>
              <Table.Th>{t('staff.conversions.columns.payout')}</Table.Th>
              <Table.Th>{t('staff.conversions.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((conversion) => (
              <Table.Tr key={conversion.id} data-testid="staff-conversion-row">
                <Table.Td>{conversion.id}</Table.Td>
                <Table.Td>
                  {conversion.createdAt
                    ? `${formatDate(conversion.createdAt)} ${formatHour(conversion.createdAt)}`
                    : '—'}
                </Table.Td>
                <Table.Td>#{conversion.partnerId}</Table.Td>
                <Table.Td>#{conversion.offerId}</Table.Td>
                <Table.Td>{conversion.goal}</Table.Td>
                <Table.Td>{formatMoneyMinor(conversion.payout, conversion.currency)}</Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > PAGE_SIZE ? (
        <WindowPagination
          page={page}
          totalPages={Math.ceil(total / PAGE_SIZE)}
          onChange={setPage}
          label={t('staff.conversions.pages')}
          testId="staff-conversions-pages"
        />
      ) : null}
    </Stack>
  );
}
