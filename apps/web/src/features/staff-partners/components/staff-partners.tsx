import { Center, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_TYPES,
  ACCOUNT_TYPE_LABELS,
  PARTNER_STATUSES,
  STAFF_PARTNER_SORTS,
  type AccountType,
  type PartnerStatus,
  type StaffPartnersQuery,
} from '@portal/contracts';
import { StaffTable } from '@/components/staff-table';
import { DeferredTypeAheadSelect } from '@/components/deferred-select';
import { useRowSelection } from '@/components/use-row-selection';
import { useConfig } from '@/lib/config';
import { useAddressParams, withChanges } from '@/lib/use-address-params';
import { useAssignableManagers } from '../api/get-assignable-managers';
import { useStaffPartners, type StaffPartnerRow } from '../api/get-staff-partners';
import { useViewAsPartner } from '../api/view-as-partner';
import type { Target } from './partner-status-dialogs';
import { PartnerRowActions } from './partner-row-actions';
import { partnerColumns } from './partner-columns';

// Loaded when first wanted (decision 119): the bulk bar once a row is picked (its confirmation dialog and selects),
// the status and history dialogs once asked for from a row's menu; a loader shows the press was taken meanwhile.
const PartnersBulk = lazy(() => import('./partners-bulk').then((m) => ({ default: m.PartnersBulk })));
const StatusDialog = lazy(() => import('./partner-status-dialogs').then((m) => ({ default: m.StatusDialog })));
const HistoryDialog = lazy(() => import('./partner-status-dialogs').then((m) => ({ default: m.HistoryDialog })));

function BulkPending() {
  const { t } = useTranslation();
  return <Loader size="sm" aria-label={t('common.loading')} data-testid="staff-partners-bulk-pending" />;
}

function DialogPending() {
  const { t } = useTranslation();
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true" data-testid="staff-partners-dialog-pending">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

const PAGE_SIZE = 50;

type Sort = (typeof STAFF_PARTNER_SORTS)[number];

/** The list's state lives in the address, so that a filtered list can be shared and the back button works. */
function useListQuery() {
  const [params, setParams] = useAddressParams();
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
  const set = (changes: Record<string, string | null>) => setParams(withChanges(changes));
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
  const picked = useRowSelection(partners.data?.list, {
    row: (partner) => t('staff.partners.bulk.select', { name: partner.displayName }),
    all: t('staff.partners.bulk.selectAll'),
  });

  const sortBy = (name: string) =>
    set({ sortName: name, sortOrder: query.sortName === name && query.sortOrder === 'asc' ? 'desc' : 'asc' });
  const columns = partnerColumns(t, (partner) => (
    <PartnerRowActions
      partner={partner}
      onMove={(to) => setMove({ partner, to })}
      onHistory={() => setHistoryOf(partner)}
      viewAs={viewAs}
    />
  ));
  const body = (
    <StaffTable
      columns={columns}
      rows={partners.data?.list}
      rowKey={(partner) => partner.id}
      rowTestId="staff-partner-row"
      rowAttributes={(partner) => ({ 'data-partner-id': partner.id })}
      loading={partners.isPending}
      loadingTestId="staff-partners-loading"
      error={
        partners.isError && (
          <Text c="dimmed" ta="center" p="xl">
            {t('errors.generic')}
          </Text>
        )
      }
      empty={
        <Text c="dimmed" ta="center" p="xl" data-testid="staff-partners-empty">
          {t('staff.partners.empty')}
        </Text>
      }
      above={
        <>
          <Text size="sm" c="dimmed" data-testid="staff-partners-total">
            {t('staff.partners.total', { count: partners.data?.total ?? 0 })}
          </Text>
          {picked.ids.length > 0 ? (
            <Suspense fallback={<BulkPending />}>
              <PartnersBulk
                ids={picked.ids}
                managers={
                  assigns
                    ? (managers.data ?? []).map((user) => ({ value: String(user.id), label: user.displayName }))
                    : null
                }
                onDone={picked.clear}
              />
            </Suspense>
          ) : null}
        </>
      }
      selection={picked.selection}
      minWidth={940}
      testId="staff-partners-table"
      sort={{ by: query.sortName ?? null, order: query.sortOrder ?? 'desc', onSort: sortBy }}
      paging={{
        page,
        total: partners.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onChange: (page) => set({ page: String(page) }),
        label: t('staff.partners.pages'),
        testId: 'staff-partners-pages',
      }}
    />
  );

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
        <DeferredTypeAheadSelect
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
          <DeferredTypeAheadSelect
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
        <DeferredTypeAheadSelect
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
      <Suspense fallback={<DialogPending />}>
        {move && <StatusDialog partner={move.partner} to={move.to} onClose={() => setMove(null)} />}
        {historyOf && <HistoryDialog partner={historyOf} onClose={() => setHistoryOf(null)} />}
      </Suspense>
    </Stack>
  );
}
