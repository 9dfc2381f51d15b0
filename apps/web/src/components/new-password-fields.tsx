import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type NewPasswordForm } from '@portal/contracts';
import { PasswordField } from '@/components/password-field';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText } from '@/lib/form-errors';
import { passwordErrorRules } from '@/lib/password-form';

type NewPasswordFieldsProps<T extends FieldValues & NewPasswordForm> = {
  /** The form holding `password` and `passwordConfirm` (NewPasswordFormSchema, checked with criteriaMode 'all'). */
  form: UseFormReturn<T>;
  /** The form's 3000 ms "passwords do not match" flag (useTimedFlag), set by its submit. */
  mismatch: boolean;
  labels: { password: string; confirm: string; placeholder: string };
};

/**
 * A new password and its confirmation, each with a show/hide toggle: the spec's rules all shown at once under the
 * password, with its current length, and the mismatch under the confirmation. The password reset page (which also
 * sets a first password) and the account screen's change of password use it.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordForm>({
  form,
  mismatch,
  labels,
}: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  // The fields are NewPasswordForm's, whatever else the form holds; react-hook-form's paths of a generic T cannot
  // name them, so the form is read as the part it shares.
  const {
    register,
    watch,
    formState: { errors },
  } = form as unknown as UseFormReturn<NewPasswordForm>;

  const length = watch('password').length;
  const rules = passwordErrorRules(errors.password);
  const passwordError =
    rules.length > 0 ? (
      // Spans, not a list: Mantine renders the error inside a <p>.
      <span data-testid="password-errors">
        {rules.map((rule) => (
          <span key={rule} style={{ display: 'block' }}>
            {fieldErrorText(t, { message: rule }, { n: PASSWORD_MIN_LENGTH, m: length })}
          </span>
        ))}
      </span>
    ) : undefined;

  return (
    <>
      <PasswordField
        label={labels.password}
        placeholder={labels.placeholder}
        autoComplete="new-password"
        labelProps={REQUIRED_LABEL}
        maxLength={256}
        error={passwordError}
        {...register('password', { deps: ['passwordConfirm'] })}
      />
      <PasswordField
        label={labels.confirm}
        placeholder={labels.placeholder}
        autoComplete="new-password"
        labelProps={REQUIRED_LABEL}
        maxLength={256}
        error={mismatch ? t('formError.passwordMismatch') : fieldErrorText(t, errors.passwordConfirm)}
        {...register('passwordConfirm')}
      />
    </>
  );
}
