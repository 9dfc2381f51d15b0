import { RegisterSuccess } from '@/features/register/components/register-success';

export function RegisterSuccessRoute() {
  return <RegisterSuccess />;
}
