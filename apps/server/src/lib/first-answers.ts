import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONFIG_REQUEST,
  FIRST_ANSWER_HEADERS,
  firstAnswersScript,
  firstPicturesOf,
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
 * The session a portal page is asked with: the page's `token` cookie, when it is one a browser signs in with. None on
 * the sign-in page, nor on a sign-in link (which the app takes to replace the session the cookie holds).
 */
export function pageSessionOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null;
  const token = cookieOf(request.headers.cookie, STORAGE_TOKEN_KEY);
  // A session token is 43 base64url characters; a reporting key (ppk_…) never signs in a browser.
  if (!token || !/^[\w-]{20,200}$/.test(token)) return null;
  if (new URL(request.url, 'http://portal.invalid').pathname === '/login') return null;
  return token;
}

/**
 * The answers a portal page carries for a signed-in reader (decision 151): the API's own answers (the routes run
 * through `inject`, with the session of the page's cookie, exactly as the app would ask them) to the requests
 * `firstRequestsOf` names for the address; a query in the address (a filtered list, another page) asks other data,
 * so only the configuration is put in. None when the configuration is not answered 200 (no valid session, the
 * database down). An answer other than 200 is left out (a screen the reader may not open): the app asks it and meets
 * the error path as before. Those not answered within `waitMs` (FIRST_ANSWERS_WAIT_MS) are left out too: the app's
 * scripts are deferred, they run only once the page has ended.
 */
export async function firstAnswersOf(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  waitMs: number,
): Promise<FirstAnswers | null> {
  const { pathname, search } = new URL(request.url, 'http://portal.invalid');
  const requests = search ? [CONFIG_REQUEST] : firstRequestsOf(pathname);
  let timer: NodeJS.Timeout | undefined;
  const late =
    waitMs > 0
      ? new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))
      : Promise.resolve(null);
  const answers = await Promise.all(
    requests.map((url) =>
      Promise.race([
        app
          .inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
          .catch(() => null),
        late,
      ]),
    ),
  );
  clearTimeout(timer);
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

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The pictures the screen draws large, named as preloads beside its answers (decision 158): the browser asks them as
 * soon as it reads them, while the app's scripts load and run, instead of once the screen is drawn.
 */
function picturePreloads(request: FastifyRequest, answers: FirstAnswers): string {
  const { pathname } = new URL(request.url, 'http://portal.invalid');
  return firstPicturesOf(pathname, answers)
    .map((href) => `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`)
    .join('');
}

/** A page with its answers put in, just before `</body>`. */
export function withFirstAnswers(page: string, answers: FirstAnswers): string {
  const [head, tail] = splitAtBodyEnd(page);
  return `${head}${firstAnswersScript(answers)}${tail}`;
}

function splitAtBodyEnd(page: string): [string, string] {
  const end = page.lastIndexOf('</body>');
  return end < 0 ? [page, ''] : [page.slice(0, end), page.slice(end)];
}

/** Brotli at the API's level (decision 043), else gzip, else none, by the request's Accept-Encoding. */
function encoderFor(request: FastifyRequest, reply: FastifyReply): zlib.BrotliCompress | zlib.Gzip | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return zlib.createGzip();
  }
  return null;
}

/**
 * Answers a portal page asked with a session cookie: its head and body at once (flushed: the browser fetches the
 * scripts and paints while the server asks the answers), then the answers' block and the page's end. Never stored by
 * any cache (`private, no-store`: it may hold the reader's data). `false` without a session cookie, for the caller
 * to send the page everybody gets, or when pages carry none (`waitMs` 0).
 */
export async function sendPageWithFirstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
  waitMs: number,
): Promise<boolean> {
  const token = waitMs > 0 ? pageSessionOf(request) : null;
  if (!token) return false;
  const [head, tail] = splitAtBodyEnd(page);
  reply.header('cache-control', 'private, no-store').header('vary', 'Accept-Encoding, Cookie');
  const encoder = encoderFor(request, reply);
  const out = encoder ?? new PassThrough();
  out.write(head);
  encoder?.flush();
  void reply.type('text/html; charset=utf-8').send(out);
  let block = '';
  try {
    const answers = await firstAnswersOf(app, request, token, waitMs);
    if (answers) block = `${picturePreloads(request, answers)}${firstAnswersScript(answers)}`;
  } catch (error) {
    // The page without its answers: the app asks them, as without a session.
    request.log.warn({ err: error }, 'first answers not put in the page');
  }
  out.end(`${block}${tail}`);
  return true;
}
