import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FirstAdminSetup } from '@/features/setup/components/first-admin-setup';
import { paths } from '@/lib/paths';

/** Without a key there is nothing to set up: back to sign-in. */
export function setupLoader({ request }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get('key');
  if (!key) throw redirect(paths.login.href());
  return { key };
}

export function SetupRoute() {
  const { key } = useLoaderData<typeof setupLoader>();
  return <FirstAdminSetup key={key} setupKey={key} />;
}
