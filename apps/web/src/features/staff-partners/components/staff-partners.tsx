import {
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ACCOUNT_TYPES,
  ACCOUNT_TYPE_LABELS,
  DOCUMENT_TYPE_LABELS,
  PARTNER_STATUSES,
  PARTNER_STATUS_TRANSITIONS,
  STAFF_PARTNER_SORTS,
  formatDate,
  type AccountType,
  type DocumentType,
  type PartnerStatus,
  type StaffPartnersQuery,
} from '@portal/contracts';
import { SortableTh } from '@/components/sortable-th';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { WindowPagination } from '@/components/window-pagination';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useAssignableManagers, useStaffPartners, useViewAsPartner, type StaffPartnerRow } from '../api/staff-partners';
import { HistoryDialog, StatusDialog, actionOf, type Target } from './partner-status-dialogs';

const PAGE_SIZE = 50;

/** The spec's status colours (section 4): active green, rejected red, pending yellow, suspended light, closed dark. */
export const STATUS_BADGE: Record<PartnerStatus, { color: string; variant: 'light' | 'filled' | 'outline' }> = {
  active: { color: 'green', variant: 'light' },
  rejected: { color: 'red', variant: 'light' },
  pending: { color: 'yellow', variant: 'light' },
  suspended: { color: 'gray', variant: 'outline' },
  closed: { color: 'dark', variant: 'filled' },
};

export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  const { t } = useTranslation();
  return (
    <Badge {...STATUS_BADGE[status]} data-testid="staff-partner-status">
      {t(`staff.partners.status.${status}`)}
    </Badge>
  );
}

