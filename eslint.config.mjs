// ESLint flat config. The tools live in tools/lint (their own install, with
// the TypeScript 6 API that typescript-eslint needs; the app type-checks
// with TypeScript 7). `npm run lint` = scripts/lint.mjs: installs them on
// first use, then runs ESLint and `prettier --check`.
import { createRequire } from 'node:module';

const require = createRequire(new URL('./tools/lint/package.json', import.meta.url));
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const boundaries = require('eslint-plugin-boundaries');
const globals = require('globals');

/**
 * The rooms of the code and who may import whom (ARCHITECTURE.md "The map"):
 * declarations read only shared code; the server, the admin and the public
 * site never import each other; browser-shared code (web) sits under both
 * faces; only the entries see everything they start. A feature folder
 * (src/features/<feature>/) is cut the same way: its declaration and
 * contract (files at its top) are shared, its server/, admin/ and site/
 * folders belong to those rooms; so do a field kind's server.ts and
 * admin.tsx (its shared.ts is shared). The first pattern a file matches wins.
 */
const ROOMS = [
  { type: 'feature-server', pattern: 'src/features/*/server/**/*', mode: 'full' },
  { type: 'feature-admin', pattern: 'src/features/*/admin/**/*', mode: 'full' },
  { type: 'feature-site', pattern: 'src/features/*/site/**/*', mode: 'full' },
  { type: 'feature-shared', pattern: 'src/features/*/*', mode: 'full' },
  { type: 'server', pattern: ['src/core/field-kinds/server/**/*', 'src/core/field-kinds/*/server.ts'], mode: 'full' },
  { type: 'admin', pattern: ['src/core/field-kinds/admin/**/*', 'src/core/field-kinds/*/admin.tsx'], mode: 'full' },
  { type: 'shared', pattern: ['src/core/shared/**/*', 'src/core/field-kinds/**/*'], mode: 'full' },
  { type: 'resources', pattern: 'resources/**/*', mode: 'full' },
  { type: 'server', pattern: 'src/core/server/**/*', mode: 'full' },
  { type: 'web', pattern: 'src/core/web/**/*', mode: 'full' },
  { type: 'admin', pattern: 'src/core/admin/**/*', mode: 'full' },
  { type: 'site', pattern: 'src/core/site/**/*', mode: 'full' },
  { type: 'entry', pattern: 'src/entry/**/*', mode: 'full' },
];
const SHARED = ['shared', 'feature-shared'];
const SERVER = ['server', 'feature-server'];
const ADMIN = ['admin', 'feature-admin'];
const SITE = ['site', 'feature-site'];
const MAY_IMPORT = {
  shared: SHARED,
  'feature-shared': SHARED,
  resources: ['resources', ...SHARED],
  server: [...SERVER, 'resources', ...SHARED],
  'feature-server': [...SERVER, 'resources', ...SHARED],
  web: ['web', 'resources', ...SHARED],
  admin: [...ADMIN, 'web', 'resources', ...SHARED],
  'feature-admin': [...ADMIN, 'web', 'resources', ...SHARED],
  site: [...SITE, 'web', 'resources', ...SHARED],
  'feature-site': [...SITE, 'web', 'resources', ...SHARED],
  entry: ['entry', ...ADMIN, ...SITE, 'web', 'resources', ...SHARED],
};

/**
 * The public site stays small: it never loads react-admin or MUI (nor what
 * only they use), whether it imports them itself or through browser code
 * shared with the admin.
 */
const SITE_FILES = ['src/core/site/**/*.{ts,tsx}', 'src/features/*/site/**/*.{ts,tsx}', 'src/core/web/**/*.{ts,tsx}'];
const NOT_ON_THE_SITE = ['react-admin', 'ra-*', '@mui/*', '@emotion/*'];

const BROWSER = [
  'src/core/admin/**',
  'src/core/field-kinds/admin/**',
  'src/core/field-kinds/*/admin.tsx',
  'src/core/site/**',
  'src/core/web/**',
  'src/entry/**',
  'src/features/*/admin/**',
  'src/features/*/site/**',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.test-build/**',
      'data/**',
      'node_modules/**',
      'tools/lint/node_modules/**',
      'tools/openapi/node_modules/**',
      'src/core/server/db/migrations/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a value left out on purpose (`const { id: _id, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // In tests and benchmarks `x!` stands on something the test itself just made
    // or found: were it missing, the line throws and the test fails right there.
    files: ['tests/**', 'bench/**', 'src/features/*/tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The shared machinery keeps its functions small enough to hold one in your head; a feature's screens may run longer.
    files: ['src/core/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: BROWSER.map((p) => (p.endsWith('/**') ? `${p}/*.{ts,tsx}` : p)),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The admin's confirmation and save buttons answer once (a double click ran the action, or the save, twice).
    files: ['src/**/*.tsx'],
    ignores: ['src/core/admin/generic/Confirm.tsx', 'src/core/admin/generic/SaveButton.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['Confirm', 'SaveButton'],
              message: 'Use Confirm and SaveButton from src/core/admin/generic: they answer a double click once.',
            },
          ],
        },
      ],
    },
  },
  {
    files: SITE_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: NOT_ON_THE_SITE, message: 'The public site never loads react-admin or MUI (ARCHITECTURE.md "Boundaries").' }],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ROOMS,
      'boundaries/include': ['src/**/*', 'resources/**/*'],
      // A feature's tests, like tests/, may reach every room they test.
      'boundaries/ignore': ['src/features/*/tests/**/*'],
      'import/resolver': { [require.resolve('eslint-import-resolver-typescript')]: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} may not import ${dependency.type} (ARCHITECTURE.md "The map")',
          rules: Object.entries(MAY_IMPORT).map(([from, allow]) => ({ from, allow })),
        },
      ],
    },
  },
);
