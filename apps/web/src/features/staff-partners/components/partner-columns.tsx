import type { ReactNode } from 'react';
import { ACCOUNT_TYPE_LABELS, formatDate, PARTNER_STATUSES, type PartnerStatus } from '@portal/contracts';
import { cx, LeanLink } from '@/components/lean';
import { type StaffColumn } from '@/components/staff-table';
import { paths } from '@/lib/paths';
import { type StaffPartnerRow } from '../api/get-staff-partners';
import { MissingDocumentsBadge, PartnerStatusBadge } from './partner-badges';
import type { TFunction } from 'i18next';

/**
 * The partners list's columns; the status, request and activity dates and the name sort (decision 040). The first
 * column holds the name, the e-mail and the row's menu (decision 082): the list fits 1366 px, and a phone shows the
 * actions without scrolling sideways. The cells are plain elements styled as Mantine's (decision 147).
 */
export function partnerColumns(
  t: TFunction,
  actions: (partner: StaffPartnerRow) => ReactNode,
): StaffColumn<StaffPartnerRow>[] {
  // Each row's texts resolved once a list (decision 147).
  const missingLabel = t('staff.partners.missingDocuments');
  const statuses = Object.fromEntries(
    PARTNER_STATUSES.map((status) => [status, t(`staff.partners.status.${status}`)]),
  ) as Record<PartnerStatus, string>;
  return [
    {
      key: 'companyName',
      label: t('staff.partners.columns.partner'),
      sortable: true,
      testId: 'staff-partners-sort-companyName',
      minWidth: 260,
      cell: (partner) => (
        <div className="lean-head">
          <div className="lean-lines" style={{ minWidth: 0 }}>
            <LeanLink to={paths.staffPartner.href(partner.id)} data-testid="staff-partner-link">
              {partner.displayName}
            </LeanLink>
            <p className={cx('lean-xs', 'lean-dimmed')} style={{ wordBreak: 'break-all' }}>
              {partner.email}
            </p>
            <MissingDocumentsBadge missing={partner.missingDocuments} label={missingLabel} />
          </div>
          {actions(partner)}
        </div>
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
      cell: (partner) => <PartnerStatusBadge status={partner.status} label={statuses[partner.status]} />,
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
