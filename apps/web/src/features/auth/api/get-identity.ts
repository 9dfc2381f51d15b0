import { configEndpoint } from '@portal/contracts';
import { api, isApiRequestError } from '@/lib/api-client';

/**
 * Who a session belongs to, as the switch-account confirmation names it; `view` is the server's word that the session
 * is a staff member's read-only view of a partner (decision 039).
 */
export type Identity = { userId: number; email: string; partnerName: string | null; view: boolean };

/**
 * GET /config with the stored session, or with a sign-in link's bearer that is sent but never stored. Silent: it
 * neither logs anyone out nor shows a snackbar. Null when the server refuses the bearer (401); any other failure
 * is thrown, so that the caller changes nothing.
 */
export async function getIdentity(bearer?: string): Promise<Identity | null> {
  try {
    const { data } = await api.call(configEndpoint, {}, { silent: true, ...(bearer ? { bearer } : {}) });
    return {
      userId: data.user.id,
      email: data.user.email,
      partnerName: data.partner?.displayName ?? null,
      view: data.viewedBy !== null,
    };
  } catch (error) {
    if (isApiRequestError(error, 401)) return null;
    throw error;
  }
}
