import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PRODUCT_NAME } from '@portal/contracts';
import {
  BLOCKED_ADDRESS_CODE,
  guardedLookup,
  isAllowedAddress,
  literalAddressOf,
  type AddressPolicy,
  type ResolveFunction,
} from './ssrf-guard.js';

export const POSTBACK_USER_AGENT = `${PRODUCT_NAME} postback sender`;

export type SendRequest = AddressPolicy & {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** At most this many bytes of the answer are read; the connection is closed then. */
  snippetBytes: number;
  /** Name resolution (tests inject one); the address policy applies to whatever it answers. */
  resolve?: ResolveFunction | undefined;
};

export type SendResult = {
  httpStatus: number | null;
  durationMs: number;
  responseSnippet: string | null;
  /** 'timeout', 'blocked_address', 'redirect_not_followed', 'connection_refused' …, or null. */
  error: string | null;
  /**
   * True when no later attempt can succeed (issue 47): a URL that cannot be called, or an address literal that is
   * refused. The delivery is then failed at once, as its log says, instead of counted pending through ten retries.
   */
  final?: boolean;
};

/** The short code the attempt log shows for a transport error. */
export function transportErrorCode(error: unknown): string {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (code === BLOCKED_ADDRESS_CODE) return 'blocked_address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') return 'dns_error';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_reset';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'unreachable';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO/.test(code)) {
    return 'tls_error';
  }
  if (code === 'HPE_INVALID_CONSTANT' || code.startsWith('HPE_')) return 'bad_response';
  return 'network_error';
}

/**
 * One GET of a postback URL: no redirect followed (a 3xx is a failed attempt), a hard timeout over the whole
 * exchange, the address checked at connect time (ssrf-guard.ts), and at most `snippetBytes` of the answer read.
 * Never throws: every outcome is a SendResult.
 */
export async function sendPostback(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const failure = (error: string, final = false): SendResult => ({
    httpStatus: null,
    durationMs: elapsed(),
    responseSnippet: null,
    error,
    ...(final ? { final } : {}),
  });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failure('invalid_url', true);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return failure('invalid_url', true);
  }
  // Node connects to an IP literal without calling `lookup`: the literal (already normalised by the URL parser,
  // so 0x7f.1 and 2130706433 read 127.0.0.1) is checked here.
  const literal = literalAddressOf(url);
  if (literal && !isAllowedAddress(literal, request)) return failure('blocked_address', true);

  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let socket: Socket | undefined;

    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const body = Buffer.concat(chunks).subarray(0, request.snippetBytes);
      // PostgreSQL text cannot hold NUL.
      const snippet = body.length > 0 ? body.toString('utf8').replaceAll('\u0000', '') : null;
      const redirect = status !== null && status >= 300 && status < 400;
      resolve({
        httpStatus: status,
        durationMs: elapsed(),
        responseSnippet: snippet,
        error: error ?? (redirect ? 'redirect_not_followed' : null),
      });
      // The connection is never reused: closed whatever state the exchange stopped in.
      req.destroy();
      socket?.destroy();
    };

    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: guardedLookup(request, request.resolve),
        headers: {
          ...request.headers,
          'user-agent': POSTBACK_USER_AGENT,
          accept: '*/*',
          connection: 'close',
        },
      },
      (res) => {
        status = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= request.snippetBytes) finish(null);
        });
        res.on('end', () => finish(null));
        // The answer was cut short: its status still counts.
        res.on('error', () => finish(null));
        res.on('aborted', () => finish(null));
      },
    );
    req.on('socket', (opened) => {
      socket = opened;
    });
    req.on('error', (error) => finish(status === null ? transportErrorCode(error) : null));
    // The status line counts once it has arrived; a receiver that never answers is a timeout.
    const timer = setTimeout(() => finish(status === null ? 'timeout' : null), request.timeoutMs);
    req.end();
  });
}
