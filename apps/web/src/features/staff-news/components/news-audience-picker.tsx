import { MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsAudience } from '@portal/contracts';
import { useAudienceOptions } from '../api/get-audience-options';

type NewsAudiencePickerProps = {
  kind: NewsAudience['kind'];
  onKind: (kind: NewsAudience['kind']) => void;
  /** The chosen offers' or partners' ids. */
  ids: string[];
  onIds: (ids: string[]) => void;
  error: string | undefined;
};

/** Who a news item is for: everyone, the partners of some offers, or some partners, searched by name. */
export function NewsAudiencePicker({ kind, onKind, ids, onIds, error }: NewsAudiencePickerProps) {
  const { t } = useTranslation();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useAudienceOptions(kind === 'offers' ? 'offers' : 'partners', debounced);

  const known = [...(options.data ?? [])];
  for (const id of ids)
    if (!known.some((o) => o.value === id)) known.push({ value: id, label: labels[id] ?? `#${id}` });

  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('staff.news.fields.audience')}
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(value) => {
          onKind(value as NewsAudience['kind']);
          onIds([]);
          setSearch('');
        }}
        data={(['all', 'offers', 'partners'] as const).map((value) => ({
          value,
          label: t(`staff.news.audiences.${value}`),
        }))}
        data-testid="staff-news-audience"
      />
      {kind !== 'all' ? (
        <MultiSelect
          label={t(kind === 'offers' ? 'staff.news.pickOffers' : 'staff.news.pickPartners')}
          description={t(kind === 'offers' ? 'staff.news.offersHint' : 'staff.news.partnersHint')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={known}
          value={ids}
          onChange={(next) => {
            setLabels((current) => ({ ...current, ...Object.fromEntries(known.map((o) => [o.value, o.label])) }));
            onIds(next);
          }}
          error={error}
          nothingFoundMessage={t('staff.news.nothingFound')}
          data-testid="staff-news-audience-ids"
        />
      ) : null}
    </Stack>
  );
}
