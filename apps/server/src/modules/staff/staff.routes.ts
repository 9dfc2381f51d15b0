import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PARTNER_STATUSES, STAFF_ROLES, envelope, errorResponses, partnerDisplayName } from '@portal/contracts';
import { partners } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import { ok, toIso } from '../../lib/reply.js';
import { authOf } from '../../plugins/auth.js';
import type { AppContext } from '../../shared/context.js';

const StaffPartnerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  status: z.enum(PARTNER_STATUSES),
  prospect: z.boolean(),
  accountManagerId: z.number().int().nullable(),
  createdAt: z.string().nullable(),
});

/** The back-office's first call: staff list partners (an account manager sees only its own). */
export const staffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/staff/partners',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['staff'],
        summary: 'Partners, for staff',
        response: { 200: envelope(z.array(StaffPartnerSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!auth.roles.some((role) => STAFF_ROLES.includes(role))) throw forbidden();
      const seesAll = auth.roles.includes('ROLE_ADMIN') || auth.roles.includes('ROLE_TEAM_MANAGER');
      const query = ctx.db.select().from(partners).orderBy(desc(partners.id)).limit(500);
      const rows = seesAll ? await query : await query.where(eq(partners.accountManagerId, auth.userId));
      const list = rows.map((p) => ({
        id: p.id,
        displayName: partnerDisplayName(p.companyName, p.id),
        email: p.email,
        status: p.status as (typeof PARTNER_STATUSES)[number],
        prospect: p.prospect,
        accountManagerId: p.accountManagerId,
        createdAt: toIso(p.createdAt),
      }));
      return ok(list, { total: list.length });
    },
  );
};
