import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import Cookies from 'js-cookie';
import { afterEach } from 'vitest';
import { addTexts } from '@/lib/i18n';
import accountTexts from '@/locales/en-account.json';
import offerTexts from '@/locales/en-offers.json';
import paymentTexts from '@/locales/en-payments.json';
import reportTexts from '@/locales/en-reports.json';
import screenTexts from '@/locales/en-screens.json';
import staffTexts from '@/locales/en-staff.json';
import staffConsoleTexts from '@/locales/en-staff-console.json';
import staffHomeTexts from '@/locales/en-staff-home.json';
import staffOfferTexts from '@/locales/en-staff-offers.json';
import staffPartnerTexts from '@/locales/en-staff-partners.json';
import staffReportTexts from '@/locales/en-staff-reports.json';
import staffTrafficTexts from '@/locales/en-staff-traffic.json';

// findBy… and waitFor wait up to 10 s, not 1 s: a whole form renders slowly on a loaded 2-CPU machine (5 s was
// passed by the staff reports and invoices tests at load 11), and a test that fails for being slow tells nothing.
configure({ asyncUtilTimeout: 10_000 });
// The screens' and the staff console's texts, which the app loads with the first screen that needs them (decision 061),
// for the screens' tests.
for (const texts of [screenTexts, offerTexts, reportTexts, paymentTexts, accountTexts]) addTexts(texts);
for (const texts of [
  staffTexts,
  staffHomeTexts,
  staffOfferTexts,
  staffReportTexts,
  staffPartnerTexts,
  staffTrafficTexts,
  staffConsoleTexts,
])
  addTexts(texts);

// jsdom lacks the layout APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it for fonts that finish loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
window.scrollTo = () => {};
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  // The snackbars' store is module state, shared by the test files of a worker (isolate: false in vitest.config.ts).
  notifications.clean();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  // A view session (decision 039) lives in sessionStorage, shared by the test files of a worker too.
  window.sessionStorage.clear();
});
