import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3405';
const roles = {
  admin: ['admin@demo.test', 'Admin2025!', ['/staff', '/staff/partners', '/staff/applications', '/staff/advertisers', '/staff/offers', '/staff/goals', '/staff/conversions', '/staff/fraud-review', '/staff/traffic', '/staff/reports', '/staff/reports?currency=base', '/staff/news', '/staff/users', '/staff/audit-log', '/staff/documents']],
  finance: ['finance@demo.test', 'Finance2025!', ['/staff', '/staff/billing', '/staff/invoices', '/staff/advertiser-invoices', '/staff/payments-out', '/staff/ledger', '/staff/conversions', '/staff/fraud-review', '/staff/reports']],
  manager: ['manager@demo.test', 'Manager2025!', ['/staff', '/staff/partners', '/staff/applications', '/staff/conversions', '/staff/reports']],
  partner: ['partner@demo.test', 'Partner2025!', ['/', '/offers', '/reports/daily', '/reports/subid', '/reports/conversion', '/reports/click', '/payments', '/postbacks', '/my-account', '/account', '/notifications']],
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [role, [email, password, paths]] of Object.entries(roles)) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 200)}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message.slice(0, 200)}`));
  page.on('response', (r) => { if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.url().replace(base, '')}`); });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
  for (const p of paths) {
    problems.length = 0;
    await page.goto(base + p);
    await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {});
    await page.waitForTimeout(800);
    const name = `${role}${p.replace(/[/?=]/g, '_')}`;
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
    const alerts = await page.locator('[role=alert]').allInnerTexts().catch(() => []);
    console.log(`${name}: ${problems.length ? problems.join(' | ') : 'ok'}${alerts.length ? ' ALERTS: ' + alerts.join(' / ').slice(0, 200) : ''}`);
  }
  await context.close();
}
await browser.close();
