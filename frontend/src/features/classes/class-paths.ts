/** The classes' staff screens (issue 28), kept out of config/paths.ts: the shop's entry does not carry them. */
export const classPaths = { classes: '/admin/clases', door: '/admin/ingreso' };
