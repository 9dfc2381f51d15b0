import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DeferredSelect } from '@/components/deferred-select';
import { SearchSelect } from '@/components/search-select';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayoutOverrideCreateSchema, formatPayout, parseBasisPoints, parseMinorUnits } from '@portal/contracts';
import { isApiRequestError } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';
import { useOverrideRequests } from '../api/get-override-requests';
import { usePayoutOverrides } from '../api/get-payout-overrides';
import { useRemoveOverride } from '../api/remove-override';
import { useSetOverride } from '../api/set-override';
import { staffOfferKeys } from '../api/keys';
import { searchActivePartners } from '../api/search-partners';

type OverrideRow = NonNullable<ReturnType<typeof usePayoutOverrides>['data']>[number];
type RequestRow = NonNullable<ReturnType<typeof useOverrideRequests>['data']>[number];

/**
 * A partner's own payout on a goal of the offer: listed for the partners the viewer reaches, set or
 * removed by managers; the partner sees and earns it on conversions recorded after it.
 */
export function PayoutOverrides({
  offerId,
  currency,
  goals,
  canWrite,
}: {
  offerId: number;
  currency: string;
  goals: { identifier: string; name: string }[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const overrides = usePayoutOverrides(offerId);
  const requests = useOverrideRequests(offerId);
  const setOverride = useSetOverride(offerId);
  const remove = useRemoveOverride(offerId);
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [goal, setGoal] = useState<string | null>(goals[0]?.identifier ?? null);
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameOf = (identifier: string) => goals.find((g) => g.identifier === identifier)?.name ?? identifier;

  const submit = async () => {
    const body = { partnerId: Number(partnerId) || 0, goal: goal ?? '', payoutAmount: parseMinorUnits(amount, currency), payoutPercent: parseBasisPoints(percent) }; // prettier-ignore
    const parsed = PayoutOverrideCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t(`formError.${i.message}`, { defaultValue: t('formError.type') })]))); // prettier-ignore
      return;
    }
    setErrors({});
    try {
      const answer = await setOverride.mutateAsync(body);
      const pending = answer.data?.status === 'pending';
      showSnackbar({ kind: 'success', message: t(pending ? 'staff.offers.overrides.requested' : 'staff.offers.overrides.saved') }); // prettier-ignore
      setAmount('');
      setPercent('');
    } catch (error) {
      if (isApiRequestError(error) && error.errors) setErrors(error.errors);
      showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : t('errors.generic') });
    }
  };

  const partnerColumn = { key: 'partner', label: t('staff.offers.overrides.partner'), cell: (row: { partner: { id: number; name: string } }) => `${row.partner.name} #${row.partner.id}` };
  const goalColumn = { key: 'goal', label: t('staff.offers.goal.goal'), cell: (row: { goal: string }) => nameOf(row.goal) };
  const payoutOf = (row: { payoutAmount: number | null; payoutPercent: number | null }) => formatPayout({ amount: row.payoutAmount, percent: row.payoutPercent, currency });
  const overrideColumns: StaffColumn<OverrideRow>[] = [
    partnerColumn,
    goalColumn,
    { key: 'payout', label: t('staff.offers.previewPayout'), cell: payoutOf },
  ];
  const requestColumns: StaffColumn<RequestRow>[] = [
    partnerColumn,
    goalColumn,
    { key: 'payout', label: t('staff.offers.overrides.requestedPayout'), cell: payoutOf },
    { key: 'state', label: t('staff.offers.overrides.state'), cell: (r) => t(`staff.offers.overrides.states.${r.status}`, { reason: r.reason ?? '' }) },
  ];

  return (
    <Paper withBorder p="md" id="overrides" data-testid="staff-offer-overrides">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.offers.overrides.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.offers.overrides.hint')}
        </Text>
        <StaffTable
          columns={overrideColumns}
          rows={overrides.data ?? []}
          rowKey={(o) => o.id}
          rowTestId="staff-offer-override-row"
          loading={false}
          empty={<Text size="sm">{t('staff.offers.overrides.empty')}</Text>}
          testId="staff-offer-overrides-table"
          tableProps={{ withTableBorder: true }}
          actionsLabel={t('staff.offers.overrides.actions')}
          rowActions={
            canWrite
              ? (o) => (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove.mutate(o.id, { onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.offers.overrides.removed') }) })}>
                    {t('staff.offers.overrides.remove')}
                  </Button>
                )
              : undefined
          }
        />
        {(requests.data ?? []).length > 0 ? (
          <>
            <Title order={4} size="h5">
              {t('staff.offers.overrides.requestsTitle')}
            </Title>
            <StaffTable
              columns={requestColumns}
              rows={requests.data}
              rowKey={(r) => r.id}
              rowTestId="staff-offer-override-request"
              rowAttributes={(r) => ({ 'data-status': r.status })}
              loading={false}
              empty={null}
              testId="staff-offer-override-requests"
              tableProps={{ withTableBorder: true }}
            />
          </>
        ) : null}
        {canWrite ? (
          <Group align="flex-start" grow>
            <SearchSelect label={t('staff.offers.overrides.partner')} load={searchActivePartners} queryKey={staffOfferKeys.partnerPicker('override-partners')} value={partnerId ?? ''} onChange={(next) => setPartnerId(next || null)} error={errors.partnerId} nothingFoundMessage={t('staff.offers.overrides.nothingFound')} data-testid="staff-offer-override-partner" />
            <DeferredSelect label={t('staff.offers.goal.goal')} data={goals.map((g) => ({ value: g.identifier, label: g.name }))} value={goal} onChange={setGoal} allowDeselect={false} error={errors.goal} data-testid="staff-offer-override-goal" />
            <TextInput label={t('staff.offers.goal.payoutAmount', { currency })} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={errors.payoutAmount} data-testid="staff-offer-override-amount" />
            <TextInput label={t('staff.offers.goal.payoutPercent')} inputMode="decimal" value={percent} onChange={(e) => setPercent(e.currentTarget.value)} error={errors.payoutPercent} data-testid="staff-offer-override-percent" />
          </Group>
        ) : null}
        {canWrite ? (
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={setOverride.isPending} data-testid="staff-offer-override-save">
              {t('staff.offers.overrides.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
} // prettier-ignore
