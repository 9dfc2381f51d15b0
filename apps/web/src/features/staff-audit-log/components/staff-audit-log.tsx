import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ENTITY_TYPES, formatDate, formatHour, type AuditEntityType } from '@portal/contracts';
import { AuditLines, auditWords } from '@/components/audit-lines';
import { DayInput } from '@/components/day-input';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useAuditActors, useAuditLog, type AuditFilter, type AuditRow } from '../api/audit-log';

const PAGE_SIZE = 50;

/** The first instant of a day in a fixed-offset zone ('+02:00'; null is UTC), as the API wants it. */
export function dayStart(day: string, offset: string | null): string {
  return `${day}T00:00:00${offset ?? 'Z'}`;
}

/** The day after yyyy-MM-dd. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** Where an entry's entity is shown in the console, when it has a page (the id stays in the link). */
function entityHref(entry: AuditRow): string | null {
  const id = /^\d+$/.test(entry.entityId) ? Number(entry.entityId) : null;
  const parent = entry.parentId && /^\d+$/.test(entry.parentId) ? Number(entry.parentId) : null;
  if (id === null) return null;
  switch (entry.entityType) {
    case 'partner':
      return paths.staffPartner.href(id);
    case 'offer':
      return paths.staffOffer.href(id);
    case 'advertiser':
      return paths.staffAdvertiser.href(id);
    case 'product':
      return parent === null ? null : paths.staffAdvertiser.href(parent);
    case 'creative':
    case 'landing_page':
    case 'payout_override':
    case 'payout_override_request':
    case 'scheduled_change':
      return parent === null ? null : paths.staffOffer.href(parent);
    case 'conversion':
      return paths.staffConversions.href({ q: entry.entityId });
    default:
      return entry.partnerId === null ? null : paths.staffPartner.href(entry.partnerId);
  }
}

