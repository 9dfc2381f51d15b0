import { Badge, Button, Code, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_TRAFFIC_RULES,
  BLOCKLIST_KINDS,
  CONVERSION_RULES,
  TRAFFIC_ACTIONS,
  TRAFFIC_RULES,
  type AnyTrafficRule,
  type BlocklistKind,
  type TrafficAction,
  type TrafficRules,
} from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import {
  useAddBlock,
  useBlocklists,
  useRemoveBlock,
  useSaveTrafficRules,
  useTrafficRules,
  type BlockRow,
} from '../api/traffic';

/** The network's rules: an action per rule and the velocity limit. */
function NetworkRules({ rules }: { rules: TrafficRules }) {
  const { t } = useTranslation();
  const save = useSaveTrafficRules();
  const [draft, setDraft] = useState<TrafficRules>(rules);
  useEffect(() => setDraft(rules), [rules]);
  const actions = TRAFFIC_ACTIONS.map((value) => ({ value, label: t(`staff.traffic.actions.${value}`) }));
  const submit = async () => {
    try {
      await save.mutateAsync(draft);
      showSnackbar({ kind: 'success', message: t('staff.traffic.rulesSaved') });
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  const select = (rule: AnyTrafficRule) => (
    <Select
      key={rule}
      label={t(`staff.traffic.rules.${rule}`)}
      data={actions}
      value={draft[rule]}
      allowDeselect={false}
      onChange={(value) => value && setDraft({ ...draft, [rule]: value as TrafficAction })}
      data-testid={`traffic-rule-${rule}`}
      w={200}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('staff.traffic.rulesTitle')}
      </Title>
      <Text size="sm">{t('staff.traffic.rulesHint')}</Text>
      <Text size="sm" fw={500}>
        {t('staff.traffic.clickRulesTitle')}
      </Text>
      <Group align="flex-end">
        {TRAFFIC_RULES.map(select)}
        <NumberInput
          label={t('staff.traffic.velocityPerMinute')}
          value={draft.velocityPerMinute}
          min={1}
          onChange={(value) => setDraft({ ...draft, velocityPerMinute: Number(value) || 1 })}
          data-testid="traffic-velocity"
          w={200}
        />
      </Group>
      <Text size="sm" fw={500}>
        {t('staff.traffic.conversionRulesTitle')}
      </Text>
      <Text size="sm">{t('staff.traffic.conversionRulesHint')}</Text>
      <Group align="flex-end">
        {CONVERSION_RULES.map(select)}
        <NumberInput
          label={t('staff.traffic.conversionsPerIpPerDay')}
          value={draft.conversionsPerIpPerDay}
          min={1}
          onChange={(value) => setDraft({ ...draft, conversionsPerIpPerDay: Number(value) || 1 })}
          data-testid="traffic-conversions-per-ip"
          w={200}
        />
      </Group>
      <Group>
        <Button loading={save.isPending} onClick={() => void submit()} data-testid="traffic-rules-save">
          {t('staff.traffic.save')}
        </Button>
      </Group>
    </Stack>
  );
}

const idOrNull = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** A new blocklist entry: what, where, until when, why. */
function BlockForm() {
  const { t } = useTranslation();
  const add = useAddBlock();
  const [kind, setKind] = useState<BlocklistKind>('subid');
  const [value, setValue] = useState('');
  const [offerId, setOfferId] = useState('');
  const [partnerId, setPartnerId] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [note, setNote] = useState('');
  const submit = async () => {
    try {
      await add.mutateAsync({
        kind,
        value,
        offerId: idOrNull(offerId),
        partnerId: idOrNull(partnerId),
        expiresAt: expiresAt ? new Date(`${expiresAt}T23:59:59Z`).toISOString() : null,
        note: note || null,
      });
      showSnackbar({ kind: 'success', message: t('staff.traffic.blocked', { value }) });
      setValue('');
      setNote('');
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  return (
    <Group align="flex-end" data-testid="block-form">
      <Select
        label={t('staff.traffic.fields.kind')}
        data={BLOCKLIST_KINDS.map((k) => ({ value: k, label: t(`staff.traffic.kinds.${k}`) }))}
        value={kind}
        allowDeselect={false}
        onChange={(v) => v && setKind(v as BlocklistKind)}
        data-testid="block-kind"
        w={170}
      />
      <TextInput
        label={t('staff.traffic.fields.value')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        required
        data-testid="block-value"
        w={200}
      />{' '}
      {/* prettier-ignore */}
      <TextInput label={t('staff.traffic.fields.offerId')} value={offerId} onChange={(e) => setOfferId(e.currentTarget.value)} inputMode="numeric" data-testid="block-offer" w={110} />{' '}
      {/* prettier-ignore */}
      <TextInput label={t('staff.traffic.fields.partnerId')} value={partnerId} onChange={(e) => setPartnerId(e.currentTarget.value)} inputMode="numeric" data-testid="block-partner" w={110} />{' '}
      {/* prettier-ignore */}
      <TextInput label={t('staff.traffic.fields.expiresAt')} type="date" value={expiresAt} onChange={(e) => setExpiresAt(e.currentTarget.value)} data-testid="block-expires" w={160} />{' '}
      {/* prettier-ignore */}
      <TextInput label={t('staff.traffic.fields.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-testid="block-note" w={200} />{' '}
      {/* prettier-ignore */}
      <Button loading={add.isPending} disabled={!value.trim()} onClick={() => void submit()} data-testid="block-add">
        {t('staff.traffic.block')}
      </Button>
    </Group>
  );
}

/** Traffic rules and blocklists (decision 083). */
export function StaffTraffic() {
  const { t } = useTranslation();
  const rules = useTrafficRules();
  const blocks = useBlocklists();
  const remove = useRemoveBlock();
  const unblock = async (row: BlockRow) => {
    try {
      await remove.mutateAsync(row.id);
      showSnackbar({ kind: 'success', message: t('staff.traffic.unblocked', { value: row.value }) });
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  const label = (column: string) => t(`staff.traffic.columns.${column}`);
  const columns: StaffColumn<BlockRow>[] = [
    { key: 'kind', label: label('kind'), cell: (b) => t(`staff.traffic.kinds.${b.kind}`) },
    { key: 'value', label: label('value'), cell: (b) => <Code>{b.value}</Code> },
    {
      key: 'scope',
      label: label('scope'),
      cell: (b) =>
        [b.offer ? `${b.offer.name} (#${b.offer.id})` : null, b.partner ? `${b.partner.name} (#${b.partner.id})` : null]
          .filter(Boolean)
          .join(' · ') || t('staff.traffic.networkWide'),
    },
    {
      key: 'expires',
      label: label('expires'),
      cell: (b) =>
        b.expired ? (
          <Badge color="gray" variant="light">
            {t('staff.traffic.expired')}
          </Badge>
        ) : b.expiresAt ? (
          b.expiresAt.toISOString().slice(0, 10)
        ) : (
          t('staff.traffic.forGood')
        ),
    },
    { key: 'note', label: label('note'), cell: (b) => b.note ?? '' },
    { key: 'by', label: label('by'), cell: (b) => t(`staff.traffic.by.${b.createdBy}`) },
  ];
  return (
    <Stack gap="lg">
      {rules.data ? <NetworkRules rules={rules.data.network} /> : null}
      {rules.data && rules.data.offers.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('staff.traffic.overridesTitle')}
          </Text>
          {rules.data.offers.map((o) => (
            <Text size="sm" key={o.offerId}>
              {o.offerName} (#{o.offerId}):{' '}
              {[...ALL_TRAFFIC_RULES, 'velocityPerMinute' as const, 'conversionsPerIpPerDay' as const]
                .filter((key) => o.overrides[key] !== null)
                .map((key) => {
                  const value = o.overrides[key];
                  const label =
                    key === 'velocityPerMinute' || key === 'conversionsPerIpPerDay'
                      ? t(`staff.traffic.${key}`)
                      : t(`staff.traffic.rules.${key}`);
                  return `${label}: ${typeof value === 'string' ? t(`staff.traffic.actions.${value}`) : String(value)}`;
                }) // prettier-ignore
                .join(', ')}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('staff.traffic.blocklistTitle')}
        </Title>
        <Text size="sm">{t('staff.traffic.blocklistHint')}</Text>
        <BlockForm />
        <StaffTable
          columns={columns}
          rows={blocks.data}
          rowKey={(b) => b.id}
          rowTestId="block-row"
          loading={blocks.isPending}
          error={blocks.isError ? t('errors.generic') : null}
          empty={t('staff.traffic.empty')}
          minWidth={720}
          testId="blocklist-table"
          actionsLabel={label('actions')}
          rowActions={(b) => (
            <Button size="xs" variant="subtle" color="orange" onClick={() => void unblock(b)} aria-label={`${t('staff.traffic.unblock')} ${b.value}`}>
              {t('staff.traffic.unblock')}
            </Button>
          )} // prettier-ignore
        />
      </Stack>
    </Stack>
  );
}
