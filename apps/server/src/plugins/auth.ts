import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX, API_PREFIX, type ApiKeyScope, type Role } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { forbidden, invalidToken, unauthorized } from '../lib/errors.js';
import { sha256 } from '../lib/tokens.js';
import * as repo from './auth.repository.js';

export type AuthContext = {
  userId: number;
  /** The session row; 0 when the request came with an API key. */
  sessionId: number;
  partnerId: number | null;
  /** The advertiser of an advertiser portal user (decision 087). */
  advertiserId?: number | null;
  roles: Role[];
  email: string;
  /** Set when the request came with a reporting API key instead of a session. */
  apiKeyId?: number;
  /** A staff member's team (decides a team manager's reach). */
  teamId?: number | null;
  /** Whether the user signs in with two-factor authentication. */
  twoFactorEnabled?: boolean;
  /** A "view as partner" session: the staff member looking, and every write refused. */
  viewedBy?: { id: number; name: string } | null;
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
    /**
     * Requires a valid session; with roles, every listed role too. Routes attach it (and `requireStaff`) as their
     * `onRequest` hook: it runs before the body is parsed and validated, so a caller who may not use a route learns
     * nothing of its schema, and is not made to upload a body first (decision 067; lint refuses `preHandler` in route
     * files).
     */
    requireAuth: (roles?: Role[]) => onRequestAsyncHookHandler;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export async function resolveSession(db: Db, token: string, now: Date): Promise<AuthContext | null> {
  const row = await repo.sessionByTokenHash(db, sha256(token), now);
  if (!row || !row.enabled) return null;
  // A partner suspended or closed after signing in loses its sessions at once.
  if (row.partnerId !== null && row.partnerStatus !== 'active') return null;
  let viewedBy: AuthContext['viewedBy'] = null;
  if (row.readOnly) {
    // A view-as session lives only while the staff member who opened it is still enabled.
    const staff = await repo.viewerOf(db, row.viewedById ?? 0);
    if (!staff || !staff.enabled) return null;
    viewedBy = { id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() };
  }
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    partnerId: row.partnerId,
    advertiserId: row.advertiserId,
    roles: row.roles as Role[],
    email: row.email,
    teamId: row.teamId,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    viewedBy,
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
  const row = await repo.apiKeyByHash(db, sha256(key));
  if (!row || row.revokedAt || !row.enabled || row.partnerStatus !== 'active') return null;
  if (row.userPartnerId !== row.partnerId) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_THROTTLE_MS) {
    await repo.touchApiKey(db, row.id, now, new Date(now.getTime() - LAST_USED_THROTTLE_MS));
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

/**
 * A token that claims to be a reporting key: it starts with 'ppk_' (a session token is 43 base64url characters and
 * never does). A real key has 43 characters after the prefix; any other length is a key that cannot be valid (401).
 */
const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
const isWellFormedKey = (token: string) => token.length === API_KEY_PREFIX.length + 43;

const KEY_NOT_VALID = 'This API key is not valid or has been revoked.';
const KEY_NOT_HERE = 'API keys can only be used to read the reporting endpoints. Sign in to use the rest of the API.';
export const READ_ONLY_SESSION = 'You are viewing this account as its partner, read-only: nothing can be changed.';

/** `now` is the application clock, the one sessions were issued with. */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db; now: () => Date }) => {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', (roles: Role[] = []) => {
    const handler: onRequestAsyncHookHandler = async (request) => {
      const token = bearerOf(request);
      if (!token) throw unauthorized();
      if (isApiKey(token)) {
        // Who is asking comes first (decision 076): a key that is no valid key is 401 on every route, one that
        // takes keys or not; a valid key on a route that takes none is 403.
        const keyAuth = isWellFormedKey(token) ? await resolveApiKey(options.db, token, options.now()) : null;
        if (!keyAuth) throw invalidToken(KEY_NOT_VALID);
        const scope = request.routeOptions.config.apiKey;
        // Keys are read-only whatever a route says: only GET (and HEAD, which Fastify derives from it).
        const readOnly = request.method === 'GET' || request.method === 'HEAD';
        if (!scope || !readOnly) throw forbidden(KEY_NOT_HERE);
        if (!roles.every((role) => keyAuth.roles.includes(role))) throw forbidden();
        request.auth = keyAuth;
        return;
      }
      const auth = await resolveSession(options.db, token, options.now());
      if (!auth) throw invalidToken('Your session has expired. Please sign in again.');
      if (!roles.every((role) => auth.roles.includes(role))) throw forbidden();
      // A read-only (view as partner) session reads, and may sign out; nothing else.
      const reads = request.method === 'GET' || request.method === 'HEAD';
      if (auth.viewedBy && !reads && request.routeOptions.url !== `${API_PREFIX}/logout`) {
        throw forbidden(READ_ONLY_SESSION);
      }
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

/** The advertiser of a signed-in advertiser portal user (decision 087); everyone else is refused. */
export function advertiserIdOf(request: FastifyRequest): number {
  const auth = authOf(request);
  if (!auth.roles.includes('ROLE_ADVERTISER') || !auth.advertiserId) {
    throw forbidden('This account is not an advertiser account.');
  }
  return auth.advertiserId;
}
