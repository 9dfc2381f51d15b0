import type { ReactNode } from 'react';

/** What a field shows around its input: the parts a stand-in drawn before its code came shares with it. */
type FieldLook = {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  required?: boolean;
  disabled?: boolean;
  size?: string;
  placeholder?: string;
  'aria-label'?: string;
  w?: unknown;
};

/**
 * The look of a field loaded on demand (a select, a day field; decision 103), for the plain field drawn in its place
 * meanwhile: the same label, description, error, asterisk, size and width, so nothing moves when the real one comes.
 */
export function fieldLookOf<P extends FieldLook>(props: P) {
  return {
    label: props.label,
    description: props.description,
    error: props.error,
    withAsterisk: props.withAsterisk ?? props.required,
    disabled: props.disabled,
    size: props.size,
    placeholder: props.placeholder,
    'aria-label': props['aria-label'],
    w: props.w as P['w'],
  };
}
