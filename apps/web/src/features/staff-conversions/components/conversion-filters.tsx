import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSION_REJECTION_REASONS, CONVERSION_STATUSES } from '@portal/contracts';
import { DayInput } from '@/components/day-input';
import { SearchSelect, type SearchOption } from '@/components/search-select';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { useConfig } from '@/lib/config';
import { useExportConversions } from '../api/export-conversions';
import { staffConversionKeys } from '../api/keys';
import { searchAdvertiserNames, searchOfferNames, searchPartnerNames } from '../api/search-names';
import { CONVERSION_AGES, TEXT_FILTERS, type ConversionSearchState, type TextFilter } from './use-conversion-search';

const ALL = 'all';
type Draft = Record<TextFilter, string>;
type IdFilter = 'partnerId' | 'offerId' | 'advertiserId';

/**
 * Who picks which filter by name (decision 099): from the list that staff member reads, within its scope (the
 * partners list: admins and managers; the advertisers list: admins; the offers, everyone). Finance reads no partner
 * list and others no advertiser list: they keep the id typed.
 */
const NAME_PICKERS: { name: IdFilter; label: 'partner' | 'offer' | 'advertiser'; roles: readonly string[] | null; load: (q: string) => Promise<SearchOption[]> }[] = [
  { name: 'partnerId', label: 'partner', roles: ['ROLE_ADMIN', 'ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER'], load: searchPartnerNames },
  { name: 'offerId', label: 'offer', roles: null, load: searchOfferNames },
  { name: 'advertiserId', label: 'advertiser', roles: ['ROLE_ADMIN'], load: searchAdvertiserNames },
]; // prettier-ignore

/**
 * The search's filters: typed text (an id, a goal) reaches the address once typing pauses; partners, offers and
 * advertisers picked by name, lists and days at once. The CSV button exports what the filters find, in the same order.
 */
export function ConversionFilters({ search }: { search: ConversionSearchState }) {
  const { t } = useTranslation();
  const exporter = useExportConversions();
  const { roles } = useConfig();
  const fromAddress = (): Draft => Object.fromEntries(TEXT_FILTERS.map((name) => [name, search.raw(name)])) as Draft;
  const [draft, setDraft] = useState<Draft>(fromAddress);
  const [debounced] = useDebouncedValue(draft, 400);
  // Only text typed since the address last set the fields goes to the address: a Clear (or a link) must not be undone
  // by the debounced copy of what the fields held before it.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    typed.current = false;
    const changes = Object.fromEntries(
      TEXT_FILTERS.filter((name) => debounced[name].trim() !== search.raw(name)).map((name) => [name, debounced[name].trim()]), // prettier-ignore
    );
    if (Object.keys(changes).length > 0) search.set(changes);
    // Only the typed text drives this; the address is its result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // A link or the back button changes the address: the fields follow it.
  const addressText = TEXT_FILTERS.map((name) => search.raw(name)).join('\u0000');
  useEffect(() => {
    typed.current = false;
    setDraft(fromAddress());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressText]);
  const type = (name: TextFilter) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    typed.current = true;
    setDraft((current) => ({ ...current, [name]: value }));
  };

  return (
    <Paper withBorder p="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('staff.conversions.filters.q')}
          placeholder={t('staff.conversions.filters.qHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={draft.q}
          onChange={type('q')}
          w={260}
          data-testid="staff-conversions-search"
        />
        <TypeAheadSelect
          label={t('staff.conversions.filters.status')}
          data={[
            { value: ALL, label: t('staff.conversions.filters.all') },
            ...CONVERSION_STATUSES.map((value) => ({ value, label: t(`staff.conversions.status.${value}`) })),
          ]}
          value={search.filters.status ?? ALL}
          onChange={(value) => search.set({ status: value === ALL ? null : value })}
          allowDeselect={false}
          w={150}
          data-testid="staff-conversions-status"
        />
        <TypeAheadSelect
          label={t('staff.conversions.filters.reason')}
          data={[
            { value: ALL, label: t('staff.conversions.filters.all') },
            ...CONVERSION_REJECTION_REASONS.map((value) => ({ value, label: t(`staff.conversions.reasons.${value}`) })),
          ]}
          value={search.filters.reason ?? ALL}
          onChange={(value) => search.set({ reason: value === ALL ? null : value })}
          allowDeselect={false}
          w={200}
          data-testid="staff-conversions-reason"
        />
        {NAME_PICKERS.map(({ name, label, roles: readers, load }) =>
          !readers || readers.some((role) => roles.includes(role)) ? (
            <SearchSelect
              key={name}
              label={t(`staff.conversions.filters.${label}`)}
              placeholder={t('staff.conversions.filters.nameHint')}
              nothingFoundMessage={t('staff.conversions.filters.noName')}
              value={search.raw(name)}
              onChange={(value) => search.set({ [name]: value || null })}
              load={load}
              queryKey={staffConversionKeys.names(label)}
              w={220}
              data-testid={`staff-conversions-${name}`}
            />
          ) : (
            <TextInput
              key={name}
              label={t(`staff.conversions.filters.${name}`)}
              inputMode="numeric"
              value={draft[name]}
              onChange={type(name)}
              w={120}
              data-testid={`staff-conversions-${name}`}
            />
          ),
        )}
        <TextInput
          label={t('staff.conversions.filters.goal')}
          value={draft.goal}
          onChange={type('goal')}
          w={140}
          data-testid="staff-conversions-goal"
        />
        <TypeAheadSelect
          label={t('staff.conversions.filters.age')}
          data={[
            { value: ALL, label: t('staff.conversions.filters.anyAge') },
            ...CONVERSION_AGES.map((value) => ({
              value,
              label: t('staff.conversions.filters.olderThan', { count: Number(value) }),
            })),
          ]}
          value={search.filters.olderThanDays ? String(search.filters.olderThanDays) : ALL}
          onChange={(value) => search.set({ olderThanDays: value === ALL ? null : value })}
          allowDeselect={false}
          w={170}
          data-testid="staff-conversions-age"
        />
        <DayInput
          label={t('staff.conversions.filters.from')}
          value={search.filters.from ?? ''}
          onChange={(value) => search.set({ from: value || null })}
          clearable
          w={150}
          data-testid="staff-conversions-from"
        />
        <DayInput
          label={t('staff.conversions.filters.to')}
          value={search.filters.to ?? ''}
          onChange={(value) => search.set({ to: value || null })}
          clearable
          w={150}
          data-testid="staff-conversions-to"
        />
        {search.hasFilters ? (
          <Button variant="subtle" onClick={search.clear} data-testid="staff-conversions-clear">
            {t('staff.conversions.filters.clear')}
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => exporter.mutate(search.filters)}
          loading={exporter.isPending}
          data-testid="staff-conversions-export"
        >
          {t('staff.conversions.export')}
        </Button>
      </Group>
    </Paper>
  );
}
