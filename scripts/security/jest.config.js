const path = require('node:path');

/** `make security`: attack tools (sqlmap) against the built API on loopback, one file at a time. */
module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/scripts/security'],
  testMatch: ['**/*.security.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  testTimeout: 900_000,
  maxWorkers: 1,
};
