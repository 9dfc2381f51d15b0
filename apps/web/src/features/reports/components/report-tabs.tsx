import { useId, useRef, type KeyboardEvent } from 'react';
import './report-tabs.css';

/**
 * The report tabs (spec section 2): a tab list as Mantine's Tabs draw it, without its code (about 3 KB of each
 * report's first load, decision 115). Each tab is a report of its own route; choosing one (a click, or the arrow keys,
 * Home and End, which move the focus and choose as Mantine's do, round from the last to the first) calls `onChange`.
 */
export function ReportTabs<T extends string>({
  tabs,
  value,
  label,
  onChange,
}: {
  tabs: readonly T[];
  value: T | null;
  label: (tab: T) => string;
  onChange: (tab: T) => void;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  // The tab that the Tab key reaches: the chosen one, the first when none is.
  const reachable = value ?? tabs[0];
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    list.current?.querySelector<HTMLButtonElement>(`[data-value="${tab}"]`)?.focus();
    onChange(tab);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };
  return (
    <div ref={list} className="report-tabs" role="tablist" aria-orientation="horizontal">
      {tabs.map((tab, index) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`${id}-tab-${tab}`}
          className="report-tab mantine-focus-auto"
          aria-selected={tab === value}
          data-active={tab === value || undefined}
          data-value={tab}
          tabIndex={tab === reachable ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
          data-testid={`report-tab-${tab}`}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
