/**
 * The screens whose largest element on a phone is their title, and that title's text (decision 139): for these
 * addresses the server answers with `index-title.html`, where the page paints the title in the box where the app's
 * `PageTitle` draws it and runs the app only after that first paint. Plain data (no imports): the Vite build reads
 * it. `screens.test.ts` holds each path and text against the screens table.
 */
export const TITLE_SHELLS: Readonly<Record<string, string>> = {
  '/reports/subid': 'screen.reportSubid',
  '/reports/conversion': 'screen.reportConversion',
  '/my-account': 'screen.myAccount',
  '/staff/partners': 'screen.staffPartners',
  '/staff/reports': 'screen.staffReports',
};

/** index-title.html's painted title gives way to what the app draws, in the frame the app first commits. */
export function removeTitleShell(): void {
  document.querySelector('.title-shell')?.remove();
}
