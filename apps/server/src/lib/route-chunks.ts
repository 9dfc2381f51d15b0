import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { screenRouteOf } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A screen route of the web app and the files its screen loads (the web build's `route-chunks.json`, written by
 * apps/web/vite/route-chunks.ts from the app's own router table and the build's chunks).
 */
export interface RouteChunks {
  path: string;
  scripts: readonly string[];
  styles: readonly string[];
}

/** The build's table, or none when the build has no such file (the page is then the file as it is). */
export function readRouteChunks(webDist: string): RouteChunks[] {
  const file = path.join(webDist, 'route-chunks.json');
  if (!fs.existsSync(file)) return [];
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RouteChunks[];
}

/**
 * The route an address opens, as React Router ranks them (the rule lives in contracts, held equal to React Router's
 * own by the web's tests); none for an address no screen route has (the app redirects it).
 */
export const routeChunksOf = (table: readonly RouteChunks[], pathname: string): RouteChunks | null =>
  screenRouteOf(table, pathname);

/** A route's files as the page's links: its scripts as module preloads, its stylesheets as preloads. */
export function routePreloads(route: RouteChunks): string {
  return [
    ...route.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...route.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('');
}

/** The page with a route's files named just before `</head>`, after the start's own (index.html's). */
export function withRouteChunks(page: string, route: RouteChunks | null): string {
  if (!route) return page;
  const end = page.indexOf('</head>');
  return end < 0 ? page : `${page.slice(0, end)}${routePreloads(route)}${page.slice(end)}`;
}

interface Encoded {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The app's page for each address (decision 151's addendum): index.html naming the address's screen files, made once
 * per route (with its brotli and gzip copies) and kept; index.html itself for an address no route has.
 */
export function appPages(page: string, table: readonly RouteChunks[]) {
  const made = new Map<RouteChunks | null, Encoded>();
  const encodedOf = (route: RouteChunks | null): Encoded => {
    let encoded = made.get(route);
    if (!encoded) {
      const html = withRouteChunks(page, route);
      encoded = {
        html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      made.set(route, encoded);
    }
    return encoded;
  };
  const routeOf = (request: FastifyRequest) =>
    routeChunksOf(table, new URL(request.url, 'http://portal.invalid').pathname);
  return {
    /** The page's text for a request's address. */
    pageFor: (request: FastifyRequest): string => encodedOf(routeOf(request)).html,
    /** Sends the page everybody gets for a request's address (`no-cache`, compressed by its Accept-Encoding). */
    send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      const encoded = encodedOf(routeOf(request));
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(encoded.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(encoded.gzip);
      return reply.send(encoded.html);
    },
  };
}
