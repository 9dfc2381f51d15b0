import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's title painted before the app runs (decision 139): class names styled in src/app/global.css. */
const SHELL = (placeholder: string) =>
  `<div class="title-shell" aria-hidden="true"><div class="title-shell-bar"></div>` +
  `<div class="title-shell-title">${placeholder}</div></div>`;

/**
 * The titled page's entry: once the first frame is out (`requestAnimationFrame`, then a task), it imports the app's
 * entry named by its own `data-app`, having first named as module preloads the scripts of its `data-preload` (what
 * index.html preloads: the entry's steps, decision 148), so that they download together once the frame is out.
 * Written by hand as small as it goes: every titled screen loads it beside its budget
 * of script (bench/bundle-budget.mjs).
 */
const BOOT =
  `const a=document.querySelector("script[data-app]").dataset;requestAnimationFrame(()=>setTimeout(()=>{` +
  `for(const h of a.preload.split(" "))if(h){const l=document.createElement("link");l.rel="modulepreload";` +
  `l.crossOrigin="";l.href=h;document.head.append(l)}import(a.app)}))\n`;

/** The placeholder the server replaces with a screen's title, escaped (apps/server/src/lib/title-shells.ts). */
export const TITLE_PLACEHOLDER = '{{title-shell}}';

/**
 * After the build, beside index.html: `index-title.html`, the same page with a title shell before `#root` and the
 * app's entry imported by `BOOT` after the first frame (its download too: no module preloads), and `title-shells.json`, each address of `shells` with its title's text from the locale file.
 * The server answers those addresses with the former (decision 139).
 */
export function titleShells(options: { locale: string; shells: Readonly<Record<string, string>> }): Plugin {
  let outDir = '';
  return {
    name: 'portal:title-shells',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const page = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
      if (!entry.test(page) || !page.includes('<div id="root">')) throw new Error('titleShells: index.html changed');
      // Nothing of the app is asked for before the first paint: a script Lighthouse sees requested at high priority
      // before it is counted as needed for that paint (its simulation then charges the entry's download to it).
      const boot = `assets/boot-after-paint-${createHash('sha256').update(BOOT).digest('base64url').slice(0, 8)}.js`;
      fs.writeFileSync(path.join(outDir, boot), BOOT);
      const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      const titled = page
        .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          entry,
          (_match, src: string) =>
            `<script type="module" src="/${boot}" data-app="${src}" data-preload="${preloads.join(' ')}"></script>`,
        )
        .replace('<div id="root">', `${SHELL(TITLE_PLACEHOLDER)}\n    <div id="root">`);
      fs.writeFileSync(path.join(outDir, 'index-title.html'), titled);
      const texts = JSON.parse(fs.readFileSync(options.locale, 'utf8')) as Record<string, Record<string, unknown>>;
      const titles: Record<string, string> = {};
      for (const [address, key] of Object.entries(options.shells)) {
        const [group, name] = key.split('.');
        const text = texts[group ?? '']?.[name ?? ''];
        if (typeof text !== 'string') throw new Error(`titleShells: no text '${key}'`);
        titles[address] = escapeHtml(text);
      }
      fs.writeFileSync(path.join(outDir, 'title-shells.json'), `${JSON.stringify(titles, null, 2)}\n`);
    },
  };
}
