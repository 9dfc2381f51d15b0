import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentBatchStatus } from '@portal/contracts';

const COLORS: Record<PaymentBatchStatus, string> = {
  draft: 'orange',
  approved: 'blue',
  paid: 'green',
  cancelled: 'gray',
};

/** A batch's status in words and colour: waiting for approval, approved, paid, cancelled (decision 073). */
export function BatchStatusBadge({ status }: { status: PaymentBatchStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="payment-batch-status">
      {t(`staff.paymentsOut.status.${status}`)}
    </Badge>
  );
}
