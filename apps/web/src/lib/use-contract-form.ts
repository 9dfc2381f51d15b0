import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';

export type FieldError = { type: string; message: string };

type Options<Values extends Record<string, unknown>, Body> = {
  defaultValues: Values;
  /** The contract's schema of the form, asked for on the form's first approach (decision 122). */
  loadSchema: () => Promise<ZodType<Body, Values>>;
};

/**
 * A form validated by its contract's zod schema without bringing zod and react-hook-form to its screen's first load
 * (decision 122): the values are the form's own state, and the schema is asked for when a pointer comes near the form
 * or the focus arrives in it (`formProps`), or at the latest by the submit. Validation is react-hook-form's
 * `mode: 'onChange'` as the form had it: a changed field's error is set or cleared, `isValid` is the whole form's,
 * the submit shows every error and focuses the first field in error; until the schema has come `isValid` is
 * `undefined` (not known: the Save button stays enabled), the fields changed meanwhile are checked when it comes, and
 * a submit waits for it (`isSubmitting`), so that a press is never lost and never skips the contract's rules. Should
 * the schema not come (the server gone), the submit is forgotten and the next approach tries again.
 */
export function useContractForm<Values extends Record<string, unknown>, Body>({
  defaultValues,
  loadSchema,
}: Options<Values, Body>) {
  type Name = keyof Values & string;
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Partial<Record<Name, FieldError>>>({});
  const [isValid, setIsValid] = useState<boolean | undefined>(undefined);
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef(values);
  const schema = useRef<ZodType<Body, Values> | null>(null);
  const loading = useRef<Promise<ZodType<Body, Values>> | null>(null);
  // Fields changed before the schema came: checked when it comes.
  const changed = useRef(new Set<Name>());
  const elements = useRef(new Map<Name, HTMLElement | null>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Each field's first issue (react-hook-form's resolver keeps the first one too). */
  const issuesOf = (parsed: ReturnType<ZodType<Body, Values>['safeParse']>) => {
    const found = new Map<Name, FieldError>();
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '') as Name;
        if (!found.has(name)) found.set(name, { type: issue.code, message: issue.message });
      }
    }
    return found;
  };

  /** Validates the values with the schema, if it has come, and sets or clears the errors of `fields`. */
  const check = (fields: Iterable<Name>) => {
    const current = schema.current;
    if (!current) {
      for (const name of fields) changed.current.add(name);
      return null;
    }
    const parsed = current.safeParse(latest.current);
    const found = issuesOf(parsed);
    setIsValid(parsed.success);
    setErrors((previous) => {
      const next = { ...previous };
      for (const name of fields) {
        const error = found.get(name);
        if (error) next[name] = error;
        else delete next[name];
      }
      return next;
    });
    return { parsed, found };
  };

  const want = () => {
    loading.current ??= loadSchema().then(
      (loaded) => {
        schema.current = loaded;
        if (mounted.current) {
          check([...changed.current]);
          changed.current.clear();
        }
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  const prefetch = () => void want().catch(() => undefined);

  const setValue = <N extends Name>(name: N, value: Values[N]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    check([name]);
  };

  return {
    values,
    errors,
    isValid,
    isSubmitting,
    setValue,
    /** The field's element, focused when the submit finds it in error. */
    ref: (name: Name) => (element: HTMLElement | null) => {
      elements.current.set(name, element);
    },
    /** On the form: the schema is asked for when a pointer comes near or the focus arrives (decision 122). */
    formProps: { onPointerEnter: prefetch, onFocus: prefetch },
    /** A field error from elsewhere (the server's answer): the form is not valid until the next change. */
    setError: (name: Name, error: FieldError) => {
      setErrors((previous) => ({ ...previous, [name]: error }));
      setIsValid(false);
    },
    /** New values (the saved ones): errors cleared, validity checked again. */
    reset: (next: Values) => {
      latest.current = next;
      setValues(next);
      setErrors({});
      changed.current.clear();
      if (schema.current) setIsValid(schema.current.safeParse(next).success);
    },
    /** The submit: waits for the schema, shows every error and focuses the first, else hands over the parsed body. */
    handleSubmit: (onValid: (body: Body) => Promise<void>) => async (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      setSubmitting(true);
      try {
        try {
          await want();
        } catch {
          return; // the press is forgotten; the next approach asks again
        }
        const names = Object.keys(latest.current) as Name[];
        const checked = check(names);
        if (!checked) return;
        if (!checked.parsed.success) {
          const first = names.find((name) => checked.found.has(name));
          if (first) elements.current.get(first)?.focus();
          return;
        }
        await onValid(checked.parsed.data);
      } finally {
        if (mounted.current) setSubmitting(false);
      }
    },
  };
}
