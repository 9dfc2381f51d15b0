import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { TYPE_AHEAD_RESET_MS } from '@portal/contracts';
import { optionsOf } from './select-options';

/**
 * A non-searchable Select with the type-ahead of a native list (spec section 9): letters typed while it has the focus
 * pick the first option whose label begins with them, and the typed prefix is forgotten after 800 ms without a key.
 */
export function TypeAheadSelect(props: SelectProps) {
  const { data, value, onChange, onKeyDown } = props;
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    // Printable characters only; a space starts nothing (it opens the list), but may continue a prefix.
    if (event.key.length !== 1 || (event.key === ' ' && typed.current === '')) return;
    typed.current += event.key.toLocaleLowerCase();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      typed.current = '';
    }, TYPE_AHEAD_RESET_MS);
    const match = optionsOf(data).find(
      (option) => !option.disabled && option.label.toLocaleLowerCase().startsWith(typed.current),
    );
    if (match && match.value !== value) onChange?.(match.value, match);
  };

  return <Select {...props} onKeyDown={handleKeyDown} />;
}
