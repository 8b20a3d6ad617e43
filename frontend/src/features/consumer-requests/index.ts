export const consumerDeskPath = '/admin/bajas';
