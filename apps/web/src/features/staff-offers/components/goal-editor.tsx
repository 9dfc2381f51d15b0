import { Alert, Button, Checkbox, Group, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { negativeMargin, parseBasisPoints, parseMinorUnits } from '@portal/contracts';
import { type CatalogueOptionsData } from '../api/get-catalogue-options';
import { type GoalDraft } from './offer-draft';

export function GoalEditor({
  index,
  goal,
  options,
  currency,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  goal: GoalDraft;
  options: CatalogueOptionsData;
  currency: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<GoalDraft>) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const at = (field: string) => errors[`goals.${index}.${field}`];
  const money = (text: string) => parseMinorUnits(text, currency);
  const loss = negativeMargin({
    revenueAmount: money(goal.revenueAmount),
    revenuePercent: parseBasisPoints(goal.revenuePercent),
    payoutAmount: money(goal.payoutAmount),
    payoutPercent: parseBasisPoints(goal.payoutPercent),
  });
  const field = (name: 'revenueAmount' | 'revenuePercent' | 'payoutAmount' | 'payoutPercent') => (
    <TextInput
      label={t(`staff.offers.goal.${name}`, { currency })}
      inputMode="decimal"
      value={goal[name]}
      onChange={(e) => onChange({ [name]: e.currentTarget.value })}
      error={at(name)}
      data-testid={`staff-offer-goal-${index}-${name}`}
    />
  );
  return (
    <Paper withBorder p="sm" data-testid="staff-offer-goal">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Select label={t('staff.offers.goal.goal')} data={options.goals.map((g) => ({ value: g.identifier, label: g.name }))} value={goal.goal || null} onChange={(value) => onChange({ goal: value ?? '' })} error={at('goal')} allowDeselect={false} data-testid={`staff-offer-goal-${index}-goal`} />
          {onRemove ? (
            <Button variant="subtle" color="red" onClick={onRemove}>
              {t('staff.offers.removeGoal')}
            </Button>
          ) : null}
        </Group>
        <Group grow align="flex-start">
          {field('revenueAmount')}
          {field('revenuePercent')}
          {field('payoutAmount')}
          {field('payoutPercent')}
        </Group>
        {loss ? (
          <Alert color={goal.allowNegativeMargin ? 'yellow' : 'red'} data-testid={`staff-offer-goal-${index}-loss`}>
            {t('staff.offers.goal.negativeMargin')}
          </Alert>
        ) : null}
        <Group>
          <Checkbox label={t('staff.offers.goal.allowNegativeMargin')} checked={goal.allowNegativeMargin} onChange={(e) => onChange({ allowNegativeMargin: e.currentTarget.checked })} data-testid={`staff-offer-goal-${index}-allow-loss`} />
          <Checkbox label={t('staff.offers.goal.manualValidation')} checked={goal.manualValidation} onChange={(e) => onChange({ manualValidation: e.currentTarget.checked })} />
          <Checkbox label={t('staff.offers.goal.private')} checked={goal.private} onChange={(e) => onChange({ private: e.currentTarget.checked })} />
        </Group>
        {goal.types.map((tier, j) => (
          <Group key={j} grow align="flex-start">
            <Select label={t('staff.offers.goal.tier')} data={options.goalTypes.filter((g) => g.identifier !== 'p1').map((g) => ({ value: g.identifier, label: `${g.identifier} · ${g.name}` }))} value={tier.type || null} onChange={(value) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, type: value ?? '' } : x)) })} error={errors[`goals.${index}.types.${j}.type`]} />
            <TextInput label={t('staff.offers.goal.payoutAmount', { currency })} value={tier.payoutAmount} onChange={(e) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, payoutAmount: e.currentTarget.value } : x)) })} error={errors[`goals.${index}.types.${j}.payoutAmount`]} />
            <TextInput label={t('staff.offers.goal.payoutPercent')} value={tier.payoutPercent} onChange={(e) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, payoutPercent: e.currentTarget.value } : x)) })} />
            <Button variant="subtle" color="red" mt={24} onClick={() => onChange({ types: goal.types.filter((_, k) => k !== j) })}>
              {t('staff.offers.removeTier')}
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange({ types: [...goal.types, { type: 'p2', payoutAmount: '', payoutPercent: '' }] })}>
            {t('staff.offers.addTier')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
} // prettier-ignore
