import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ACCOUNT_TYPE_LABELS, formatDate } from '@portal/contracts';
import { type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { type StaffPartnerRow } from '../api/get-staff-partners';
import { MissingDocumentsBadge, PartnerStatusBadge } from './partner-badges';
import type { TFunction } from 'i18next';

/** The partners list's columns; the status, request and activity dates and the name sort (decision 040). */
export function partnerColumns(t: TFunction): StaffColumn<StaffPartnerRow>[] {
  return [
    {
      key: 'companyName',
      label: t('staff.partners.columns.partner'),
      sortable: true,
      testId: 'staff-partners-sort-companyName',
      minWidth: 220,
      cell: (partner) => (
        <Stack gap={2}>
          <Anchor component={Link} to={paths.staffPartner.href(partner.id)} data-testid="staff-partner-link">
            {partner.displayName}
          </Anchor>
          <MissingDocumentsBadge missing={partner.missingDocuments} />
        </Stack>
      ),
    },
    { key: 'email', label: t('staff.partners.columns.email'), cell: (partner) => partner.email },
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
