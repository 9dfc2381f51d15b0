/* global document, requestAnimationFrame */
// The entry of index-title.html (decision 139): the page's title is already painted by the HTML, so the app (named by
// this script's `data-app`) is asked for and run only once that first frame is out.
const app = document.querySelector('script[data-app]')?.dataset.app;
if (app) requestAnimationFrame(() => setTimeout(() => import(app)));
