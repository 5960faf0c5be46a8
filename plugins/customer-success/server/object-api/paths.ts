/** Where the Customer Success object API lives: the module its routes need and their two bases (routes.ts). */
export const CS_MODULE = 'Customer Success' as const;
export const BASE = '/v3/cs/tenant/:tenantId/cs';
export const RPT = '/v3/cs/tenant/:tenantId/csrpt';
