import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt } from 'drizzle-orm';
import type { Role } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { partners, sessions, users } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { sha256 } from '../lib/tokens.js';

export type AuthContext = {
  userId: number;
  sessionId: number;
  partnerId: number | null;
  roles: Role[];
  email: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Requires a valid session; with roles, every listed role too. */
    requireAuth: (roles?: Role[]) => preHandlerAsyncHookHandler;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function resolveSession(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      partnerId: users.partnerId,
      roles: users.roles,
      email: users.email,
      enabled: users.enabled,
      partnerStatus: partners.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row || !row.enabled) return null;
  // A partner suspended or closed after signing in loses its sessions at once.
  if (row.partnerId !== null && row.partnerStatus !== 'active') return null;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    partnerId: row.partnerId,
    roles: row.roles as Role[],
    email: row.email,
  };
}

/** `now` is the application clock, the one sessions were issued with. */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db; now: () => Date }) => {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', (roles: Role[] = []) => {
    const handler: preHandlerAsyncHookHandler = async (request) => {
      const token = bearerOf(request);
      if (!token) throw unauthorized();
      const auth = await resolveSession(options.db, token, options.now());
      if (!auth) throw unauthorized('Your session has expired. Please sign in again.');
      if (!roles.every((role) => auth.roles.includes(role))) throw forbidden();
      request.auth = auth;
    };
    return handler;
  });
});

/** The signed-in user of a route that declared `requireAuth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The partner of a signed-in partner user; staff have none. */
export function partnerIdOf(request: FastifyRequest): number {
  const auth = authOf(request);
  if (auth.partnerId === null) throw forbidden('This account is not a partner account.');
  return auth.partnerId;
}
