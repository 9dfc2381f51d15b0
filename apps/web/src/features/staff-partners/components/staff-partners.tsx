import { Badge, Button, Center, Group, Loader, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PARTNER_STATUSES,
  PARTNER_STATUS_REASON_MAX,
  PARTNER_STATUS_TRANSITIONS,
  formatDate,
  formatHour,
  type PartnerStatus,
  type PartnerStatusBody,
} from '@portal/contracts';
import { TableHead } from '@/components/table-head';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { showSnackbar } from '@/lib/snackbar';
import {
  useChangePartnerStatus,
  usePartnerStatusHistory,
  useStaffPartners,
  useViewAsPartner,
  type StaffPartnerRow,
} from '../api/staff-partners';

type Target = PartnerStatusBody['status'];

const STATUS_COLOR: Record<PartnerStatus, string> = {
  pending: 'yellow',
  active: 'green',
  rejected: 'red',
  suspended: 'orange',
  closed: 'gray',
};

/** The words of a move: approving a request and reinstating a suspended partner both make it active. */
const actionOf = (from: PartnerStatus, to: Target) => (to === 'active' && from === 'suspended' ? 'reinstate' : to);

const DEFAULT_FILTER = 'pending';

/**
 * The back-office's partners (decision 026): the registrations waiting for a decision by default, any status on
 * demand, with the moves each status allows (approve, decline, suspend, reinstate, close), an optional reason sent
 * to the partner, and who changed what. The server checks the roles and the account manager's reach again.
 */
export function StaffPartners() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = searchParams.get('status') ?? DEFAULT_FILTER;
  const status = (PARTNER_STATUSES as readonly string[]).includes(filter) ? (filter as PartnerStatus) : null;
  const partners = useStaffPartners(status);
  const viewAs = useViewAsPartner();
  const [move, setMove] = useState<{ partner: StaffPartnerRow; to: Target } | null>(null);
  const [historyOf, setHistoryOf] = useState<StaffPartnerRow | null>(null);

  let body;
  if (partners.isPending)
    body = (
      <Center p="xl" data-testid="staff-partners-loading">
        <Loader />
      </Center>
    );
  else if (partners.isError)
    body = (
      <Text c="dimmed" ta="center" p="xl">
        {t('errors.generic')}
      </Text>
    );
  else if (partners.data.length === 0)
    body = (
      <Text c="dimmed" ta="center" p="xl" data-testid="staff-partners-empty">
        {t('staff.partners.empty')}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover data-testid="staff-partners-table">
          <TableHead
            labels={['partner', 'email', 'requested', 'status', 'actions'].map((column) =>
              t(`staff.partners.columns.${column}`),
            )}
          />
          <Table.Tbody>
            {partners.data.map((partner) => (
              <Table.Tr key={partner.id} data-testid="staff-partner-row" data-partner-id={partner.id}>
                <Table.Td>{partner.displayName}</Table.Td>
                <Table.Td>{partner.email}</Table.Td>
                <Table.Td>{partner.createdAt ? formatDate(partner.createdAt) : '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[partner.status]} variant="light">
                    {t(`staff.partners.status.${partner.status}`)}
                  </Badge>
                </Table.Td>
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
    );

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TypeAheadSelect
          label={t('staff.partners.filter')}
          data={[
            { value: 'all', label: t('staff.partners.all') },
            ...PARTNER_STATUSES.map((value) => ({ value, label: t(`staff.partners.status.${value}`) })),
          ]}
          value={status ?? 'all'}
          onChange={(value) => setSearchParams(value === DEFAULT_FILTER ? {} : { status: value ?? 'all' })}
          allowDeselect={false}
          w={220}
          data-testid="staff-partners-filter"
        />
      </Group>
      {body}
      {move && <StatusDialog partner={move.partner} to={move.to} onClose={() => setMove(null)} />}
      {historyOf && <HistoryDialog partner={historyOf} onClose={() => setHistoryOf(null)} />}
    </Stack>
  );
}

function StatusDialog({ partner, to, onClose }: { partner: StaffPartnerRow; to: Target; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePartnerStatus();
  const [reason, setReason] = useState('');
  const action = t(`staff.partners.actions.${actionOf(partner.status, to)}`);
  const tooLong = reason.length > PARTNER_STATUS_REASON_MAX;
  const confirm = () => {
    const body: PartnerStatusBody = reason.trim() ? { status: to, reason: reason.trim() } : { status: to };
    change.mutate(
      { id: partner.id, body },
      {
        onSuccess: () => {
          showSnackbar({
            kind: 'success',
            message: t('staff.partners.changed', {
              name: partner.displayName,
              status: t(`staff.partners.status.${to}`),
            }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`${action}: ${partner.displayName}`} data-testid="staff-partner-dialog">
      <Stack>
        <Text size="sm">{t(`staff.partners.explain.${actionOf(partner.status, to)}`)}</Text>
        <Textarea
          label={t('staff.partners.reason')}
          description={t('staff.partners.reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tooLong ? t('formError.maxLength', { n: PARTNER_STATUS_REASON_MAX }) : null}
          rows={3}
          data-testid="staff-partner-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.partners.cancel')}
          </Button>
          <Button onClick={confirm} loading={change.isPending} disabled={tooLong} data-testid="staff-partner-confirm">
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function HistoryDialog({ partner, onClose }: { partner: StaffPartnerRow; onClose: () => void }) {
  const { t } = useTranslation();
  const history = usePartnerStatusHistory(partner.id);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('staff.partners.historyTitle', { name: partner.displayName })}
      data-testid="staff-partner-history"
    >
      {history.isPending ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : !history.data || history.data.length === 0 ? (
        <Text c="dimmed">{t('staff.partners.noHistory')}</Text>
      ) : (
        <Table>
          <TableHead
            labels={['date', 'change', 'by', 'reason'].map((column) => t(`staff.partners.columns.${column}`))}
          />
          <Table.Tbody>
            {history.data.map((change) => (
              <Table.Tr key={change.id} data-testid="staff-partner-history-row">
                <Table.Td>
                  {change.createdAt ? `${formatDate(change.createdAt)} ${formatHour(change.createdAt)}` : '—'}
                </Table.Td>
                <Table.Td>
                  {t(`staff.partners.status.${change.from}`)} → {t(`staff.partners.status.${change.to}`)}
                </Table.Td>
                <Table.Td>{change.changedBy?.name ?? '—'}</Table.Td>
                <Table.Td>{change.reason ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
