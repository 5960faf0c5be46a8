/**
 * The page match rule of platform.md section 5, shared with the workspace: common/access-rule.ts (one rule on both
 * sides). Re-exported here for the kernel's access service.
 */
export { pageCandidates, matchPage } from '../../common/access-rule';
