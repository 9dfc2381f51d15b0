import { Alert, Button, Group, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { DeferredSelect } from '@/components/deferred-select';
import { useTranslation } from 'react-i18next';
import { negativeMargin, parseBasisPoints, parseMinorUnits } from '@portal/contracts';
import { type CatalogueOptionsData } from '../api/get-catalogue-options';
import { GoalFloor } from './goal-floor';
import { type GoalDraft } from './offer-draft';

/**
 * The goals to pick from, each as its name and the code the advertiser's postback sends; a retired goal only where
 * the offer has it already (decision 078).
 */
export function goalChoices(options: CatalogueOptionsData, saved: readonly string[], current: string, retired: string) {
  return options.goals
    .filter((g) => !g.retired || saved.includes(g.identifier) || g.identifier === current)
    .map((g) => ({ value: g.identifier, label: `${g.name} (${g.identifier})${g.retired ? ` · ${retired}` : ''}` }));
}

export function GoalEditor({
  index,
  goal,
  options,
  currency,
  errors,
  onChange,
  onRemove,
  saved = [],
  canWrite = true,
}: {
  index: number;
  goal: GoalDraft;
  options: CatalogueOptionsData;
  /** The goals the saved offer pays on: a retired one stays pickable there only (decision 078). */
  saved?: readonly string[];
  currency: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<GoalDraft>) => void;
  onRemove: (() => void) | null;
  /** Whether the viewer sets the goal's floor (admins, who write the network's goals). */
  canWrite?: boolean;
}) {
  const { t } = useTranslation();
  const at = (field: string) => errors[`goals.${index}.${field}`];
  const networkGoal = options.goals.find((g) => g.identifier === goal.goal);
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
          <DeferredSelect label={t('staff.offers.goal.goal')} data={goalChoices(options, saved, goal.goal, t('staff.offers.goal.retired'))} value={goal.goal || null} onChange={(value) => onChange({ goal: value ?? '' })} error={at('goal')} description={goal.goal ? t('staff.offers.goal.code', { code: goal.goal }) : undefined} allowDeselect={false} searchable data-testid={`staff-offer-goal-${index}-goal`} />
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
        {/* Switches, as the offer's own flags above: a Checkbox here brought Mantine's Checkbox to the editor's first load (decision 133). */}
        <Group>
          <Switch label={t('staff.offers.goal.allowNegativeMargin')} checked={goal.allowNegativeMargin} onChange={(e) => onChange({ allowNegativeMargin: e.currentTarget.checked })} data-testid={`staff-offer-goal-${index}-allow-loss`} />
          <Switch label={t('staff.offers.goal.manualValidation')} checked={goal.manualValidation} onChange={(e) => onChange({ manualValidation: e.currentTarget.checked })} />
          <Switch label={t('staff.offers.goal.trustClientConversions')} checked={goal.trustClientConversions} onChange={(e) => onChange({ trustClientConversions: e.currentTarget.checked })} data-testid={`staff-offer-goal-${index}-trust-client`} />
          <Switch label={t('staff.offers.goal.private')} checked={goal.private} onChange={(e) => onChange({ private: e.currentTarget.checked })} />
          <Switch label={t('staff.offers.goal.main')} description={t('staff.offers.goal.mainHelp')} checked={goal.main} onChange={(e) => onChange({ main: e.currentTarget.checked })} error={at('main')} data-testid={`staff-offer-goal-${index}-main`} />
        </Group>
        {networkGoal ? <GoalFloor key={`${networkGoal.id}-${networkGoal.minSecondsToConvert}`} goal={networkGoal} index={index} canWrite={canWrite} /> : null}
        {goal.types.map((tier, j) => (
          <Group key={j} grow align="flex-start">
            <DeferredSelect label={t('staff.offers.goal.tier')} data={options.goalTypes.filter((g) => g.identifier !== 'p1').map((g) => ({ value: g.identifier, label: `${g.identifier} · ${g.name}` }))} value={tier.type || null} onChange={(value) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, type: value ?? '' } : x)) })} error={errors[`goals.${index}.types.${j}.type`]} />
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
