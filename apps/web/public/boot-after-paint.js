/* global document, requestAnimationFrame */
// The entry of index-title.html (decision 139): the page's title is already painted by the HTML, so the app (named by
// the page's `link[data-app]`, downloaded meanwhile) is run only once that first frame is out.
const app = document.querySelector('link[data-app]');
if (app) requestAnimationFrame(() => setTimeout(() => import(app.href)));
