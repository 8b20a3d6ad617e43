/** The reports' staff screens (issue 30), kept out of config/paths.ts: the shop's entry does not carry them. */
export const reportPaths = { cash: '/admin/caja', reports: '/admin/reportes' };
