#!/usr/bin/env node
// The main thread's long tasks on a storefront page, named (issue 14's blocking time): a page loaded
// once in Debian's Chromium on Lighthouse's phone screen with the CPU slowed down (`--cpu`, 4x by
// default, as Lighthouse's mobile profile), traced with the JavaScript sampler, and each task over
// 50 ms printed with what ran in it: the trace's own events (parse, style, layout, a script's
// evaluation, a timer) and the JavaScript functions the sampler saw most, by their own time.
// A diagnosis, not a bench. Two ways to slow the CPU:
// - `--cpu X`: Chromium's own throttling, as a slow phone runs the page;
// - `--simulate X`: as Lighthouse's simulated throttling (the one `make bench` reports) sees it: the
//   page runs at full speed and each task counts X times its length, so a task is printed when X
//   times its length is over 50 ms. React's scheduler yields after 5 ms of real time, so under the
//   simulation every slice of its work counts 5 x X ms, and a slice that cannot yield (a commit, one
//   large component) more.
// Names are the bundle's: to read them, serve a build made with
// `npx vite build --sourcemap --minify false --outDir DIR`.
//
// Usage: node scripts/long-tasks.mjs URL [--cpu X | --simulate X] [--over MS] [--save trace.json]
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
let cpu = null;
let simulate = null;
let over = 50;
let save = null;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--cpu') cpu = Number(args[++i]);
  else if (args[i] === '--simulate') simulate = Number(args[++i]);
  else if (args[i] === '--over') over = Number(args[++i]);
  else if (args[i] === '--save') save = args[++i];
  else positional.push(args[i]);
}
// As the trace writes it (`http://host:port` is `http://host:port/`).
const url = /^https?:\/\//.test(positional[0] ?? '') ? new URL(positional[0]).href : null;
if (!url || (cpu !== null && simulate !== null) || !(over > 0)) {
  console.error('usage: node scripts/long-tasks.mjs URL [--cpu X | --simulate X] [--over MS] [--save trace.json]');
  process.exit(2);
}
if (cpu === null && simulate === null) cpu = 4;
if (!((cpu ?? simulate) >= 1)) {
  console.error('the slowdown is 1 or more');
  process.exit(2);
}
// How many times its length a task counts.
const scale = simulate ?? 1;

// playwright-core is the web app's (its e2e tests), resolved from web/node_modules.
const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
let trace;
try {
  // Lighthouse's mobile screen (Moto G Power: 412 x 823 at 1.75).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (cpu !== null) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'loading',
      'fonts',
    ],
  });
  await page.goto(url, { waitUntil: 'load' });
  // The app's late work (deferred renders, idle callbacks) lands within a few seconds of load.
  await page.waitForTimeout(4000);
  trace = JSON.parse((await browser.stopTracing()).toString());
} finally {
  await browser.close();
}
if (save) writeFileSync(save, JSON.stringify(trace));

const events = trace.traceEvents ?? trace;
const key = (e) => `${e.pid}:${e.tid}`;
// The page's main thread: where its own navigation started (an SVG image is a document too, with a
// navigationStart of its own; Chromium's own pages have renderers of their own).
const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
if (!navigation) {
  console.error(`long-tasks: the trace has no navigation to ${url}`);
  process.exit(1);
}
const main = key(navigation);
const onMain = events.filter((e) => key(e) === main);
const t0 = navigation.ts;
const ms = (us) => (us / 1000).toFixed(0).padStart(5);

