/** Contracts' linked_goals (companies plugin) come from the goal-contract link table (registered in plugin.ts). */
import { contribute, type Contribution } from '../../../../kernel/index';
import { linkedGoalsPoint } from '../../../companies/public';
import { goalsOfContracts } from './store';

export const linkedGoalsContribution: Contribution = contribute(linkedGoalsPoint, (trx, contractIds) =>
  goalsOfContracts(trx, contractIds),
);
