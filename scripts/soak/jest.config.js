const path = require('node:path');

/**
 * `make soak`: the built API under faults and load, against a throwaway PostgreSQL server each
 * test file starts for itself (never the shared one), one file at a time.
 */
module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/scripts/soak'],
  testMatch: ['**/*.soak.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  testTimeout: 300_000,
  maxWorkers: 1,
};
