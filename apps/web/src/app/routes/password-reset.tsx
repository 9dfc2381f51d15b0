import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PasswordReset } from '@/features/password/components/password-reset';
import { paths } from '@/lib/paths';

/** Without a key there is nothing to reset: back to sign-in (spec section 4). */
export function passwordResetLoader({ request }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get('key');
  if (!key) throw redirect(paths.login.href());
  return { key };
}

export function PasswordResetRoute() {
  const { key } = useLoaderData<typeof passwordResetLoader>();
  // Keyed so that following a second reset link remounts the whole flow.
  return <PasswordReset key={key} resetKey={key} />;
}
