/** Types of scripts/eslint-kernel-tables.mjs (the lint rule lci/no-kernel-table-sql). */
import type { Rule } from 'eslint';
export declare const KERNEL_TABLES: string[];
export declare const KERNEL_TABLE_SQL: RegExp;
export declare const noKernelTableSql: Rule.RuleModule;
