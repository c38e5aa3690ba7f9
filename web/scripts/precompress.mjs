#!/usr/bin/env node
// Writes a Brotli copy (.br, quality 11) and a gzip copy (.gz, level 9) beside each script, style
// sheet and SVG the app is built into. The server sends them as they are (tower-http's ServeDir with
// precompressed files) instead of compressing each script again on each request: the vendor script
// took 12-15 ms of the server's time per request that way, at a lower quality (docs/operations.md,
// session 19). Usage: node scripts/precompress.mjs [distDir]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(resolve(process.argv[2] ?? 'dist'), 'assets');
let raw = 0;
let br = 0;
let files = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const path = join(assets, name);
  const plain = readFileSync(path);
  const brotli = brotliCompressSync(plain, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
  });
  const gzip = gzipSync(plain, { level: 9 });
  // A copy no smaller than the file is not worth sending.
  if (gzip.length < plain.length) writeFileSync(`${path}.gz`, gzip);
  if (brotli.length >= plain.length) continue;
  writeFileSync(`${path}.br`, brotli);
  raw += plain.length;
  br += brotli.length;
  files += 1;
}
console.log(`Brotli copies of ${files} assets: ${(raw / 1024).toFixed(1)} KB, ${(br / 1024).toFixed(1)} KB as Brotli`);
