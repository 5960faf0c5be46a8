/** Types of scripts/browser-graph.mjs (the workspace build's check that no server code enters the browser). */
import type { Plugin } from 'vite';
export declare const SERVER_PACKAGES: string[];
export declare function serverModule(id: string, root: string): string | null;
export declare function shortId(id: string, root: string): string;
export declare function browserGraphGuard(root: string): Plugin;
