import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONVERSION_RULES,
  TRAFFIC_ACTIONS,
  TRAFFIC_RULES,
  type AnyTrafficRule,
  type TrafficAction,
  type TrafficRuleOverrides,
  type TrafficRules,
} from '@portal/contracts';
import { DeferredSelect, loadSelect } from '@/components/deferred-select';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useOfferTrafficRules, useSaveOfferTrafficRules } from '../api/offer-traffic-rules';

/** The choice that leaves a rule to the network (a null override). */
const NETWORK = 'network';
const NONE: TrafficRuleOverrides = {
  bot: null,
  missingUserAgent: null,
  dataCentre: null,
  velocity: null,
  velocityPerMinute: null,
  tooFast: null,
  countryMismatch: null,
  ipConversions: null,
  duplicateTransaction: null,
  conversionRateSpike: null,
  flaggedClick: null,
  conversionsPerIpPerDay: null,
};

function RulesForm({
  offerId,
  network,
  saved,
  canWrite,
}: {
  offerId: number;
  network: TrafficRules;
  saved: TrafficRuleOverrides;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveOfferTrafficRules(offerId);
  const [draft, setDraft] = useState<TrafficRuleOverrides>(saved);
  const action = (value: TrafficAction) => t(`staff.traffic.actions.${value}`);
  const select = (rule: AnyTrafficRule) => (
    <DeferredSelect
      load={loadSelect}
      key={rule}
      label={t(`staff.traffic.rules.${rule}`)}
      data={[
        { value: NETWORK, label: t('staff.traffic.networkDefault', { action: action(network[rule]) }) },
        ...TRAFFIC_ACTIONS.map((value) => ({ value, label: action(value) })),
      ]}
      value={draft[rule] ?? NETWORK}
      allowDeselect={false}
      disabled={!canWrite}
      onChange={(value) =>
        setDraft({ ...draft, [rule]: !value || value === NETWORK ? null : (value as TrafficAction) })
      }
      data-testid={`offer-traffic-rule-${rule}`}
    />
  );
  const number = (field: 'velocityPerMinute' | 'conversionsPerIpPerDay', label: string) => (
    // A whole number in a plain field (Mantine's NumberInput brought its popover code to the editor's first load).
    <TextInput
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      label={label}
      description={t('staff.traffic.networkValue', { value: network[field] })}
      value={draft[field] ?? ''}
      disabled={!canWrite}
      onChange={(event) => {
        const text = event.currentTarget.value.trim();
        setDraft({ ...draft, [field]: text === '' ? null : Number(text) });
      }}
      data-testid={`offer-traffic-${field}`}
    />
  );
  const submit = async () => {
    try {
      await save.mutateAsync({ offerId, ...draft });
      showSnackbar({ kind: 'success', message: t('staff.traffic.offerRulesSaved') });
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {t('staff.traffic.clickRulesTitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        {TRAFFIC_RULES.map(select)}
        {number('velocityPerMinute', t('staff.traffic.velocityPerMinute'))}
      </SimpleGrid>
      <Text size="sm" fw={500}>
        {t('staff.traffic.conversionRulesTitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {CONVERSION_RULES.map(select)}
        {number('conversionsPerIpPerDay', t('staff.traffic.conversionsPerIpPerDay'))}
      </SimpleGrid>
      {canWrite ? (
        <Group>
          <Button loading={save.isPending} onClick={() => void submit()} data-testid="offer-traffic-save">
            {t('staff.traffic.saveOffer')}
          </Button>
          <Button variant="subtle" onClick={() => setDraft(NONE)} data-testid="offer-traffic-reset">
            {t('staff.traffic.allNetwork')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The offer's own traffic rules (decisions 083, 101): each click and conversion rule allowed, flagged or refused on
 * this offer, or left to the network ("network default", a null override); admins and team managers set them.
 */
export function OfferTrafficRules({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const rules = useOfferTrafficRules(offerId);
  return (
    <Paper withBorder p="md" id="traffic-rules" data-testid="offer-traffic-rules">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('staff.traffic.offerTitle')}
        </Title>
        <Text size="sm">{t('staff.traffic.offerHint')}</Text>
        {rules.isError ? <Text c="red">{t('errors.generic')}</Text> : null}
        {rules.data ? (
          <RulesForm
            key={JSON.stringify(rules.data.overrides)}
            offerId={offerId}
            network={rules.data.network}
            saved={rules.data.overrides ?? NONE}
            canWrite={canWrite}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
