// The bra size calculator and the size chart agree (issue 11, item 1), at 390×844: a shopper types the
// chart's 34B row (under-bust 30.5 in, bust 36 in) into the calculator on a bra's page and is told 34B,
// and in centimetres the chart's own numbers give the same size; the chart shows every size on sale.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPhonePage, REPO_DIR, screenshot, startServer } from './harness.mjs';

const SLUG = 'everyday-padded-t-shirt-bra-black';
const table = JSON.parse(readFileSync(`${REPO_DIR}/testdata/bra_sizes.json`, 'utf8'));

describe('bra size guide', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the calculator answers the size chart row typed into it', async () => {
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto(`/product/${SLUG}`);
      await page.getByTestId('sizes').waitFor();
      const row34b = table.chart.find((r) => r.size === '34B');
      assert.deepEqual([row34b.underbust_in, row34b.bust_in], [30.5, 36]);

      await page.getByRole('button', { name: /bra size calculator/i }).click();
      const dialog = page.getByRole('dialog', { name: 'Bra Size Calculator' });
      await dialog.getByLabel('Under-bust (inches)', { exact: true }).fill(String(row34b.underbust_in));
      await dialog.getByLabel('Bust (inches)', { exact: true }).fill(String(row34b.bust_in));
      await dialog.getByRole('button', { name: 'Calculate my size' }).click();
      const result = dialog.getByTestId('bra-size-result');
      await result.waitFor();
      assert.match(await result.innerText(), /34B/);
      assert.doesNotMatch(await result.innerText(), /not available/i);
      await screenshot(page, 'bra-calculator-34b.png');

      // The same row in centimetres.
      await dialog.getByRole('button', { name: 'Cm', exact: true }).click();
      await dialog.getByLabel('Under-bust (cm)', { exact: true }).fill(String(row34b.underbust_cm));
      await dialog.getByLabel('Bust (cm)', { exact: true }).fill(String(row34b.bust_cm));
      await dialog.getByRole('button', { name: 'Calculate my size' }).click();
      await page.waitForFunction(() => /34B/.test(document.querySelector('[data-testid=bra-size-result]')?.textContent ?? ''));
      await dialog.getByRole('button', { name: 'Select 34B' }).click();
      assert.equal(
        await page
          .getByTestId('sizes')
          .getByRole('radio', { name: /^34B\b/ })
          .getAttribute('aria-checked'),
        'true',
      );
    } finally {
      await context.close();
    }
  });

  test('the bra size chart lists every size on sale', async () => {
    const svg = await (await fetch(`${server.baseURL}/media/size-charts/bra-in.svg`)).text();
    for (const size of table.sizes_on_sale) assert.ok(svg.includes(`>${size}<`), `${size} in the chart`);
    const { page, context } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto(`/product/${SLUG}`);
      await page.getByTestId('sizes').waitFor();
      await page.getByRole('button', { name: 'Size chart' }).click();
      const chart = page.locator('img.size-chart__img');
      await chart.waitFor();
      await page.waitForFunction(() => document.querySelector('img.size-chart__img')?.complete);
      await screenshot(page, 'bra-size-chart.png');
    } finally {
      await context.close();
    }
  });
});
