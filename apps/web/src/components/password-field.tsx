import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput with a show/hide toggle whose accessible name doesn't contain "password",
 * so getByLabel('Password') finds the input alone.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('app.toggleVisibility') }} {...props} />;
}
