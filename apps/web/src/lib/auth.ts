import { authEndpoints } from '@portal/contracts';
import { api } from './api-client';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { queryClient } from './query-client';
import { clearSession } from './session';

/** Logout revokes the server session when it can, but always ends the local one. */
export async function logout(): Promise<void> {
  try {
    await api.call(authEndpoints.logout, {}, { silent: true });
  } catch {
    // Ignored on purpose: an expired or unreachable session must not keep the user signed in.
  }
  clearSession();
  queryClient.clear();
  navigateTo(paths.login.href(), { replace: true });
}
