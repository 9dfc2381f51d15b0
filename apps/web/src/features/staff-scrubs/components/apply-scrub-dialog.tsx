import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor } from '@portal/contracts';
import type { CurrencyTotal } from './scrub-totals';

type ApplyScrubDialogProps = {
  count: number;
  totals: readonly CurrencyTotal[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Names what the apply reverses, and the money per currency, before it does. */
export function ApplyScrubDialog({ count, totals, busy, onConfirm, onClose }: ApplyScrubDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('staff.scrubs.apply.title')} data-testid="staff-scrub-apply-dialog">
      <Stack>
        <Text size="sm">{t('staff.scrubs.apply.confirmText', { count })}</Text>
        <List size="sm" data-testid="staff-scrub-apply-totals">
          {totals.map((total) => (
            <List.Item key={total.currency}>
              {t('staff.scrubs.apply.total', {
                count: total.conversions,
                payout: formatMoneyMinor(total.payout, total.currency),
                revenue: formatMoneyMinor(total.revenue, total.currency),
              })}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t('staff.scrubs.apply.irreversible')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.scrubs.apply.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid="staff-scrub-apply-confirm">
            {t('staff.scrubs.apply.confirm', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
