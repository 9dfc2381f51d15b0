/* global document, requestAnimationFrame */
// index-title.html's entry: the app after the first frame (decision 139; apps/web/vite/title-shells.ts).
const app = document.querySelector('script[data-app]')?.dataset.app;
if (app) requestAnimationFrame(() => setTimeout(() => import(app)));
