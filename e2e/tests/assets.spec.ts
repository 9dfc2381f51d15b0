import { expect, test } from '@playwright/test';

/** Decision 043: the built assets are served compressed by Accept-Encoding, and source maps are not published. */
test('the sign-in page’s assets come brotli-compressed when asked, gzip otherwise, and no source map is served', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The entry script (always over the 1 KB under which nothing is compressed), as the page names it.
  const script = await page.evaluate(
    () => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')!.src).pathname,
  );
  expect(script).toMatch(/^\/assets\/sign-in-.+\.js$/);

  const br = await request.get(script, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers().vary).toMatch(/accept-encoding/i);
  const gzip = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // The decoded bodies are the same script.
  expect(await br.text()).toBe(await plain.text());
  expect(await gzip.text()).toBe(await plain.text());
  // The bundle names no map, and asking for one is a 404, as is a chunk that does not exist.
  expect(await plain.text()).not.toContain('sourceMappingURL');
  expect((await request.get(`${script}.map`)).status()).toBe(404);
  expect((await request.get('/assets/no-such-chunk.js')).status()).toBe(404);
  // The page itself too.
  const html = await request.get('/login', { headers: { 'accept-encoding': 'br' } });
  expect(html.headers()['content-encoding']).toBe('br');
});
