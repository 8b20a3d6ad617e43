const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const prettier = require('eslint-config-prettier');
const globals = require('globals');

module.exports = tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      '.data/**',
      'bench/**',
      'frontend/public/**',
      '!frontend/public/socio-sw.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error (an async callback to server.close, a
    // forgotten await before a write). `void promise` says the fire-and-forget is meant.
    files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}', 'contracts/src/**/*.ts', 'db/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      // A Knex builder is a thenable too; inside a where-callback it is a clause, not a query.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafePromises: [{ from: 'package', name: 'QueryBuilder', package: 'knex' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The members' portal's service worker: plain JavaScript served as is (frontend/public).
    files: ['frontend/public/socio-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  prettier,
);
