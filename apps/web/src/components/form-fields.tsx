import type { MultiSelectProps, SelectProps } from '@mantine/core';
import type { TFunction } from 'i18next';
import {
  Controller,
  get,
  type Control,
  type FieldErrors,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@/lib/form-errors';
import { DeferredMultiSelect, DeferredSelect, loadSelect, loadTypeAheadSelect } from './deferred-select';
import { REQUIRED_LABEL } from './required-label';
import { TextField, type TextFieldProps } from './text-field';

export { TextField, type TextFieldProps };

/*
 * Mantine inputs wired to react-hook-form: the error text comes from fieldErrorText (so Mantine links it to the input
 * with aria-describedby), and `required` only marks the label (REQUIRED_LABEL): the form's schema decides what is
 * required, and the forms are noValidate. The selects are drawn closed and load their lists on approach
 * (DeferredSelect, DeferredMultiSelect: decisions 059, 103), so that a form does not bring Mantine's combobox, popover
 * and floating-ui (about 30 KB) to its screen's first load (decision 115).
 */

// The forms' useForm<Values, unknown, Body>: the context and the parsed body play no part in a field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormControl<T extends FieldValues> = Control<T, any, any>;

type FieldErrorLike = { message?: string | undefined } | undefined;

type Mark = {
  /** Marks the label as required; validation stays the schema's. */
  required?: boolean;
};

type Controlled<T extends FieldValues, V> = Mark & {
  control: FormControl<T>;
  name: FieldPathByValue<T, V>;
};

export type SelectFieldProps<T extends FieldValues> = Omit<
  SelectProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'required'
> &
  Controlled<T, string | null | undefined> & {
    /** A non-searchable list that picks an option as letters are typed (TypeAheadSelect). */
    typeAhead?: boolean;
  };

/** A single choice of a form; no choice is the empty string. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  required,
  typeAhead,
  ...props
}: SelectFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DeferredSelect
          load={typeAhead ? loadTypeAheadSelect : loadSelect}
          {...props}
          labelProps={required ? REQUIRED_LABEL : undefined}
          value={(field.value as string) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldErrorText(t, fieldState.error)}
        />
      )}
    />
  );
}

export type MultiSelectFieldProps<T extends FieldValues> = Omit<
  MultiSelectProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'required'
> &
  Controlled<T, string[] | null | undefined>;

/** Several choices of a form. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  required,
  ...props
}: MultiSelectFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DeferredMultiSelect
          {...props}
          labelProps={required ? REQUIRED_LABEL : undefined}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldErrorText(t, fieldState.error)}
        />
      )}
    />
  );
}

export type FieldBuilderOptions<T extends FieldValues> = {
  t: TFunction;
  control: FormControl<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Where the labels are in en.json: the label of `city` is `${labels}.city`. */
  labels: string;
  /** The test ids' prefix (`company` gives company-city); no test id when left out. */
  testIds?: string;
  /** Whether a field's label is marked required unless the field says otherwise. */
  required?: boolean;
};

type Options<P> = Partial<Omit<P, 'control' | 'name' | 'label' | 'data'>>;

/**
 * The fields of one form, labelled and test-identified by their names, so that a form lists its fields in a line each:
 * `text('city', 100)`, `select('country', countries)`, `multiSelect('langs', languages)`.
 */
export function fieldBuilders<T extends FieldValues>(options: FieldBuilderOptions<T>) {
  const { t, control, register, errors, labels, testIds, required: requiredByDefault = false } = options;
  const named = (name: string) => ({
    label: t(`${labels}.${name}`),
    ...(testIds ? { 'data-testid': `${testIds}-${name}` } : {}),
  });
  return {
    text: (name: Path<T>, maxLength: number, props: Options<TextFieldProps> = {}) => (
      <TextField
        {...named(name)}
        maxLength={maxLength}
        {...props}
        required={props.required ?? requiredByDefault}
        error={get(errors, name) as FieldErrorLike}
        {...register(name)}
      />
    ),
    select: (
      name: FieldPathByValue<T, string | null | undefined>,
      data: SelectProps['data'],
      props: Options<SelectFieldProps<T>> = {},
    ) => (
      <SelectField
        {...named(name)}
        searchable={!props.typeAhead}
        {...props}
        required={props.required ?? requiredByDefault}
        control={control}
        name={name}
        data={data}
      />
    ),
    multiSelect: (
      name: FieldPathByValue<T, string[] | null | undefined>,
      data: MultiSelectProps['data'],
      props: Options<MultiSelectFieldProps<T>> = {},
    ) => (
      <MultiSelectField
        {...named(name)}
        searchable
        {...props}
        required={props.required ?? requiredByDefault}
        control={control}
        name={name}
        data={data}
      />
    ),
  };
}
