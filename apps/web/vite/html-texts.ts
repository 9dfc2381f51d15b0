import fs from 'node:fs';
import { SIGN_IN_LINK_PARAMS } from '@portal/contracts';
import type { Plugin } from 'vite';

/** The value at a dotted key of the locale file ('login.title'); an unknown key fails the build. */
function valueAt(texts: unknown, key: string): unknown {
  let value: unknown = texts;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (value === undefined) throw new Error(`No text '${key}' in the locale file.`);
  return value;
}

/** A text of the locale file by its dotted key. */
function lookup(texts: unknown, key: string): string {
  const value = valueAt(texts, key);
  if (typeof value !== 'string') throw new Error(`No text '${key}' in the locale file.`);
  return value;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The texts of the listed keys ('login', 'errors.generic'), nested as in the locale file. */
function pickTexts(texts: unknown, keys: string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const parts = key.split('.');
    let target = picked;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts.at(-1)!] = valueAt(texts, key);
  }
  return picked;
}

/**
 * The page with every {{t:key}} replaced by its text, escaped for HTML, and every {{texts:key,key}} by those texts as
 * JSON for a data block (`<script type="application/json">`, which no Content-Security-Policy runs); an unknown key
 * fails the build.
 */
export function fillTexts(html: string, texts: unknown): string {
  return html
    .replace(/\{\{t:([\w.]+)\}\}/g, (_match, key: string) => escapeHtml(lookup(texts, key)))
    .replace(/\{\{texts:([\w.,]+)\}\}/g, (_match, keys: string) =>
      JSON.stringify(pickTexts(texts, keys.split(','))).replace(/</g, '\\u003c'),
    );
}

/**
 * Puts the locale's texts into the sign-in page (login.html, decision 055) at build time, and in development serves
 * that page for /login as the server does in production (apps/server/src/app.ts): a sign-in link (?token=…) goes to
 * the app.
 */
export function htmlTexts(localeFile: string): Plugin {
  return {
    name: 'portal-html-texts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => fillTexts(html, JSON.parse(fs.readFileSync(localeFile, 'utf8'))),
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (url.pathname === '/login') {
          // Vite's own fallback would answer /login with login.html whatever its query: a link goes to the app.
          const link = SIGN_IN_LINK_PARAMS.some((name) => url.searchParams.has(name));
          request.url = `${link ? '/index.html' : '/login.html'}${url.search}`;
        }
        next();
      });
    },
  };
}
