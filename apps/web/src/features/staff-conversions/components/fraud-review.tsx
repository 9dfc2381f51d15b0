import { Badge, Code, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCount, formatPercent, type StaffConversionsQuery } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { useStaffConversions, type StaffConversionListRow as Row } from '../api/get-conversions';
import { ConversionBulkBar, FRAUD_REVIEW_TEST_IDS } from './conversion-bulk-bar';
import { conversionColumns } from './conversion-columns';

/** The fraud queue's page size: a reviewer reads each row's evidence, so fewer than the search's. */
export const FRAUD_PAGE_SIZE = 20;
const NONE: ReadonlyMap<number, Row> = new Map();

const rate = (value: number | null) => (value === null ? '—' : formatPercent(value));

/** The evidence of one held conversion, in words: what the rules measured and what the click was (decision 101). */
function Evidence({ conversion, t }: { conversion: Row; t: TFunction }) {
  const e = conversion.evidence;
  if (!e) return <Text size="sm">—</Text>;
  const line = (key: string, value: ReactNode, testId?: string) => (
    <Text size="xs" data-testid={testId}>
      <Text span fw={500} size="xs">
        {t(`staff.fraud.evidence.${key}`)}
      </Text>{' '}
      {value}
    </Text>
  );
  const agent = [e.browser, e.os, e.device].filter(Boolean).join(' · ');
  return (
    <Stack gap={2} data-testid="fraud-evidence">
      {line('clickIp', e.clickIp ? <Code>{e.clickIp}</Code> : '—', 'fraud-evidence-ip')}
      {line(
        'network',
        <>
          {e.asn ? `AS${e.asn}` : t('staff.fraud.evidence.unknown')}
          {e.asnName ? ` ${e.asnName}` : ''}{' '}
          {e.hosting ? (
            <Badge component="span" size="xs" color="orange" variant="light" data-testid="fraud-evidence-hosting">
              {t('staff.fraud.evidence.hosting')}
            </Badge>
          ) : null}
        </>,
      )}
      {line(
        'countries',
        t('staff.fraud.evidence.countriesValue', {
          click: e.clickCountry ?? '—',
          conversion: e.conversionCountry ?? '—',
        }),
        'fraud-evidence-countries',
      )}
      {e.conversionIp ? line('conversionIp', <Code>{e.conversionIp}</Code>) : null}
      {line('userAgent', agent || t('staff.fraud.evidence.unknown'), 'fraud-evidence-agent')}
      {e.userAgent ? (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {e.userAgent}
        </Text>
      ) : null}
      {line(
        'timeToConvert',
        e.secondsToConvert === null
          ? '—'
          : e.minSecondsToConvert !== null
            ? t('staff.fraud.evidence.secondsWithFloor', { s: e.secondsToConvert, floor: e.minSecondsToConvert })
            : t('staff.fraud.evidence.seconds', { s: e.secondsToConvert }),
        'fraud-evidence-time',
      )}
      {e.ipConversions !== null ? line('ipConversions', formatCount(e.ipConversions)) : null}
      {line(
        'rates',
        t('staff.fraud.evidence.ratesValue', { recent: rate(e.recentRate), baseline: rate(e.baselineRate) }),
        'fraud-evidence-rates',
      )}
      {e.clickFlags.length > 0
        ? line('clickFlags', e.clickFlags.map((flag) => t(`staff.fraud.clickFlags.${flag}`, flag)).join(', '))
        : null}
    </Stack>
  );
}

/** The columns: who and what (the search's), the signals in words, the evidence. */
function fraudColumns(t: TFunction): StaffColumn<Row>[] {
  const base = conversionColumns(t);
  const pick = (key: string) => base.find((column) => column.key === key)!;
  const known = ['id', 'time', 'partner', 'offer'].filter((key) => base.some((column) => column.key === key));
  return [
    ...known.map(pick),
    {
      key: 'signals',
      label: t('staff.fraud.columns.signals'),
      minWidth: 200,
      cell: (c) => (
        <List size="sm" spacing={2} data-testid="fraud-signals">
          {c.signals.map((signal) => (
            <List.Item key={signal}>{t(`staff.fraud.signals.${signal}`)}</List.Item>
          ))}
        </List>
      ),
    },
    {
      key: 'evidence',
      label: t('staff.fraud.columns.evidence'),
      minWidth: 320,
      cell: (c) => <Evidence conversion={c} t={t} />,
    },
  ];
}

/**
 * The fraud queue (decision 108): the conversions the conversion rules held for review (pending, reason fraud_review,
 * decision 101), each with its signals in words and its evidence; several are selected and approved or declined
 * together through the bulk decisions (decision 079). The server's search applies the staff scope: an account manager
 * sees its own partners' only. The page lives in the address.
 */
export function FraudReview() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: StaffConversionsQuery = {
    status: 'pending',
    reason: 'fraud_review',
    page,
    count: FRAUD_PAGE_SIZE,
    sort: 'time',
    order: 'asc',
  };
  const held = useStaffConversions(query);
  const [picked, setPicked] = useState<{ page: number; rows: ReadonlyMap<number, Row> }>({ page, rows: NONE });
  const selected = picked.page === page ? picked.rows : NONE;
  const selectedRows = [...selected.values()];
  const clear = () => setPicked({ page, rows: NONE });
  const toggle = (rows: readonly Row[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current.page === page ? current.rows : NONE);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return { page, rows: next };
    });

  return (
    <Stack gap="md">
      <Text size="sm">{t('staff.fraud.intro')}</Text>
      <ConversionBulkBar selected={selectedRows} onClear={clear} testIds={FRAUD_REVIEW_TEST_IDS} />
      <StaffTable
        columns={fraudColumns(t)}
        rows={held.data?.list}
        rowKey={(row) => row.id}
        rowTestId="fraud-row"
        rowAttributes={(row) => ({ 'data-conversion-id': row.id })}
        selection={{
          isSelected: (row) => selected.has(row.id),
          onToggle: (row, on) => toggle([row], on),
          onToggleAll: (on) => toggle(held.data?.list ?? [], on),
          rowLabel: (row) => t('staff.conversions.bulk.selectRow', { id: row.id }),
          allLabel: t('staff.conversions.bulk.selectAll'),
        }}
        loading={held.isPending}
        error={held.isError && t('staff.conversions.loadError')}
        empty={
          <Text c="dimmed" ta="center" p="xl" data-testid="fraud-empty">
            {t('staff.fraud.empty')}
          </Text>
        }
        above={
          <Text size="sm" c="dimmed" data-testid="fraud-total">
            {t('staff.fraud.total', { count: held.data?.total ?? 0, formatted: formatCount(held.data?.total ?? 0) })}
          </Text>
        }
        minWidth={1200}
        testId="fraud-table"
        paging={{
          page,
          total: held.data?.total ?? 0,
          pageSize: FRAUD_PAGE_SIZE,
          onChange: (next) => setParams(next > 1 ? { page: String(next) } : {}),
          label: t('staff.conversions.pages'),
          testId: 'fraud-pages',
        }}
      />
    </Stack>
  );
}
