import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DeferredSelect } from '@/components/deferred-select';
import { SearchSelect } from '@/components/search-select';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAP_METRICS,
  CAP_PERIODS,
  CapInputSchema,
  formatCount,
  formatDate,
  formatHour,
  formatMoneyMinor,
  parseMinorUnits,
  type CapMetric,
  type CapPeriod,
} from '@portal/contracts';
import { isApiRequestError } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';
import { useCaps, type CapRow } from '../api/get-caps';
import { useReplaceCaps } from '../api/replace-caps';
import { staffOfferKeys } from '../api/keys';
import { searchActivePartners } from '../api/search-partners';

const ALL_PARTNERS = 'all';
const isMoney = (metric: CapMetric) => metric === 'payout' || metric === 'revenue';

/**
 * The offer's caps (decision 045): offer-wide and per partner, on clicks, conversions, payout or revenue, per Paris day,
 * month or in total, with what the current period has used. Managers add, change (same partner, metric and period:
 * a new limit) and remove them; each change saves the whole list the viewer may set.
 */
export function OfferCaps({
  offerId,
  currency,
  canWrite,
  canCapOffer,
}: {
  offerId: number;
  currency: string;
  canWrite: boolean;
  /** Administrators and team managers cap the whole offer; account managers only their partners. */
  canCapOffer: boolean;
}) {
  const { t } = useTranslation();
  const caps = useCaps(offerId);
  const replace = useReplaceCaps(offerId);
  const [partnerId, setPartnerId] = useState<string | null>(canCapOffer ? ALL_PARTNERS : null);
  const [metric, setMetric] = useState<CapMetric>('conversions');
  const [period, setPeriod] = useState<CapPeriod>('day');
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const amount = (m: CapMetric, value: number) => (isMoney(m) ? formatMoneyMinor(value, currency) : formatCount(value));
  const asInput = (c: CapRow) => ({ partnerId: c.partner?.id ?? null, metric: c.metric, period: c.period, limit: c.limit }); // prettier-ignore
  const writable = (c: CapRow) => canWrite && (c.partner !== null || canCapOffer);

  const save = async (list: ReturnType<typeof asInput>[], success: string) => {
    try {
      await replace.mutateAsync(list);
      showSnackbar({ kind: 'success', message: success });
      return true;
    } catch (error) {
      if (isApiRequestError(error) && error.errors) {
        // Errors name the list's index; the form's fields are the last item's.
        const last = list.length - 1;
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.replace(`${last}.`, ''), v])));
      }
      showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : t('errors.generic') });
      return false;
    }
  };

  const add = async () => {
    const cap = {
      partnerId: partnerId === ALL_PARTNERS ? null : Number(partnerId) || 0,
      metric,
      period,
      limit: isMoney(metric) ? (parseMinorUnits(limit, currency) ?? Number.NaN) : Number(limit.trim() || Number.NaN),
    };
    const parsed = CapInputSchema.safeParse(cap);
    if (!parsed.success || partnerId === null) {
      setErrors({
        ...(partnerId === null ? { partnerId: t('formError.required') } : {}),
        ...Object.fromEntries((parsed.error?.issues ?? []).map((i) => [String(i.path[0]), t(`formError.${i.message}`, { defaultValue: t('formError.type'), n: 'minimum' in i ? Number(i.minimum) : 'maximum' in i ? Number(i.maximum) : '' })])), // prettier-ignore
      });
      return;
    }
    setErrors({});
    // Same partner, metric and period: the new limit replaces the old one (the cap keeps its usage).
    const same = (c: CapRow) => (c.partner?.id ?? null) === cap.partnerId && c.metric === cap.metric && c.period === cap.period; // prettier-ignore
    const list = [...(caps.data ?? []).filter((c) => writable(c) && !same(c)).map(asInput), cap];
    if (await save(list, t('staff.offers.caps.saved'))) setLimit('');
  };

  const remove = (cap: CapRow) =>
    void save((caps.data ?? []).filter((c) => writable(c) && c.id !== cap.id).map(asInput), t('staff.offers.caps.removed')); // prettier-ignore

  const columns: StaffColumn<CapRow>[] = [
    { key: 'partner', label: t('staff.offers.overrides.partner'), cell: (c) => (c.partner ? `${c.partner.name} #${c.partner.id}` : t('staff.offers.caps.allPartners')) },
    { key: 'metric', label: t('staff.offers.caps.metric'), cell: (c) => t(`staff.offers.caps.metrics.${c.metric}`) },
    { key: 'period', label: t('staff.offers.caps.period'), cell: (c) => t(`staff.offers.caps.periods.${c.period}`) },
    { key: 'used', label: t('staff.offers.caps.used'), cell: (c) => t('staff.offers.caps.usedOf', { used: amount(c.metric, c.used), limit: amount(c.metric, c.limit) }) },
    { key: 'resetsAt', label: t('staff.offers.caps.resetsAt'), cell: (c) => (c.resetsAt ? `${formatDate(c.resetsAt)} ${formatHour(c.resetsAt)}` : '—') },
  ];

  return (
    <Paper withBorder p="md" id="caps" data-testid="staff-offer-caps">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.offers.caps.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.offers.caps.hint')}
        </Text>
        <StaffTable
          columns={columns}
          rows={caps.data ?? []}
          rowKey={(c) => c.id}
          rowTestId="staff-offer-cap-row"
          loading={false}
          empty={<Text size="sm">{t('staff.offers.caps.empty')}</Text>}
          testId="staff-offer-caps-table"
          tableProps={{ withTableBorder: true }}
          actionsLabel={t('staff.offers.overrides.actions')}
          rowActions={
            canWrite
              ? (c) =>
                  writable(c) ? (
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove(c)}>
                      {t('staff.offers.overrides.remove')}
                    </Button>
                  ) : null
              : undefined
          }
        />
        {canWrite ? (
          <Group align="flex-start" grow>
            <SearchSelect label={t('staff.offers.overrides.partner')} load={searchActivePartners} queryKey={staffOfferKeys.partnerPicker('cap-partners')} fixed={canCapOffer ? [{ value: ALL_PARTNERS, label: t('staff.offers.caps.allPartners') }] : []} value={partnerId ?? ''} onChange={(next) => setPartnerId(next || null)} error={errors.partnerId} nothingFoundMessage={t('staff.offers.overrides.nothingFound')} data-testid="staff-offer-cap-partner" />
            <DeferredSelect label={t('staff.offers.caps.metric')} data={CAP_METRICS.map((m) => ({ value: m, label: t(`staff.offers.caps.metrics.${m}`) }))} value={metric} onChange={(v) => v && setMetric(v as CapMetric)} allowDeselect={false} error={errors.metric} data-testid="staff-offer-cap-metric" />
            <DeferredSelect label={t('staff.offers.caps.period')} data={CAP_PERIODS.map((p) => ({ value: p, label: t(`staff.offers.caps.periods.${p}`) }))} value={period} onChange={(v) => v && setPeriod(v as CapPeriod)} allowDeselect={false} error={errors.period} data-testid="staff-offer-cap-period" />
            <TextInput label={isMoney(metric) ? t('staff.offers.caps.limitMoney', { currency }) : t('staff.offers.caps.limit')} inputMode={isMoney(metric) ? 'decimal' : 'numeric'} value={limit} onChange={(e) => setLimit(e.currentTarget.value)} error={errors.limit} data-testid="staff-offer-cap-limit" />
          </Group>
        ) : null}
        {canWrite ? (
          <Group justify="flex-end">
            <Button onClick={() => void add()} loading={replace.isPending} data-testid="staff-offer-cap-save">
              {t('staff.offers.caps.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
} // prettier-ignore
