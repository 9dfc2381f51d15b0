import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONFIG_REQUEST,
  FIRST_ANSWER_HEADERS,
  firstAnswersScript,
  firstRequestsOf,
  STORAGE_TOKEN_KEY,
  type FirstAnswers,
} from '@portal/contracts';

/** The value of one cookie of a request, or null. */
export function cookieOf(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The answers a portal page carries for a signed-in reader (decision 151): the API's own answers (the routes run
 * through `inject`, with the session of the page's `token` cookie, exactly as the app would ask them) to the requests
 * `firstRequestsOf` names for the address; a query in the address (a filtered list, another page) asks other data,
 * so only the configuration is put in. None without a cookie, or when the configuration is not answered 200 (no
 * valid session, the database down): that page is the one everybody gets. An answer other than 200 is left out (a
 * screen the reader may not open); the app asks it and meets the error path as before.
 */
export async function firstAnswersOf(app: FastifyInstance, request: FastifyRequest): Promise<FirstAnswers | null> {
  const token = cookieOf(request.headers.cookie, STORAGE_TOKEN_KEY);
  // A session token is 43 base64url characters; a reporting key (ppk_…) never signs in a browser.
  if (!token || !/^[\w-]{20,200}$/.test(token)) return null;
  const { pathname, search } = new URL(request.url, 'http://portal.invalid');
  // The sign-in page, and a sign-in link (which the app takes to replace the session the cookie holds), carry none.
  if (pathname === '/login') return null;
  const requests = search ? [CONFIG_REQUEST] : firstRequestsOf(pathname);
  const answers = await Promise.all(
    requests.map((url) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }),
    ),
  );
  if (answers[0]?.statusCode !== 200) return null;
  const kept: FirstAnswers = {};
  requests.forEach((url, index) => {
    const answer = answers[index];
    if (answer?.statusCode !== 200) return;
    const headers: Record<string, string> = {};
    for (const name of FIRST_ANSWER_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) headers[name] = String(value);
    }
    kept[url] = { status: 200, headers, body: answer.body };
  });
  return kept;
}

/** A page with its answers put in, just before `</body>`. */
export function withFirstAnswers(page: string, answers: FirstAnswers): string {
  const script = firstAnswersScript(answers);
  const end = page.lastIndexOf('</body>');
  return end < 0 ? `${page}${script}` : `${page.slice(0, end)}${script}${page.slice(end)}`;
}

/** Brotli at the API's level (decision 043), else gzip, else as it is, by the request's Accept-Encoding. */
function compressed(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'Accept-Encoding, Cookie');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return html;
}

/**
 * Answers a portal page: with its first answers for a signed-in reader, never stored by any cache (`private,
 * no-store`: it holds the reader's data); `false` when there are none, for the caller to send the page as before.
 */
export async function sendPageWithFirstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
): Promise<boolean> {
  if (request.method !== 'GET') return false;
  const answers = await firstAnswersOf(app, request);
  if (!answers) return false;
  const html = withFirstAnswers(page, answers);
  reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
  await reply.send(compressed(request, reply, html));
  return true;
}
