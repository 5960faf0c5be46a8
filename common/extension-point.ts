/**
 * The typed name of an extension point (kernel/extensions.ts has the registry). Kept in common/ so a plugin's
 * public.ts, which the workspace imports too, can declare its points without loading the kernel.
 */
export interface ExtensionPoint<T> {
  /** `<owner>.<name>`: the owner is a plugin id or `kernel`. */
  readonly id: string;
  readonly description: string;
  /** Type carrier only (never set). */
  readonly __type?: T;
}

/** Declares a typed extension point; `id` is `<owner>.<name>` (owner: the declaring plugin's id, or `kernel`). */
export function createExtensionPoint<T>(id: string, description: string): ExtensionPoint<T> {
  if (!/^[a-z][a-z0-9-]*\.[a-zA-Z][a-zA-Z0-9-]*$/.test(id)) {
    throw new Error(`extension point id "${id}" must be <owner>.<name> (owner: a plugin id or kernel)`);
  }
  return Object.freeze({ id, description });
}
