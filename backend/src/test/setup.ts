// Jest reads `testTimeout` from the root config only, so the api project sets its own here:
// the first PGlite of a worker compiles its WebAssembly, which can take several seconds on a busy machine.
jest.setTimeout(60_000);
