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
 * The rooms of the code and who may import whom (ARCHITECTURE.md "Rooms"):
 * declarations read only shared code; the server, the admin and the public
 * site never import each other; browser-shared code (web) sits under both
 * faces; only the entries see everything they start.
 */
const ROOMS = [
  { type: 'shared', pattern: 'src/shared/**/*', mode: 'full' },
  { type: 'resources', pattern: 'resources/**/*', mode: 'full' },
  { type: 'server', pattern: 'src/server/**/*', mode: 'full' },
  { type: 'web', pattern: 'src/web/**/*', mode: 'full' },
  { type: 'admin', pattern: 'src/admin/**/*', mode: 'full' },
  { type: 'site', pattern: 'src/site/**/*', mode: 'full' },
  { type: 'entry', pattern: 'src/entry/**/*', mode: 'full' },
];
const MAY_IMPORT = {
  shared: ['shared'],
  resources: ['resources', 'shared'],
  server: ['server', 'resources', 'shared'],
  web: ['web', 'resources', 'shared'],
  admin: ['admin', 'web', 'resources', 'shared'],
  site: ['site', 'web', 'resources', 'shared'],
  entry: ['entry', 'admin', 'site', 'web', 'resources', 'shared'],
};

const BROWSER = ['src/admin/**', 'src/site/**', 'src/web/**', 'src/entry/**'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.test-build/**',
      'data/**',
      'node_modules/**',
      'tools/lint/node_modules/**',
      'tools/openapi/node_modules/**',
      'src/server/db/migrations/**',
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
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: BROWSER.map((p) => `${p.replace('/**', '')}/**/*.{ts,tsx}`),
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
    files: ['src/**/*.{ts,tsx}', 'resources/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ROOMS,
      'boundaries/include': ['src/**/*', 'resources/**/*'],
      'import/resolver': { [require.resolve('eslint-import-resolver-typescript')]: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} may not import ${dependency.type} (ARCHITECTURE.md "Rooms")',
          rules: Object.entries(MAY_IMPORT).map(([from, allow]) => ({ from, allow })),
        },
      ],
    },
  },
);
