#!/usr/bin/env node
// First-load JavaScript of the app shell (home and product pages), gzipped: the entry script
// and every chunk index.html preloads, and what its start script (vite.config.ts, appAfterFirstFrame)
// imports and preloads once the first frame is drawn. Usage: node scripts/bundle-size.mjs [distDir] [--max KB]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const maxKb = maxAt >= 0 ? Number(args[maxAt + 1]) : null;
const dist = resolve(args.find((a, i) => !a.startsWith('--') && (maxAt < 0 || i !== maxAt + 1)) ?? 'dist');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
for (const f of [...files]) {
  if (!/\/start-[^/]+\.js$/.test(f)) continue;
  const start = readFileSync(join(dist, f.replace(/^\//, '')), 'utf8');
  for (const m of start.matchAll(/"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]);
}

let raw = 0;
let gz = 0;
for (const f of files) {
  const buf = readFileSync(join(dist, f.replace(/^\//, '')));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  console.log(`${f.padEnd(44)} ${(buf.length / 1024).toFixed(1).padStart(7)} KB  ${(g / 1024).toFixed(1).padStart(6)} KB gzip`);
}
console.log(`first-load JS (home, product): ${(raw / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped`);
if (maxKb !== null && gz / 1024 > maxKb) {
  console.error(`over budget: ${(gz / 1024).toFixed(1)} KB > ${maxKb} KB`);
  process.exit(1);
}
