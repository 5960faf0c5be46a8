/** Types of scripts/eslint-layering.mjs (the lint rule lci/no-sql-outside-stores). */
import type { Rule } from 'eslint';
export declare const noSqlOutsideStores: Rule.RuleModule;
