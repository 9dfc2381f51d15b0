import { Button, Center, Group, Loader, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PARTNER_STATUS_REASON_MAX,
  formatDate,
  formatHour,
  type PartnerStatus,
  type PartnerStatusBody,
} from '@portal/contracts';
import { TableHead } from '@/components/table-head';
import { showSnackbar } from '@/lib/snackbar';
import { useChangePartnerStatus } from '../api/change-partner-status';
import { usePartnerStatusHistory } from '../api/get-partner-status-history';

export type Target = PartnerStatusBody['status'];
type PartnerRef = { id: number; displayName: string; status: PartnerStatus };

/** The words of a move: approving a request and reinstating a suspended partner both make it active. */
export const actionOf = (from: PartnerStatus, to: Target) =>
  to === 'active' && from === 'suspended' ? 'reinstate' : to;

/** Confirms a status move (decision 026) with an optional reason, quoted in the e-mail to the partner. */
export function StatusDialog({ partner, to, onClose }: { partner: PartnerRef; to: Target; onClose: () => void }) {
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

export function HistoryDialog({ partner, onClose }: { partner: PartnerRef; onClose: () => void }) {
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
