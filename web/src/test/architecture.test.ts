import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One-way imports (bulletproof-react): shared → features → app. A feature never imports
// another feature; composition across features happens in app/.
const SRC = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'(@\/[^']+)'/g)].map((m) => m[1]!);
}

describe('import direction', () => {
  const all = files(SRC).map((f) => ({ path: relative(SRC, f), deps: imports(f) }));

  it('shared imports neither features nor app', () => {
    const bad = all
      .filter((f) => f.path.startsWith('shared/'))
      .flatMap((f) => f.deps.filter((d) => /^@\/(features|app)\//.test(d)).map((d) => `${f.path} → ${d}`));
    expect(bad).toEqual([]);
  });

  it('a feature imports no other feature and not app', () => {
    const bad = all
      .filter((f) => f.path.startsWith('features/'))
      .flatMap((f) => {
        const own = f.path.split('/')[1];
        return f.deps
          .filter((d) => d.startsWith('@/app/') || (d.startsWith('@/features/') && d.split('/')[2] !== own))
          .map((d) => `${f.path} → ${d}`);
      });
    expect(bad).toEqual([]);
  });

  it('API types are declared only in shared/api/types.ts', () => {
    const bad = all
      .filter((f) => f.path !== 'shared/api/types.ts' && !f.path.startsWith('test/'))
      .filter((f) => /interface\s+\w*(Response|Request)\b/.test(readFileSync(join(SRC, f.path), 'utf8')))
      .map((f) => f.path);
    expect(bad).toEqual([]);
  });
});
