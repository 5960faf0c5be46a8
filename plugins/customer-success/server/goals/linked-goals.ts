/** Contracts' linked_goals (companies plugin) come from the goal-contract link table: registered on import. */
import { registerLinkedGoalsSource } from '../../../companies/public';
import { goalsOfContracts } from './store';

registerLinkedGoalsSource({ pluginId: 'customer-success', linkedGoals: (trx, contractIds) => goalsOfContracts(trx, contractIds) });
