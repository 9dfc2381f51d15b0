import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@/lib/form-errors';
import { REQUIRED_LABEL } from './required-label';

type FieldErrorLike = { message?: string | undefined } | undefined;

export type TextFieldProps = Omit<TextInputProps, 'error' | 'required'> & {
  /** Marks the label as required; validation stays the schema's. */
  required?: boolean;
  error?: FieldErrorLike;
};

/**
 * A text input of a form: the error text comes from fieldErrorText (so Mantine links it to the input with
 * aria-describedby), and `required` only marks the label (REQUIRED_LABEL). Apart from form-fields.tsx, which wires it
 * to react-hook-form, so that a form without react-hook-form (lib/use-contract-form.ts) draws it without that code.
 */
export function TextField({ required, error, ...props }: TextFieldProps) {
  const { t } = useTranslation();
  return <TextInput {...props} labelProps={required ? REQUIRED_LABEL : undefined} error={fieldErrorText(t, error)} />;
}