/** What an entry is about, in words: its kind, its name linked to its page, its offer and its partner. */
export function AuditSubject({ entry }: { entry: AuditRow }) {
  const { t } = useTranslation();
  const href = entityHref(entry);
  const name = entry.entityName ?? `#${entry.entityId}`;
  const showPartner = entry.partnerId !== null && entry.entityType !== 'partner';
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light">{t(`staff.audit.actions.${entry.action}`, { defaultValue: entry.action })}</Badge>
        <Text size="sm" data-testid="audit-subject">
          {t(`staff.audit.entities.${entry.entityType}`, { defaultValue: entry.entityType })}{' '}
          {href ? (
            <Anchor component={Link} to={href} size="sm">
              {name}
            </Anchor>
          ) : (
            name
          )}
        </Text>
      </Group>
      {entry.parentName ? (
        <Text size="xs" c="dimmed">
          {t('staff.audit.onParent', { name: entry.parentName })}
        </Text>
      ) : null}
      {showPartner ? (
        <Text size="xs" c="dimmed">
          {t('staff.audit.partner')}{' '}
          <Anchor component={Link} to={paths.staffPartner.href(entry.partnerId!)} size="xs">
            {entry.partnerName ?? `#${entry.partnerId}`}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The audit log (decision 036): who changed what, when, and why, newest first. The filters live in the address, so
 * that a partner's page can link to its entries.
 */
export function StaffAuditLog() {
  const { t } = useTranslation();
  const config = useConfig();
  const offset = config.user.timezone;
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const entityType = params.get('entityType') as AuditEntityType | null;
  const entityId = params.get('entityId') ?? '';
  const actorId = params.get('actorId') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const filter: AuditFilter = {
    ...(entityType && (AUDIT_ENTITY_TYPES as readonly string[]).includes(entityType) ? { entityType } : {}),
    ...(entityId ? { entityId } : {}),
    ...(/^\d+$/.test(actorId) ? { actorId: Number(actorId) } : {}),
    ...(fromDay ? { from: dayStart(fromDay, offset) } : {}),
    ...(toDay ? { to: dayStart(nextDay(toDay), offset) } : {}),
  };
  const log = useAuditLog(filter, page, PAGE_SIZE);
  const actors = useAuditActors();
  const words = auditWords(t, 'staff.audit');
  const [draftId, setDraftId] = useState(entityId);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setPage(1);
    setParams(next);
  };

  const columns: StaffColumn<AuditRow>[] = [
    {
      key: 'when',
      label: t('staff.audit.columns.when'),
      cell: (entry) => (entry.createdAt ? `${formatDate(entry.createdAt)} ${formatHour(entry.createdAt)}` : '—'),
    },
    {
      key: 'who',
      label: t('staff.audit.columns.who'),
      cell: (entry) => (entry.actor ? entry.actor.name : t('staff.audit.system')),
    },
    { key: 'what', label: t('staff.audit.columns.what'), cell: (entry) => <AuditSubject entry={entry} /> },
    {
      key: 'changes',
      label: t('staff.audit.columns.changes'),
      cell: (entry) => <AuditLines lines={entry.changes} currency={entry.currency} words={words} />,
    },
    { key: 'reason', label: t('staff.audit.columns.reason'), cell: (entry) => entry.reason ?? '—' },
    { key: 'ip', label: t('staff.audit.columns.ip'), cell: (entry) => entry.ip ?? '—' },
  ];
  const body = (
    <StaffTable
      columns={columns}
      rows={log.data?.list}
      rowKey={(entry) => entry.id}
      rowTestId="audit-row"
      loading={log.isPending}
      error={log.isError && t('staff.audit.loadError')}
      empty={<Text data-testid="audit-empty">{t('staff.audit.empty')}</Text>}
      minWidth={900}
      tableProps={{ striped: true, verticalSpacing: 'xs' }}
      paging={{
        page,
        total: log.data?.total ?? 0,
        pageSize: PAGE_SIZE,
        onChange: setPage,
        label: t('staff.audit.pages'),
        testId: 'audit-pages',
      }}
    />
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TypeAheadSelect
          label={t('staff.audit.filters.entityType')}
          data={[
            { value: 'all', label: t('staff.audit.filters.all') },
            ...AUDIT_ENTITY_TYPES.map((value) => ({ value, label: t(`staff.audit.entities.${value}`) })),
          ]}
          value={filter.entityType ?? 'all'}
          onChange={(value) => setParam('entityType', value && value !== 'all' ? value : null)}
          allowDeselect={false}
          w={200}
          data-testid="audit-filter-type"
        />
        <TextInput
          label={t('staff.audit.filters.entityId')}
          value={draftId}
          onChange={(event) => setDraftId(event.currentTarget.value)}
          onBlur={() => setParam('entityId', draftId.trim() || null)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setParam('entityId', draftId.trim() || null);
          }}
          w={120}
          data-testid="audit-filter-id"
        />
        <TypeAheadSelect
          label={t('staff.audit.filters.actor')}
          data={[
            { value: 'all', label: t('staff.audit.filters.allActors') },
            ...(actors.data ?? []).map((actor) => ({ value: String(actor.id), label: actor.name || actor.email })),
            // An actor of the address that the list does not hold (yet) stays choosable by its id.
            ...(filter.actorId && !actors.data?.some((actor) => actor.id === filter.actorId)
              ? [{ value: String(filter.actorId), label: `#${filter.actorId}` }]
              : []),
          ]}
          value={filter.actorId ? String(filter.actorId) : 'all'}
          onChange={(value) => setParam('actorId', value && value !== 'all' ? value : null)}
          allowDeselect={false}
          w={220}
          data-testid="audit-filter-actor"
        />
        <DayInput
          label={t('staff.audit.filters.from')}
          value={fromDay}
          onChange={(value) => setParam('from', value || null)}
          clearable
          w={150}
        />
        <DayInput
          label={t('staff.audit.filters.to')}
          value={toDay}
          onChange={(value) => setParam('to', value || null)}
          clearable
          w={150}
        />
        <Button
          variant="subtle"
          onClick={() => {
            setDraftId('');
            setPage(1);
            setParams(new URLSearchParams());
          }}
        >
          {t('staff.audit.filters.clear')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
