import { defineWorkspacePlugin } from '../../../workspace/sdk';
export default defineWorkspacePlugin({ id: 'companies', routes: [{ path: '/contracts', title: 'Contracts', component: () => import('./Demo') }] });
