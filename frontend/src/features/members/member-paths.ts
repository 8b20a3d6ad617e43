/**
 * The members' portal (issue 27), under /socio: reached by a link the gym sends (/socio/entrar#token)
 * or asked for by e-mail. Kept here, not in config/paths.ts: the shop's entry does not carry them.
 */
export const memberPaths = {
  portal: '/socio',
  signIn: '/socio/ingresar',
  link: '/socio/entrar',
  classes: '/socio/clases',
};
