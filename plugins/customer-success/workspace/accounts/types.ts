/** Shapes of the account objects as the API answers them: inferred from the reply schemas (shared/api.ts). */
export type {
  AccountGroup,
  AccountManager,
  GroupManagerLink as GroupLink,
  ManagerCandidate as Candidate,
} from '../../shared/api';
