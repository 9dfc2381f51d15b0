import { Select, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar, type BulkAction } from '@/components/bulk-bar';
import { useBulkPartnerManager, useBulkPartnerStatus } from '../api/bulk-partners';

const TARGETS = ['active', 'suspended', 'closed', 'rejected'] as const;
type Target = (typeof TARGETS)[number];

/**
 * The partners list's bulk actions (decision 080): a status change with the reason each partner reads (not needed to
 * reinstate), and, for admins and team managers, one account manager for all; each confirmed with the count first.
 */
export function PartnersBulk({
  ids,
  managers,
  onDone,
}: {
  ids: number[];
  /** The managers one may assign to; null when the reader assigns none. */
  managers: { value: string; label: string }[] | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const status = useBulkPartnerStatus();
  const manager = useBulkPartnerManager();
  const [to, setTo] = useState<Target | null>(null);
  const [reason, setReason] = useState('');
  const [managerId, setManagerId] = useState<string | null>(null);
  const actions: BulkAction[] = [
    {
      key: 'status',
      label: t('staff.partners.bulk.status'),
      confirm: t('staff.partners.bulk.confirmStatus', { count: ids.length }),
      ready: to !== null && (to === 'active' || reason.trim().length > 0),
      fields: (
        <>
          <Select
            label={t('staff.partners.bulk.newStatus')}
            data={TARGETS.map((value) => ({ value, label: t(`staff.partners.status.${value}`) }))}
            value={to}
            onChange={(value) => setTo(value as Target | null)}
            data-testid="staff-partners-bulk-new-status"
          />
          <Textarea
            label={t('staff.partners.bulk.reason')}
            required={to !== 'active'}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="staff-partners-bulk-reason"
          />
        </>
      ),
      run: () =>
        status.mutateAsync({ ids, status: to ?? 'active', ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    },
  ];
  if (managers) {
    actions.unshift({
      key: 'assign',
      label: t('staff.partners.bulk.assign'),
      confirm: t('staff.partners.bulk.confirmAssign', { count: ids.length }),
      ready: managerId !== null,
      fields: (
        <Select
          label={t('staff.partners.bulk.manager')}
          data={managers}
          searchable
          value={managerId}
          onChange={setManagerId}
          data-testid="staff-partners-bulk-manager"
        />
      ),
      run: () => manager.mutateAsync({ ids, accountManagerId: Number(managerId) }),
    });
  }
  return (
    <BulkBar
      count={ids.length}
      actions={actions}
      onDone={() => {
        setTo(null);
        setReason('');
        setManagerId(null);
        onDone();
      }}
      testId="staff-partners-bulk"
    />
  );
}
