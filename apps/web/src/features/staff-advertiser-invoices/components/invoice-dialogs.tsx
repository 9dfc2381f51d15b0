import type { AdvertiserInvoiceRow } from '../api/get-advertiser-invoices';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor } from '@portal/contracts';
import { DayInput } from '@/components/day-input';
import { showSnackbar } from '@/lib/snackbar';
import { useUpdateAdvertiserInvoice } from '../api/change-advertiser-invoice';

const REASON_MAX = 1000;

/** Today in Paris, yyyy-MM-dd: the paid day's default. */
function parisToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

/** Marks an advertiser invoice paid on a day (today in Paris unless changed); the server refuses a day out of range. */
export function MarkPaidDialog({ invoice, onClose }: { invoice: AdvertiserInvoiceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAdvertiserInvoice();
  const [paidOn, setPaidOn] = useState(parisToday);
  const [touched, setTouched] = useState(false);
  const total = formatMoneyMinor(invoice.totalAmount, invoice.currency);
  const confirm = () => {
    setTouched(true);
    if (!paidOn) return;
    update.mutate(
      { id: invoice.id, body: { status: 'paid', paidOn } },
      {
        onSuccess: () => {
          showSnackbar({
            kind: 'success',
            message: t('staff.advertiserInvoices.paid', { reference: invoice.reference, total }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff.advertiserInvoices.paidTitle', { reference: invoice.reference })}
      data-testid="advertiser-invoice-paid-dialog"
    >
      <Stack>
        <Text size="sm">
          {t('staff.advertiserInvoices.paidExplain', {
            reference: invoice.reference,
            advertiser: invoice.advertiser.name,
            total,
          })}
        </Text>
        <DayInput
          label={t('staff.advertiserInvoices.paidOn')}
          required
          value={paidOn}
          onChange={setPaidOn}
          error={touched && !paidOn ? t('formError.required') : null}
          maxDate={parisToday()}
          data-testid="advertiser-invoice-paid-on"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.advertiserInvoices.back')}
          </Button>
          <Button
            color="green"
            loading={update.isPending}
            onClick={confirm}
            data-testid="advertiser-invoice-paid-confirm"
          >
            {t('staff.advertiserInvoices.markPaid')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Cancels an advertiser invoice by a credit note for its whole amount, with the reason it requires (decision 073). */
export function CreditNoteDialog({ invoice, onClose }: { invoice: AdvertiserInvoiceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAdvertiserInvoice();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const tooLong = reason.length > REASON_MAX;
  const total = formatMoneyMinor(invoice.totalAmount, invoice.currency);
  const confirm = () => {
    setTouched(true);
    if (missing || tooLong) return;
    update.mutate(
      { id: invoice.id, body: { status: 'cancelled', reason: reason.trim() } },
      {
        onSuccess: (done) => {
          showSnackbar({
            kind: 'success',
            message: t('staff.advertiserInvoices.cancelled', {
              reference: invoice.reference,
              creditNote: done.creditNote ?? '',
            }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff.advertiserInvoices.cancelTitle', { reference: invoice.reference })}
      data-testid="advertiser-invoice-cancel-dialog"
    >
      <Stack>
        <Text size="sm">{t('staff.advertiserInvoices.cancelExplain', { reference: invoice.reference, total })}</Text>
        <Textarea
          label={t('staff.advertiserInvoices.reason')}
          description={t('staff.advertiserInvoices.reasonHint')}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={
            tooLong ? t('formError.maxLength', { n: REASON_MAX }) : touched && missing ? t('formError.required') : null
          }
          rows={3}
          data-testid="advertiser-invoice-cancel-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.advertiserInvoices.back')}
          </Button>
          <Button
            color="red"
            loading={update.isPending}
            onClick={confirm}
            data-testid="advertiser-invoice-cancel-confirm"
          >
            {t('staff.advertiserInvoices.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
