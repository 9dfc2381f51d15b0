import { Kbd, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnDemand } from '@/lib/use-on-demand';
import { typing } from './staff-search-keys';

/**
 * The staff top bar's search box as it is drawn (decision 119): a plain field, the search itself (its list of
 * results, Mantine's combobox and popover, floating-ui: 26 KB) loaded when a pointer nears the field or it gets the
 * focus (`/` from anywhere but a field gives it the focus). What was typed meanwhile is kept, the field shows it is
 * busy, and the loaded search takes its place with the text and the focus.
 */
export function StaffSearchBox() {
  const { t } = useTranslation();
  const search = useOnDemand(() => import('./staff-search').then((m) => m.StaffSearch));
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const [hadFocus, setHadFocus] = useState(false);
  const Loaded = search.loaded;

  useEffect(() => {
    if (Loaded) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [Loaded]);

  if (Loaded) return <Loaded initialValue={value} autoFocus={hadFocus} />;
  return (
    <TextInput
      ref={input}
      aria-label={t('staff.search.label')}
      placeholder={t('staff.search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={search.pending && value.trim() ? <Loader size={12} /> : <Kbd size="xs">/</Kbd>}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onPointerEnter={search.triggerProps.onPointerEnter}
      onFocus={() => {
        setHadFocus(true);
        search.open();
      }}
      onBlur={() => setHadFocus(false)}
      aria-busy={search.pending && value.trim() !== ''}
      size="xs"
      w={{ base: 200, lg: 280 }}
      data-testid="staff-search"
    />
  );
}
