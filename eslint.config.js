const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const prettier = require('eslint-config-prettier');
const globals = require('globals');
const moduleBoundaries = require('./scripts/lint/module-boundaries.cjs');

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
    // Modules and features talk through their index.ts (docs: README, "Layout").
    files: ['backend/src/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { gym: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'gym/module-boundaries': [
        'error',
        {
          roots: [
            { dir: 'backend/src/modules', entries: ['index'] },
            { dir: 'frontend/src/features', entries: ['index', 'staff'] },
          ],
        },
      ],
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
