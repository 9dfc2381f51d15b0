import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText } from '@/lib/form-errors';

type StaffUserCurrentPasswordProps = { value: string; onChange: (value: string) => void; error: string | null };

/** The editor's own password, asked when a member's sign-in e-mail changes (decision 067). */
export function StaffUserCurrentPassword({ value, onChange, error }: StaffUserCurrentPasswordProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t('staff.users.currentPassword')}
      description={t('staff.users.currentPasswordHint')}
      labelProps={REQUIRED_LABEL}
      autoComplete="current-password"
      maxLength={256}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={fieldErrorText(t, error ? { message: error } : undefined)}
      data-testid="staff-user-currentPassword"
    />
  );
}
