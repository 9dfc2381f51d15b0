import type { Plugin, Rolldown } from 'vite';

/**
 * The app's page names, as module preloads, every script of the entry's steps (src/main.tsx, decision 148): the entry
 * imports its steps one after another, so that each is evaluated in a task of its own, but their downloads start with
 * the page's, together, as when they were one chunk. (The sign-in page is left as it is.)
 */
export function startSteps(entry: string): Plugin {
  return {
    name: 'portal:start-steps',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk } = context;
        if (!bundle || !chunk || chunk.name !== entry) return html;
        const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
        const files: string[] = [];
        const add = (file: string) => {
          const imported = bundle[file] as Rolldown.OutputChunk | undefined;
          if (!imported || imported.type !== 'chunk' || named.has(file)) return;
          named.add(file);
          files.push(file);
          imported.imports.forEach(add);
        };
        chunk.dynamicImports.forEach(add);
        if (files.length === 0) throw new Error(`startSteps: the entry '${entry}' imports no step`);
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
        const stylesheet = /\n\s*<link rel="stylesheet"/;
        if (!stylesheet.test(html)) throw new Error('startSteps: index.html has no stylesheet to put the links before');
        return html.replace(stylesheet, (match) => `\n    ${links}${match}`);
      },
    },
  };
}
