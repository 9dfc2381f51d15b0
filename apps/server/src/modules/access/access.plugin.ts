import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_TWO_FACTOR_REQUIRED, type Role } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { staffTwoFactorRequired } from './access.repository.js';
import { loadStaffScope } from './staff-scope.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Requires a staff session and loads its scope (`staffScopeOf`); with roles, at least one of them (an admin
     * passes any). Partners and keys are refused.
     */
    requireStaff: (anyOf?: Role[]) => onRequestAsyncHookHandler;
  }
}

/**
 * The `requireStaff` decorator. It lives here, not in plugins/auth.ts, because it applies the staff-scope rule:
 * plugins sit below the modules and import none of them (decision 065). Registered after the auth plugin, whose
 * `requireAuth` it runs first.
 */
export const accessPlugin = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorate('requireStaff', (anyOf: Role[] = []) => {
    const authenticate = app.requireAuth();
    const handler: onRequestAsyncHookHandler = async function (request, reply) {
      await authenticate.call(this, request, reply);
      const scope = await loadStaffScope(options.db, request);
      // An admin may require two-factor sign-in of all staff (decision 037): until a member enables it, the console
      // refuses it; the account settings, where it is enabled, are not console routes.
      if (!authOf(request).twoFactorEnabled && (await staffTwoFactorRequired(options.db))) {
        throw forbidden(STAFF_TWO_FACTOR_REQUIRED);
      }
      const allowed =
        anyOf.length === 0 || scope.roles.includes('ROLE_ADMIN') || anyOf.some((r) => scope.roles.includes(r));
      if (!allowed) throw forbidden();
    };
    return handler;
  });
});
