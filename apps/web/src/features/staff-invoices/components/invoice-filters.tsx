import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INVOICE_STATUSES, PAYMENT_CURRENCIES, PAYMENT_METHODS } from '@portal/contracts';

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
import { DayInput } from '@/components/day-input';

type Status = (typeof INVOICE_STATUSES)[number];
export const isStatus = (value: string | null): value is Status => INVOICE_STATUSES.includes(value as Status);
/** The hold and SEPA filters of the address: 'true', 'false', or absent for both. */
const BOOLEAN_VALUES = ['true', 'false'] as const;
export const booleanOf = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);
export const isCurrency = (value: string | null): value is string =>
  PAYMENT_CURRENCIES.some((currency) => currency === value);
export const isPaymentMethod = (value: string | null): value is PaymentMethod =>
  PAYMENT_METHODS.some((method) => method === value);
export const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
/** The filters the address holds, beside the page. */
export const FILTER_KEYS = ['status', 'held', 'currency', 'dueBefore', 'paymentMethod', 'sepa'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The Invoices screen's filters (decisions 072, 073): status, payment hold, currency, due on or before a Paris day,
 * payment method, and whether a SEPA batch could pay it or it is paid by hand. The screen keeps them in the address.
 */
export function InvoiceFilters({
  values,
  label,
  onChange,
}: {
  values: {
    status: string | null;
    held: boolean | undefined;
    sepa: boolean | undefined;
    currency: string | null;
    dueBefore: string | null;
    paymentMethod: string | null;
  };
  /** A status in words. */
  label: (status: string) => string;
  onChange: (key: FilterKey, value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('staff.invoices.status')}
        data-testid="staff-invoices-status"
        placeholder={t('staff.invoices.allStatuses')}
        clearable
        data={INVOICE_STATUSES.map((value) => ({ value, label: label(value) }))}
        value={isStatus(values.status) ? values.status : null}
        onChange={(value) => onChange('status', value)}
        w={230}
      />
      <Select
        label={t('staff.invoices.hold')}
        data-testid="staff-invoices-held"
        placeholder={t('staff.invoices.holdAny')}
        clearable
        data={BOOLEAN_VALUES.map((value) => ({
          value,
          label: t(value === 'true' ? 'staff.invoices.holdYes' : 'staff.invoices.holdNo'),
        }))}
        value={values.held === undefined ? null : String(values.held)}
        onChange={(value) => onChange('held', value)}
        w={160}
      />
      <Select
        label={t('staff.invoices.filters.currency')}
        data-testid="staff-invoices-currency"
        placeholder={t('staff.invoices.filters.anyCurrency')}
        clearable
        data={[...PAYMENT_CURRENCIES]}
        value={isCurrency(values.currency) ? values.currency : null}
        onChange={(value) => onChange('currency', value)}
        w={150}
      />
      <DayInput
        label={t('staff.invoices.filters.dueBefore')}
        data-testid="staff-invoices-due-before"
        clearable
        value={isDay(values.dueBefore) ? values.dueBefore : ''}
        onChange={(value) => onChange('dueBefore', value || null)}
        w={170}
      />
      <Select
        label={t('staff.invoices.filters.paymentMethod')}
        data-testid="staff-invoices-payment-method"
        placeholder={t('staff.invoices.filters.anyMethod')}
        clearable
        data={PAYMENT_METHODS.map((value) => ({ value, label: t(`staff.invoices.paymentMethods.${value}`) }))}
        value={isPaymentMethod(values.paymentMethod) ? values.paymentMethod : null}
        onChange={(value) => onChange('paymentMethod', value)}
        w={170}
      />
      <Select
        label={t('staff.invoices.filters.sepa')}
        data-testid="staff-invoices-sepa"
        placeholder={t('staff.invoices.filters.sepaAny')}
        clearable
        data={BOOLEAN_VALUES.map((value) => ({
          value,
          label: t(value === 'true' ? 'staff.invoices.filters.sepaYes' : 'staff.invoices.filters.sepaNo'),
        }))}
        value={values.sepa === undefined ? null : String(values.sepa)}
        onChange={(value) => onChange('sepa', value)}
        w={170}
      />
    </Group>
  );
}
