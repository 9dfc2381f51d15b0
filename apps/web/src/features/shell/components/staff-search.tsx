import { Combobox, Group, Kbd, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StaffSearchResult } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { useStaffSearch } from '../api/staff-search';
import { typing } from './staff-search-keys';

type Item = { key: string; href: string; label: ReactNode; detail?: string };
type Group = { key: string; label: string; items: Item[] };

/** The results as groups of links, in the order the box lists them; empty groups left out. */
export function searchGroups(result: StaffSearchResult, t: (key: string) => string): Group[] {
  const groups: Group[] = [
    {
      key: 'partners',
      label: t('staff.search.partners'),
      items: result.partners.map((p) => ({
        key: `p${p.id}`,
        href: paths.staffPartner.href(p.id),
        label: p.displayName,
        detail: p.email,
      })),
    },
    {
      key: 'offers',
      label: t('staff.search.offers'),
      items: result.offers.map((o) => ({
        key: `o${o.id}`,
        href: paths.staffOffer.href(o.id),
        label: `${o.name} #${o.id}`,
        ...(o.enabled ? {} : { detail: t('staff.search.disabled') }),
      })),
    },
    {
      key: 'advertisers',
      label: t('staff.search.advertisers'),
      items: (result.advertisers ?? []).map((a) => ({
        key: `a${a.id}`,
        href: paths.staffAdvertiser.href(a.id),
        label: `${a.name} #${a.id}`,
      })),
    },
    {
      key: 'conversions',
      label: t('staff.search.conversions'),
      items: result.conversions.map((c) => ({
        key: `c${c.id}`,
        href: paths.staffConversions.href({ q: String(c.id) }),
        label: `#${c.id} ${c.transactionId ?? c.clickId ?? ''}`.trim(),
        detail: [c.partnerDisplayName, c.offerName].filter(Boolean).join(' · '),
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/**
 * The staff top bar's one search (decision 080): `/` focuses it from anywhere but a field, the results come grouped
 * as one types (partners, offers, advertisers, conversions), arrows move through them and Enter opens one; Escape
 * closes the list.
 */
export function StaffSearch({ initialValue = '', autoFocus = false }: { initialValue?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);
  const [q] = useDebouncedValue(value.trim(), 250);
  const results = useStaffSearch(q);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // In place of the field drawn before it (staff-search-box.tsx): the focus it had, its list open; before the browser
  // handles another key, so that none typed meanwhile is lost.
  useLayoutEffect(() => {
    if (!autoFocus) return;
    input.current?.focus();
    combobox.openDropdown();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const groups = results.data && q ? searchGroups(results.data, t) : [];
  // The first result is the one Enter opens, as soon as the results are there.
  useEffect(() => {
    if (groups.length > 0) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results.data, q]);

  const open = (href: string) => {
    void navigate(href);
    setValue('');
    combobox.closeDropdown();
    input.current?.blur();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={open} width={420} position="bottom-start">
      <Combobox.Target>
        <TextInput
          ref={input}
          aria-label={t('staff.search.label')}
          placeholder={t('staff.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={<Kbd size="xs">/</Kbd>}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          size="xs"
          w={{ base: 200, lg: 280 }}
          data-testid="staff-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!q} data-testid="staff-search-results">
        <Combobox.Options>
          {groups.map((group) => (
            <Combobox.Group key={group.key} label={group.label}>
              {group.items.map((item) => (
                <Combobox.Option key={item.key} value={item.href} data-testid="staff-search-result">
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="sm" truncate="end">
                      {item.label}
                    </Text>
                    {item.detail ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {item.detail}
                      </Text>
                    ) : null}
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ))}
          {q && results.data && groups.length === 0 ? <Combobox.Empty>{t('staff.search.empty')}</Combobox.Empty> : null}
          {q && !results.data && results.isFetching ? <Combobox.Empty>{t('common.loading')}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
