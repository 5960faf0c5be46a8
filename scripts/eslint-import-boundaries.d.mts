/** Types of scripts/eslint-import-boundaries.mjs (the eslint plugin `lci`: import boundaries, kernel tables). */
import type { ESLint, Rule } from 'eslint';
declare const lci: ESLint.Plugin & {
  rules: { 'import-boundaries': Rule.RuleModule; 'no-kernel-table-sql': Rule.RuleModule };
};
export default lci;
