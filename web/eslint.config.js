// Lint for the web app: `npm run lint` (no warning allowed), run by `make check` before any test.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig([
  globalIgnores(['dist/', 'src/shared/api/schema.ts']),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // no-cycle parses the files an import leads to: TypeScript ones too.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves `@/…` (tsconfig paths) and relative imports to files, so the rules below see through both.
      // (eslint-import-resolver-typescript 3.7: its 4.x needs native resolver packages the registry here
      // does not carry for every platform, which breaks `npm ci`.)
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',

      'import/no-cycle': 'error',
      // One-way imports (bulletproof-react): shared → features → app. A feature imports no other
      // feature; composition across features happens in app/. Zones are resolved file paths, so a
      // relative `../other-feature/…` is caught as surely as `@/features/other-feature/…`.
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './src/shared',
              from: ['./src/features', './src/app'],
              message: 'shared/ imports neither features nor app (one-way: shared → features → app).',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature does not import app/; app/ composes features.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature; compose them in app/.',
            })),
          ],
        },
      ],
    },
  },

  {
    // Request and response shapes have one home, beside the generated schema.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/api/types.ts', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSInterfaceDeclaration[id.name=/(Response|Request)$/]',
          message: 'API types are declared only in src/shared/api/types.ts.',
        },
      ],
    },
  },

  {
    // Build scripts and config run in Node.
    files: ['scripts/**/*.mjs', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests run in Node; their page.evaluate callbacks run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
