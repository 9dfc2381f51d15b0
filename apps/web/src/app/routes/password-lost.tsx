import { PasswordLostForm } from '@/features/password/components/password-lost-form';

export function PasswordLostRoute() {
  return <PasswordLostForm />;
}
