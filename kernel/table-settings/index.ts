/** kernel/table-settings: each user's columns and sort of the workspace's data tables (common/api/table-settings.ts). */
export { registerTableSettingsRoutes } from './routes';
