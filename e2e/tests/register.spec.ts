import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  TEXT,
  apiLogin,
  expectShell,
  outbox,
  registerThroughApi,
  resetLinkFor,
  signIn,
  snackbar,
  uniqueEmail,
} from '../fixtures.js';

const REQUIRED_TEXT_FIELDS = [
  'Company name',
  'Address',
  'Zip code',
  'City',
  'Website URL',
  'First name',
  'Last name',
  'Email',
  'Phone number',
];
const REQUIRED_SELECTS = ['Country', 'Typology', 'Experience', 'Estimated monthly revenue'];
const REQUIRED_MULTI_SELECTS = ['Languages', 'Traffic sources', 'Verticals', 'Geographic areas'];
const OPTIONAL_FIELDS = ['State', 'Telegram', 'Teams'];

const MANAGERS = ['manager@demo.test', 'lucas.moreau@demo.test'];

type Applicant = { email: string; companyName: string };

function newApplicant(): Applicant {
  const email = uniqueEmail('applicant');
  return { email, companyName: `E2E Media ${email.split('@')[0]}` };
}

/** The input a label names (Mantine also labels a combobox's hidden listbox with it). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator('input'));

/** A Mantine Select: open it, narrow it down by typing, click the option. */
async function choose(page: Page, label: string, search: string, option: string | RegExp) {
  const input = field(page, label);
  const target = page.getByRole('option', { name: option }).first();
  // On a loaded machine the filtered list can re-render under the pointer: type and pick again until it took.
  await expect(async () => {
    await input.click();
    await input.fill(search);
    await target.click({ timeout: 5_000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/** A Mantine MultiSelect: open it, click each option, close the dropdown. */
async function chooseMany(page: Page, label: string, options: string[]) {
  const input = field(page, label);
  for (const option of options) {
    await input.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await input.press('Escape');
  for (const option of options) {
    await expect(page.getByText(option, { exact: true }).first()).toBeVisible();
  }
}

/** Fills EVERY field of the registration form through the UI. */
async function fillRegisterForm(page: Page, applicant: Applicant) {
  await expect(field(page, 'Company name')).toBeVisible();
  await field(page, 'Company name').fill(applicant.companyName);
  await field(page, 'Address').fill('12 rue de la Paix');
  await field(page, 'Zip code').fill('75002');
  await field(page, 'City').fill('Paris');
  await field(page, 'State').fill('Île-de-France');
  await choose(page, 'Country', 'France', /France$/);
  await expect(field(page, 'Country')).toHaveValue(/France$/);
  await field(page, 'Website URL').fill('https://e2e-media.example.test');
  await field(page, 'First name').fill('Alice');
  await field(page, 'Last name').fill('Tester');
  await field(page, 'Email').fill(applicant.email);
  await field(page, 'Phone number').fill('+33 1 23 45 67 89');
  await field(page, 'Telegram').fill('alice_tester');
  await field(page, 'Teams').fill('alice.tester@example.test');
  await chooseMany(page, 'Languages', ['French', 'English']);
  await chooseMany(page, 'Traffic sources', ['SEO / Content', 'Native']);
  await choose(page, 'Typology', 'Publisher', 'Publisher / website');
  await expect(field(page, 'Typology')).toHaveValue('Publisher / website');
  await choose(page, 'Experience', '1 to 3', '1 to 3 years');
  await expect(field(page, 'Experience')).toHaveValue('1 to 3 years');
  await chooseMany(page, 'Verticals', ['Finance', 'Travel']);
  await choose(page, 'Estimated monthly revenue', '5,000 to', '€5,000 to €20,000');
  await expect(field(page, 'Estimated monthly revenue')).toHaveValue('€5,000 to €20,000');
  await chooseMany(page, 'Geographic areas', ['Europe']);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Send my request', exact: true }).click();

test.describe('register', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByTestId('page-title')).toHaveText('Request an account');
    await expect(field(page, 'Company name')).toBeVisible();
  });

  test('an empty submit shows "This field is required." under every required field', async ({ page }) => {
    await submit(page);
    const required = [...REQUIRED_TEXT_FIELDS, ...REQUIRED_SELECTS, ...REQUIRED_MULTI_SELECTS];
    for (const label of required) {
      await expect(field(page, label), label).toHaveAccessibleDescription(TEXT.required);
    }
    for (const label of OPTIONAL_FIELDS) {
      await expect(field(page, label), label).toHaveAccessibleDescription('');
    }
    await expect(page.getByText(TEXT.required, { exact: true })).toHaveCount(required.length);
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
  });

  test('a complete request lands on the confirmation and notifies the account manager', async ({ page }) => {
    const applicant = newApplicant();
    await fillRegisterForm(page, applicant);
    await submit(page);

    await expect(page).toHaveURL('/register/success');
    await expect(page.getByText(TEXT.registerSuccessTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.registerSuccessText, { exact: true })).toBeVisible();
    const back = page.getByRole('link', { name: 'Return to login', exact: true });
    await expect(back).toHaveAttribute('href', '/login');

    // The assigned account manager (the one with the fewest partners) is told by e-mail.
    await expect
      .poll(() => outbox().filter((m) => m.subject === `New partner request: ${applicant.companyName}`).length, {
        timeout: 15_000,
        message: 'the account manager notification',
      })
      .toBe(1);
    const notification = outbox().find((m) => m.subject === `New partner request: ${applicant.companyName}`);
    expect(MANAGERS.some((email) => notification?.to.includes(email))).toBe(true);
    expect(notification?.body).toContain(`Alice Tester of ${applicant.companyName}`);
    expect(notification?.body).toContain(`E-mail: ${applicant.email}`);
    expect(notification?.body).toContain('Website: https://e2e-media.example.test');
    expect(notification?.body).toContain('Telegram: alice_tester');
    // And the applicant gets an acknowledgement.
    await expect
      .poll(
        () =>
          outbox()
            .filter((m) => m.to.includes(applicant.email))
            .map((m) => m.subject),
        { timeout: 15_000 },
      )
      .toEqual([TEXT.registerSuccessTitle]);

    await back.click();
    await expect(page).toHaveURL('/login');
  });

  test('an approved request mails a set-password link that signs the partner in; once suspended, sign-in says so', async ({
    page,
    request,
  }) => {
    const applicant = newApplicant();
    await fillRegisterForm(page, applicant);
    await submit(page);
    await expect(page).toHaveURL('/register/success');

    // Staff approve it (decision 026): an admin reaches whichever manager it went to.
    const { bearer } = await apiLogin(request, DEMO.admin);
    const headers = { authorization: `Bearer ${bearer}` };
    const pending = (await (await request.get('/api/v1/staff/partners?status=pending', { headers })).json()) as {
      data: { id: number; email: string }[];
    };
    const partner = pending.data.find((p) => p.email === applicant.email);
    expect(partner, 'the request among the pending partners').toBeDefined();
    const approved = await request.put(`/api/v1/staff/partners/${partner!.id}/status`, {
      headers,
      data: { status: 'active' },
    });
    expect(approved.status()).toBe(200);

    // The first mail is the acknowledgement; the second carries the link.
    const link = await resetLinkFor(applicant.email, 1);
    const welcome = outbox().find((m) => m.to.includes(applicant.email) && m.body.includes(link));
    expect(welcome?.subject).toBe('Your partner account is approved');
    await page.goto(link);
    await expect(page.getByTestId('page-title')).toHaveText('Reset your password');
    const password = 'Welcome2026';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect(page.getByTestId('password-reset-success')).toContainText(TEXT.resetSuccessTitle);

    await signIn(page, applicant.email, password);
    await expectShell(page);
    await expect(page).toHaveURL('/');

    // Suspended: the open session ends at the next call, and signing in again shows the server's reason.
    const suspended = await request.put(`/api/v1/staff/partners/${partner!.id}/status`, {
      headers,
      data: { status: 'suspended' },
    });
    expect(suspended.status()).toBe(200);
    // The dashboard's own next call may already have met the 401 and sent the page to sign-in, which aborts this
    // navigation: either way the page must end on the sign-in screen.
    await page.goto('/offers').catch((error: unknown) => {
      if (!String(error).includes('net::ERR_ABORTED')) throw error;
    });
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email', { exact: true }).fill(applicant.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refusal = snackbar(page, TEXT.partnerNotActive);
    await expect(refusal).toHaveText(TEXT.partnerNotActive);
    await expect(refusal).toHaveAttribute('data-kind', 'error');
    await expect(page).toHaveURL(/\/login/);
  });

  test('registering an email twice says the account already exists', async ({ page, request }) => {
    const applicant = newApplicant();
    // The first request goes through the API with the options the form offers.
    await registerThroughApi(request, applicant);

    await fillRegisterForm(page, applicant);
    await submit(page);
    const message = snackbar(page, TEXT.emailExists);
    await expect(message).toHaveText(TEXT.emailExists);
    await expect(message).toHaveAttribute('data-kind', 'error');
    await expect(page).toHaveURL('/register');
    // Shown for about 3 seconds.
    await expect(message).toBeHidden({ timeout: 6000 });
  });

  test('a server-side field error is shown under its field', async ({ page }) => {
    const serverMessage = 'Please enter a valid URL (http:// or https://).';
    let posted: unknown = null;
    await page.route('**/api/v1/register', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posted = route.request().postDataJSON();
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 400,
          message: 'The request is invalid.',
          data: null,
          errors: { websiteUrl: serverMessage },
        }),
      });
    });
    const applicant = newApplicant();
    await fillRegisterForm(page, applicant);
    await submit(page);

    await expect(field(page, 'Website URL')).toHaveAccessibleDescription(serverMessage);
    await expect(page.getByText(serverMessage, { exact: true })).toHaveCount(1);
    // Opted out of the generic bad-request snackbar, and still on the form.
    await expect(page.getByTestId('snackbar')).toHaveCount(0);
    await expect(page).toHaveURL('/register');
    // The payload carried every field as filled.
    expect(posted).toMatchObject({
      companyName: applicant.companyName,
      email: applicant.email,
      country: 'FR',
      state: 'Île-de-France',
      telegram: 'alice_tester',
      teams: 'alice.tester@example.test',
      langs: ['fr', 'en'],
      trafficSourceList: ['seo', 'native'],
      typology: 'publisher',
      experience: '1to3',
      verticals: ['finance', 'travel'],
      estimatedMonthlyRevenue: '5k20k',
      geographicAreaList: ['europe'],
      websiteUrl: 'https://e2e-media.example.test',
    });
  });
});
