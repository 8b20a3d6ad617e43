const path = require('node:path');

/** Browser tests: the production bundle and API behind a real nginx, driven in Debian's Chromium. */
module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/scripts/e2e/specs'],
  testMatch: ['**/*.e2e.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/scripts/e2e/global-setup.js',
  globalTeardown: '<rootDir>/scripts/e2e/global-teardown.js',
  // CI's shards are dealt by the specs' known times (sequencer.js), not by a hash of their paths.
  testSequencer: '<rootDir>/scripts/e2e/sequencer.js',
  testTimeout: 60_000,
  maxWorkers: 1,
};
