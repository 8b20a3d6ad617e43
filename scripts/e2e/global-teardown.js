module.exports = async function globalTeardown() {
  await globalThis.__GYM_STACK__?.stop();
};
