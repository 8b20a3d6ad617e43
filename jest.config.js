const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const transform = { '^.+\\.(t|j|mj)sx?$': swc };

/** One run, four projects: pure rules, our lint rules, the API on a real database, the React screens in jsdom. */
module.exports = {
  // A global option: Jest ignores testTimeout inside projects[]. Generous for a busy 2-core machine.
  testTimeout: 20_000,
  // One worker per core (Jest's default leaves one free): the API files' set-up is a copied template now,
  // so two files at once on a 2-core machine take ~2/3 of the time of one after the other.
  maxWorkers: '100%',
  projects: [
    { displayName: 'contracts', testEnvironment: 'node', roots: ['<rootDir>/contracts/src'], transform },
    // The repository's own lint rules (scripts/lint/), run through ESLint with the real configuration.
    { displayName: 'lint', testEnvironment: 'node', roots: ['<rootDir>/scripts/lint'], transform },
    // The local fakes of outside services, as their clients and webhooks see them (real HTTP on loopback).
    { displayName: 'fakes', testEnvironment: 'node', roots: ['<rootDir>/scripts/fake-whatsapp'], transform },
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/backend/src', '<rootDir>/db/src'],
      transform,
      setupFilesAfterEnv: ['<rootDir>/backend/src/test/setup.ts'],
      // Migrate and seed once per run into a template each test file's database copies.
      globalSetup: '<rootDir>/backend/src/test/global-setup.ts',
      globalTeardown: '<rootDir>/backend/src/test/global-teardown.ts',
    },
    {
      displayName: 'web',
      // jsdom with Node's fetch and streams, so MSW answers the screens' requests (test/api-server.ts)
      testEnvironment: '<rootDir>/frontend/src/test/jsdom-with-fetch.cjs',
      // MSW's Node entry, not the browser build jsdom's export conditions would pick
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/frontend/src'],
      transform,
      // ky and some of MSW's dependencies ship only ES modules
      transformIgnorePatterns: ['/node_modules/(?!(ky|rettime|@open-draft/deferred-promise|until-async)/)'],
      moduleNameMapper: {
        '\\.(css|scss|svg|png|jpg|webp)$': '<rootDir>/frontend/src/test/file-stub.cjs',
        '^@/(.*)$': '<rootDir>/frontend/src/$1',
      },
      setupFilesAfterEnv: ['<rootDir>/frontend/src/test/setup.ts'],
    },
  ],
};
