const { startStack } = require('./stack');

module.exports = async function globalSetup() {
  const stack = await startStack({}, { mercadoPago: true, arca: true, whatsapp: true });
  globalThis.__GYM_STACK__ = stack;
  process.env.E2E_BASE_URL = stack.baseURL;
  process.env.E2E_WORK_DIR = stack.workDir;
  process.env.E2E_HTTP_URL = stack.httpURL;
  process.env.E2E_API_URL = stack.apiURL;
  process.env.E2E_MP_URL = stack.mercadoPagoURL;
  process.env.E2E_API_ENV = JSON.stringify(stack.apiEnv);
  console.log(`\nE2E: nginx at ${stack.baseURL}, logs in ${stack.workDir}`);
};
