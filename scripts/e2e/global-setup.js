const { startStack } = require('./stack');

module.exports = async function globalSetup() {
  const stack = await startStack();
  globalThis.__GYM_STACK__ = stack;
  process.env.E2E_BASE_URL = stack.baseURL;
  process.env.E2E_WORK_DIR = stack.workDir;
  process.env.E2E_HTTP_URL = stack.httpURL;
  process.env.E2E_API_URL = stack.apiURL;
  console.log(`\nE2E: nginx at ${stack.baseURL}, logs in ${stack.workDir}`);
};