// The sampler's samples on the main thread: [time, leaf call frame].
const samples = [];
const profiles = new Map();
for (const e of events) {
  if (e.name === 'Profile' && key(e) === main) profiles.set(e.id, { time: e.args.data.startTime, nodes: new Map() });
}
for (const e of events) {
  if (e.name !== 'ProfileChunk' || !profiles.has(e.id)) continue;
  const p = profiles.get(e.id);
  const data = e.args.data;
  for (const n of data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
  const ids = data.cpuProfile?.samples ?? [];
  const deltas = data.timeDeltas ?? [];
  for (let i = 0; i < ids.length; i++) {
    p.time += deltas[i] ?? 0;
    samples.push([p.time, p, ids[i]]);
  }
}
const frameName = (n) => {
  const f = n?.callFrame;
  if (!f) return '?';
  const file = f.url ? f.url.replace(/^.*\//, '') : '';
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
};

const TOP = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const tasks = onMain.filter((e) => e.ph === 'X' && TOP.has(e.name) && (scale * e.dur) / 1000 > over);
// The kinds of work a task is made of, as DevTools' timeline names them.
const KINDS = new Set([
  'ParseHTML',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'ResourceReceivedData',
  'XHRReadyStateChange',
  // A font for a new family, size or weight (on Linux asked of the browser process: see below).
  'FontCache::GetFontPlatformData',
]);
const how =
  cpu !== null ? `${cpu}x CPU (Chromium's own throttling)` : `full speed, each task counted ${simulate} times (Lighthouse's simulation)`;
console.log(`${url}: ${how}, tasks counting over ${over} ms, times (as run) from the navigation's start`);
// The first contentful paint of the page's own frame: blocking time counts the tasks after it.
const fcp = onMain.find((e) => e.name === 'firstContentfulPaint' && e.args?.frame === navigation.args?.frame);
if (fcp) console.log(`first contentful paint at ${ms(fcp.ts - t0).trim()} ms`);
let blocking = 0;
let blockingAfter = 0;
for (const t of tasks) {
  const end = t.ts + t.dur;
  const over50 = Math.max(0, (scale * t.dur) / 1000 - 50);
  blocking += over50;
  const after = fcp && t.ts >= fcp.ts;
  if (after) blockingAfter += over50;
  const counted = scale === 1 ? '' : `, counts ${((scale * t.dur) / 1000).toFixed(0)} ms`;
  console.log(`\n${ms(t.ts - t0)} ms  task ${(t.dur / 1000).toFixed(1)} ms${counted}${after ? ', after the first paint' : ''}`);
  const parts = new Map();
  for (const e of onMain) {
    if (e === t || e.ph !== 'X' || !KINDS.has(e.name) || e.ts < t.ts || e.ts >= end) continue;
    const d = e.args?.data ?? {};
    const what = d.url ? d.url.replace(/^.*\//, '') : (d.type ?? d.functionName ?? '');
    const label = `${e.name}${what ? ` ${what}` : ''}`;
    parts.set(label, (parts.get(label) ?? 0) + e.dur);
  }
  for (const [label, dur] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
    console.log(`        ${(dur / 1000).toFixed(1).padStart(6)} ms  ${label}`);
  }
  const self = new Map();
  let n = 0;
  for (const [time, p, id] of samples) {
    if (time < t.ts || time >= end) continue;
    n++;
    const name = frameName(p.nodes.get(id));
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  if (n) {
    console.log(`        JavaScript, by own samples (${n}):`);
    for (const [name, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
      console.log(`        ${String(Math.round((100 * c) / n)).padStart(5)} %  ${name}`);
    }
  }
}
// Finding a font for each size and weight the page uses: on Linux each is a call out of the sandbox
// that the main thread waits for, inside the layout that first needs it (session 35).
const strikes = onMain.filter((e) => e.ph === 'X' && e.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike');
// Blink's font lookups, the outermost of nested ones, with the family matching and the strikes in them.
let fontTime = 0;
let until = -Infinity;
for (const e of onMain.filter((x) => x.ph === 'X' && x.name === 'FontCache::GetFontPlatformData').sort((x, y) => x.ts - y.ts)) {
  if (e.ts >= until) {
    fontTime += e.dur;
    until = e.ts + e.dur;
  }
}
console.log(`\nfonts: ${strikes.length} strikes looked up (Linux's sandbox calls); font lookups ${(fontTime / 1000).toFixed(1)} ms as run`);
console.log(
  `${tasks.length} tasks counting over ${over} ms; what they count over 50 ms adds up to ${blocking.toFixed(0)} ms (every task, before the first paint too)`,
);
if (fcp)
  console.log(`after the first paint (a naive blocking time, without Lighthouse's interactive cut-off): ${blockingAfter.toFixed(0)} ms`);
