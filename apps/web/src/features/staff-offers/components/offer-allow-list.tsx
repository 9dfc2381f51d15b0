import { DeferredMultiSelect } from '@/components/deferred-select';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { type StaffOfferData } from '../api/get-staff-offer';
import { staffOfferKeys } from '../api/keys';

type OfferAllowListProps = {
  /** The picker shows (and searches) only for a private offer; it stays mounted to keep its search and labels. */
  shown: boolean;
  /** The partners the saved offer allows, for their names before any search. */
  saved: StaffOfferData['allowedPartners'] | undefined;
  value: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
};

/** A private offer's allow-list: partners searched by name, the chosen ones kept with their names. */
export function OfferAllowList({ shown, saved, value, onChange, error }: OfferAllowListProps) {
  const { t } = useTranslation();
  const [partnerSearch, setPartnerSearch] = useState('');
  const [debounced] = useDebouncedValue(partnerSearch, 250);
  const [partnerLabels, setPartnerLabels] = useState<Record<string, string>>(
    Object.fromEntries((saved ?? []).map((p) => [String(p.id), `${p.name} #${p.id}`])),
  );
  const partners = useQuery({
    queryKey: staffOfferKeys.partnerSearch('partners', debounced),
    enabled: shown,
    queryFn: async () =>
      ((await api.call(staffEndpoints.listPartners, { query: { page: 1, count: 20, ...(debounced ? { q: debounced } : {}) } })).data ?? []).map((p) => ({ value: String(p.id), label: `${p.companyName} #${p.id}` })), // prettier-ignore
  });
  const partnerOptions = [...(partners.data ?? [])];
  for (const id of value)
    if (!partnerOptions.some((o) => o.value === id))
      partnerOptions.push({ value: id, label: partnerLabels[id] ?? `#${id}` });

  if (!shown) return null;
  return (
    <DeferredMultiSelect
      label={t('staff.offers.fields.allowedPartnerIds')}
      description={t('staff.offers.allowListHint')}
      searchable
      searchValue={partnerSearch}
      onSearchChange={setPartnerSearch}
      filter={({ options: all }) => all}
      data={partnerOptions}
      value={value}
      onChange={(next) => {
        setPartnerLabels((current) => ({
          ...current,
          ...Object.fromEntries(partnerOptions.map((o) => [o.value, o.label])),
        }));
        onChange(next);
      }}
      error={error}
      data-testid="staff-offer-allow-list"
    />
  );
}
