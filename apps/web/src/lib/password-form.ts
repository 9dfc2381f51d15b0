import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';

const RULE_ORDER = ['passwordMinLength', 'passwordCapital', 'passwordNumber'];

/**
 * Every failing rule of a new password at once (the reset and change-password forms), in a
 * stable order, so the user sees all that is still missing; 'required' alone when it is empty.
 */
export function passwordErrorRules(error: FieldError | undefined): string[] {
  if (!error) return [];
  const rules = new Set<string>();
  if (error.message) rules.add(error.message);
  for (const value of Object.values(error.types ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') rules.add(item);
    }
  }
  if (rules.has('required')) return ['required'];
  const ordered = RULE_ORDER.filter((rule) => rules.has(rule));
  return [...ordered, ...[...rules].filter((rule) => !RULE_ORDER.includes(rule))];
}

/** A flag that turns itself off `ms` after each `show()` (the 3000 ms password-mismatch message). */
export function useTimedFlag(ms: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  return [on, show];
}