/** The flag of a partner lacking an approved, unexpired document of a required type. */
export function MissingDocumentsBadge({ missing }: { missing: readonly DocumentType[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  const names = missing.map((type) => DOCUMENT_TYPE_LABELS[type]).join(', ');
  return (
    <Tooltip label={names}>
      <Badge color="orange" variant="light" style={{ flexShrink: 0 }} miw="fit-content" data-testid="staff-partner-missing-documents" aria-label={`${t('staff.partners.missingDocuments')}: ${names}`}>
        {t('staff.partners.missingDocuments')}
      </Badge>
    </Tooltip>
  );
} // prettier-ignore

type Sort = (typeof STAFF_PARTNER_SORTS)[number];

/** The list's state lives in the address, so that a filtered list can be shared and the back button works. */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sortName = params.get('sortName');
  const accountType = params.get('accountType');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: StaffPartnersQuery = {
    page,
    count: PAGE_SIZE,
    sortName: (STAFF_PARTNER_SORTS as readonly string[]).includes(sortName ?? '') ? (sortName as Sort) : 'id',
    sortOrder: params.get('sortOrder') === 'asc' ? 'asc' : 'desc',
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
    ...((PARTNER_STATUSES as readonly string[]).includes(status ?? '') ? { status: status as PartnerStatus } : {}),
    ...(Number(params.get('accountManagerId')) > 0 ? { accountManagerId: Number(params.get('accountManagerId')) } : {}),
    ...((ACCOUNT_TYPES as readonly string[]).includes(accountType ?? '') ? { accountType: accountType as AccountType } : {}),
    ...(params.get('documents') === 'missing' ? { documents: 'missing' as const } : {}),
  };
  /** Sets some parameters; any change but the page's goes back to page 1. */
  const set = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  return { query, page, set };
} // prettier-ignore

/**
 * The console's partners (decision 040): every status unless filtered, searched by company name, e-mail or id, filtered by
 * status, account manager, account type and missing documents, sorted and paged; each row opens the partner's page,
 * and the moves its status allows (decision 026) stay at hand for the pending requests.
 */
export function StaffPartners() {
  const { t } = useTranslation();
  const config = useConfig();
  const { query, page, set } = useListQuery();
  const [search, setSearch] = useState(query.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if ((query.q ?? '') !== debounced.trim()) set({ q: debounced.trim() });
    // Only the typed text drives this; the address is its result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const assigns = config.roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_TEAM_MANAGER');
  const managers = useAssignableManagers(assigns);
  const partners = useStaffPartners(query);
  const viewAs = useViewAsPartner();
  const [move, setMove] = useState<{ partner: StaffPartnerRow; to: Target } | null>(null);
  const [historyOf, setHistoryOf] = useState<StaffPartnerRow | null>(null);

  const sortOf = (name: Sort) => (query.sortName === name ? (query.sortOrder ?? 'desc') : null);
  const sortBy = (name: Sort) =>
    set({ sortName: name, sortOrder: query.sortName === name && query.sortOrder === 'asc' ? 'desc' : 'asc' });

  let body;
  if (partners.isPending)
    body = (
      <Center p="xl" data-testid="staff-partners-loading">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  else if (partners.isError)
    body = (
      <Text c="dimmed" ta="center" p="xl">
        {t('errors.generic')}
      </Text>
    );
  else if (partners.data.list.length === 0)
    body = (
      <Text c="dimmed" ta="center" p="xl" data-testid="staff-partners-empty">
        {t('staff.partners.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="staff-partners-total">
          {t('staff.partners.total', { count: partners.data.total })}
        </Text>
        <Table.ScrollContainer minWidth={1320}>
          <Table striped highlightOnHover data-testid="staff-partners-table">
            <Table.Thead>
              <Table.Tr>
                <SortableTh order={sortOf('companyName')} onSort={() => sortBy('companyName')} data-testid="staff-partners-sort-companyName">
                  {t('staff.partners.columns.partner')}
                </SortableTh>
                <Table.Th>{t('staff.partners.columns.email')}</Table.Th>
                <Table.Th>{t('staff.partners.columns.accountManager')}</Table.Th>
                <Table.Th>{t('staff.partners.columns.accountType')}</Table.Th>
                <SortableTh order={sortOf('status')} onSort={() => sortBy('status')}>
                  {t('staff.partners.columns.status')}
                </SortableTh>
                <SortableTh order={sortOf('createdAt')} onSort={() => sortBy('createdAt')}>
                  {t('staff.partners.columns.requested')}
                </SortableTh>
                <SortableTh order={sortOf('lastActivityAt')} onSort={() => sortBy('lastActivityAt')}>
                  {t('staff.partners.columns.lastActivity')}
                </SortableTh>
                <Table.Th>{t('staff.partners.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {partners.data.list.map((partner) => (
                <Table.Tr key={partner.id} data-testid="staff-partner-row" data-partner-id={partner.id}>
                  <Table.Td miw={220}>
                    <Stack gap={2}>
                      <Anchor component={Link} to={paths.staffPartner.href(partner.id)} data-testid="staff-partner-link">
                        {partner.displayName}
                      </Anchor>
                      <MissingDocumentsBadge missing={partner.missingDocuments} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>{partner.email}</Table.Td>
                  <Table.Td>{partner.accountManager?.name ?? '—'}</Table.Td>
                  <Table.Td>{ACCOUNT_TYPE_LABELS[partner.accountType]}</Table.Td>
                  <Table.Td miw={124}>
                    <PartnerStatusBadge status={partner.status} />
                  </Table.Td>
                  <Table.Td>{partner.createdAt ? formatDate(partner.createdAt) : '—'}</Table.Td>
                  <Table.Td>{partner.lastActivityAt ? formatDate(partner.lastActivityAt) : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {PARTNER_STATUS_TRANSITIONS[partner.status].map((to) => (
                        <Button
                          key={to}
                          size="compact-sm"
                          variant={to === 'active' ? 'filled' : 'light'}
                          color={to === 'active' ? 'green' : to === 'rejected' ? 'red' : 'gray'}
                          onClick={() => setMove({ partner, to: to as Target })}
                        >
                          {t(`staff.partners.actions.${actionOf(partner.status, to as Target)}`)}
                        </Button>
                      ))}
                      <Button size="compact-sm" variant="subtle" onClick={() => setHistoryOf(partner)}>
                        {t('staff.partners.actions.history')}
                      </Button>
                      {partner.status === 'active' ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          loading={viewAs.isPending && viewAs.variables === partner.id}
                          onClick={() => viewAs.mutate(partner.id)}
                          data-testid="staff-partner-view-as"
                        >
                          {t('staff.partners.actions.viewAs')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <WindowPagination
          page={page}
          totalPages={Math.ceil(partners.data.total / PAGE_SIZE)}
          onChange={(page) => set({ page: String(page) })}
          label={t('staff.partners.pages')}
          testId="staff-partners-pages"
        />
      </Stack>
    ); // prettier-ignore

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('staff.partners.search')}
          placeholder={t('staff.partners.searchHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
          data-testid="staff-partners-search"
        />
        <TypeAheadSelect
          label={t('staff.partners.filter')}
          data={[
            { value: 'all', label: t('staff.partners.all') },
            ...PARTNER_STATUSES.map((value) => ({ value, label: t(`staff.partners.status.${value}`) })),
          ]}
          value={query.status ?? 'all'}
          onChange={(value) => set({ status: value === 'all' ? null : value })}
          allowDeselect={false}
          w={180}
          data-testid="staff-partners-filter"
        />
        {assigns ? (
          <TypeAheadSelect
            label={t('staff.partners.columns.accountManager')}
            data={[
              { value: 'all', label: t('staff.partners.all') },
              ...(managers.data ?? []).map((user) => ({ value: String(user.id), label: user.displayName })),
            ]}
            value={query.accountManagerId ? String(query.accountManagerId) : 'all'}
            onChange={(value) => set({ accountManagerId: value === 'all' ? null : value })}
            allowDeselect={false}
            w={220}
            data-testid="staff-partners-manager-filter"
          />
        ) : null}
        <TypeAheadSelect
          label={t('staff.partners.columns.accountType')}
          data={[
            { value: 'all', label: t('staff.partners.all') },
            ...ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] })),
          ]}
          value={query.accountType ?? 'all'}
          onChange={(value) => set({ accountType: value === 'all' ? null : value })}
          allowDeselect={false}
          w={160}
          data-testid="staff-partners-type-filter"
        />
        <Checkbox
          label={t('staff.partners.onlyMissingDocuments')}
          checked={query.documents === 'missing'}
          onChange={(event) => set({ documents: event.currentTarget.checked ? 'missing' : null })}
          mb={8}
          data-testid="staff-partners-missing-filter"
        />
      </Group>
      {body}
      {move && <StatusDialog partner={move.partner} to={move.to} onClose={() => setMove(null)} />}
      {historyOf && <HistoryDialog partner={historyOf} onClose={() => setHistoryOf(null)} />}
    </Stack>
  );
}
