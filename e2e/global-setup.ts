import { request } from '@playwright/test';
import config, { baseURL } from './playwright.config.js';

/**
 * The e2e server runs with the conversion rules on (decision 108), as production does; but the specs' postbacks follow
 * their clicks within the second, from one address, so the network's conversion rules are set to `allow` here, once,
 * before any spec: each spec that is about the rules turns them on for its own offer (an offer override), as
 * fraud-review.spec does. The click rules keep their production defaults (decision 102).
 */
export default async function globalSetup() {
  const api = await request.newContext({ baseURL, userAgent: config.use?.userAgent });
  try {
    const login = await api.post('/api/v1/login', { data: { username: 'admin@demo.test', password: 'Admin2025!' } });
    if (login.status() !== 200) throw new Error(`admin login: ${login.status()} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { data: { bearer: string } }).data.bearer}` };
    const current = await api.get('/api/v1/staff/traffic-rules', { headers });
    const network = ((await current.json()) as { data: { network: Record<string, unknown> } }).data.network;
    const allow = {
      tooFast: 'allow',
      countryMismatch: 'allow',
      ipConversions: 'allow',
      duplicateTransaction: 'allow',
      conversionRateSpike: 'allow',
      flaggedClick: 'allow',
    };
    const saved = await api.put('/api/v1/staff/traffic-rules', { headers, data: { ...network, ...allow } });
    if (saved.status() !== 200) throw new Error(`network conversion rules: ${saved.status()} ${await saved.text()}`);
  } finally {
    await api.dispose();
  }
}
