/** Types of scripts/boundaries.mjs (the import boundaries of DESIGN.md, shared by eslint and jest). */
export declare const SURFACES: Set<string>;
export declare function sourceFiles(root: string, dir: string): string[];
export declare function resolveImport(root: string, from: string, spec: string): string;
export declare function pluginDependencies(root: string): Record<string, string[]>;
export declare function serverPath(rel: string): string | null;
export declare function crossings(
  from: string,
  target: string,
  deps: Record<string, string[]>,
  opts?: { typeOnly?: boolean },
): string[];
