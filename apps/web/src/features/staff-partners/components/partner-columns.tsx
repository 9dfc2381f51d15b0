import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_TYPE_LABELS, formatDate } from '@portal/contracts';
import { type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { type StaffPartnerRow } from '../api/get-staff-partners';
import { MissingDocumentsBadge, PartnerStatusBadge } from './partner-badges';
import type { TFunction } from 'i18next';

/**
 * The partners list's columns; the status, request and activity dates and the name sort (decision 040). The first
 * column holds the name, the e-mail and the row's menu (decision 082): the list fits 1366 px, and a phone shows the
 * actions without scrolling sideways.
 */
export function partnerColumns(
  t: TFunction,
  actions: (partner: StaffPartnerRow) => ReactNode,
): StaffColumn<StaffPartnerRow>[] {
  return [
    {
      key: 'companyName',
      label: t('staff.partners.columns.partner'),
      sortable: true,
      testId: 'staff-partners-sort-companyName',
      minWidth: 260,
      cell: (partner) => (
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to={paths.staffPartner.href(partner.id)} data-testid="staff-partner-link">
              {partner.displayName}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {partner.email}
            </Text>
            <MissingDocumentsBadge missing={partner.missingDocuments} />
          </Stack>
          {actions(partner)}
        </Group>
      ),
    },
    {
      key: 'accountManager',
      label: t('staff.partners.columns.accountManager'),
      cell: (partner) => partner.accountManager?.name ?? '—',
    },
    {
      key: 'accountType',
      label: t('staff.partners.columns.accountType'),
      cell: (partner) => ACCOUNT_TYPE_LABELS[partner.accountType],
    },
    {
      key: 'status',
      label: t('staff.partners.columns.status'),
      sortable: true,
      minWidth: 124,
      cell: (partner) => <PartnerStatusBadge status={partner.status} />,
    },
    {
      key: 'createdAt',
      label: t('staff.partners.columns.requested'),
      sortable: true,
      cell: (partner) => (partner.createdAt ? formatDate(partner.createdAt) : '—'),
    },
    {
      key: 'lastActivityAt',
      label: t('staff.partners.columns.lastActivity'),
      sortable: true,
      cell: (partner) => (partner.lastActivityAt ? formatDate(partner.lastActivityAt) : '—'),
    },
  ];
}
