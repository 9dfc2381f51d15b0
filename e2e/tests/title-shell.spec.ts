import { expect, test, type Page } from '@playwright/test';
import { DEMO, blockingAxeViolations, useApiSession } from '../fixtures.js';

/**
 * The screens whose largest element is their title are answered with a page that paints that title before the app
 * runs (decision 139): the app's heading must land in the very box, so that nothing moves and no larger element
 * replaces the first paint's.
 */

/** The box of an element's text (its line, not the block's width), and its font. */
async function textBox(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      x,
      y,
      width,
      height,
      font: `${style.fontWeight} ${style.fontSize}/${style.lineHeight} ${style.fontFamily}`,
    };
  });
}

const VIEWPORTS = { phone: { width: 412, height: 823 }, desktop: { width: 1366, height: 900 } };

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the painted title and the app's heading share one box (${name})`, async ({ browser, request }) => {
    const still = await browser.newContext({ viewport, javaScriptEnabled: false });
    await useApiSession(still, request, DEMO.partner);
    const page = await still.newPage();
    await page.goto('/my-account');
    await expect(page.locator('.title-shell-title')).toHaveText('My Account');
    const painted = await textBox(page, '.title-shell-title');
    await still.close();

    const live = await browser.newContext({ viewport });
    await useApiSession(live, request, DEMO.partner);
    const app = await live.newPage();
    await app.addInitScript(() => {
      // What every layout shift moved (the top bar's own counts arrive later and are not this test's).
      const moved: Node[] = [];
      (window as unknown as { moved: Node[] }).moved = moved;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { sources: { node?: Node }[] }[])
          for (const source of entry.sources) if (source.node) moved.push(source.node);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await app.goto('/my-account');
    await expect(app.getByTestId('my-account')).toBeVisible();
    await expect(app.locator('.title-shell')).toHaveCount(0);
    await expect(app.getByRole('heading', { level: 2, name: 'My Account' })).toHaveCount(1);
    const drawn = await textBox(app, '[data-testid="page-title"]');
    expect(drawn.font).toBe(painted.font);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(drawn[key]).toBeCloseTo(painted[key], 0);
    // Nothing of the page's column (or around it) moved when the painted title gave way to the app.
    const movedInPage = await app.evaluate(() => {
      const main = document.querySelector('main');
      return (window as unknown as { moved: Node[] }).moved.filter(
        (node) => !main || main.contains(node) || node.contains(main),
      ).length;
    });
    expect(movedInPage).toBe(0);
    expect(await blockingAxeViolations(app)).toEqual([]);
    await live.close();
  });
}

test('the painted title is the page before the app runs: accessible, and the app still works', async ({
  page,
  context,
  request,
}) => {
  await useApiSession(context, request, DEMO.admin);
  // The app's entry held back: what is judged is the page as painted.
  await page.route('**/assets/boot-after-paint-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto('/staff/partners');
  await expect(page.locator('.title-shell-title')).toHaveText('Partners');
  expect(await blockingAxeViolations(page)).toEqual([]);
  await page.unroute('**/assets/boot-after-paint-*.js');
  await page.reload();
  await expect(page.getByTestId('staff-partners-total')).toBeVisible();
  await expect(page.locator('.title-shell')).toHaveCount(0);
  await page.getByTestId('menu-staffHome').click();
  await expect(page).toHaveURL('/staff');
  await expect(page.getByTestId('page-title')).toHaveText('Staff console');
});
