/** Types of scripts/node-runtime.mjs (the supported Node.js, checked by bin/lci.mjs). */
export declare const MIN_NODE: string;
export declare function nodeRuntimeProblem(version: string): string | null;
