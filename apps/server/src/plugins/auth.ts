import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { API_KEY_PREFIX, STAFF_ROLES, type ApiKeyScope, type Role } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { apiKeys, partners, sessions, users } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { sha256 } from '../lib/tokens.js';

export type AuthContext = {
  userId: number;
  /** The session row; 0 when the request came with an API key. */
  sessionId: number;
  partnerId: number | null;
  roles: Role[];
  email: string;
  /** Set when the request came with a reporting API key instead of a session. */
  apiKeyId?: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * A read-only GET route that also accepts a partner's reporting API key
     * (`Authorization: Bearer ppk_…`). Every other route refuses keys (docs/decisions/013).
     */
    apiKey?: ApiKeyScope;
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

/** lastUsedAt is written at most this often per key, so a busy script doesn't write on every call. */
const LAST_USED_THROTTLE_MS = 60_000;

/**
 * A reporting key: not revoked, its partner active, and the user who created it still enabled
 * (a key does not outlive the access of the person who made it). The request acts as that
 * user, scoped to the key's partner.
 */
export async function resolveApiKey(db: Db, key: string, now: Date): Promise<AuthContext | null> {
  const rows = await db
    .select({
      id: apiKeys.id,
      partnerId: apiKeys.partnerId,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      userPartnerId: users.partnerId,
      email: users.email,
      enabled: users.enabled,
      partnerStatus: partners.status,
    })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .innerJoin(users, eq(users.id, apiKeys.createdById))
    .where(eq(apiKeys.keyHash, sha256(key)))
    .limit(1);
  const row = rows[0];
  if (!row || row.revokedAt || !row.enabled || row.partnerStatus !== 'active') return null;
  if (row.userPartnerId !== row.partnerId) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_THROTTLE_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_THROTTLE_MS))),
        ),
      );
  }
  return {
    userId: row.userId,
    sessionId: 0,
    partnerId: row.partnerId,
    roles: ['ROLE_PARTNER'],
    email: row.email,
    apiKeyId: row.id,
  };
}

/** 'ppk_' and 43 base64url characters; a session token is 43 characters, so the two never meet. */
const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX) && token.length === API_KEY_PREFIX.length + 43;

const KEY_NOT_VALID = 'This API key is not valid or has been revoked.';
const KEY_NOT_HERE = 'API keys can only be used to read the reporting endpoints. Sign in to use the rest of the API.';

/** `now` is the application clock, the one sessions were issued with. */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db; now: () => Date }) => {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', (roles: Role[] = []) => {
    const handler: preHandlerAsyncHookHandler = async (request) => {
      const token = bearerOf(request);
      if (!token) throw unauthorized();
      if (isApiKey(token)) {
        const scope = request.routeOptions.config.apiKey;
        // Keys are read-only whatever a route says: only GET (and HEAD, which Fastify derives from it).
        const readOnly = request.method === 'GET' || request.method === 'HEAD';
        if (!scope || !readOnly) throw forbidden(KEY_NOT_HERE);
        const keyAuth = await resolveApiKey(options.db, token, options.now());
        if (!keyAuth) throw unauthorized(KEY_NOT_VALID);
        if (!roles.every((role) => keyAuth.roles.includes(role))) throw forbidden();
        request.auth = keyAuth;
        return;
      }
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

/** A staff member's reach: admins and team managers handle every partner, an account manager only its own. */
export type StaffScope = { userId: number; seesAll: boolean };

/** The staff scope of the signed-in user; anyone else is refused. */
export function staffScopeOf(request: FastifyRequest): StaffScope {
  const auth = authOf(request);
  if (!auth.roles.some((role) => STAFF_ROLES.includes(role))) throw forbidden();
  return {
    userId: auth.userId,
    seesAll: auth.roles.includes('ROLE_ADMIN') || auth.roles.includes('ROLE_TEAM_MANAGER'),
  };
}

/** Whether a partner managed by `accountManagerId` is within a staff member's reach. */
export const reaches = (scope: StaffScope, accountManagerId: number | null) =>
  scope.seesAll || accountManagerId === scope.userId;
