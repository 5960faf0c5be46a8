/**
 * Autosave (platform.md sections 4.6 and 9): after a change it waits 5000 ms (a further change restarts the
 * wait), then saves the latest value. A failed save is retried after the same delay; after more than 3
 * failures it stops retrying (state 'stopped'; changes stay unsaved and the page stays dirty until a save
 * succeeds). flush() saves at once, e.g. when the page is left, even when stopped.
 * The clock is injected so the rule is tested without waiting.
 */

export const AUTOSAVE_DELAY_MS = 5000;
export const AUTOSAVE_MAX_FAILURES = 3;

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'stopped';
export interface AutosaveState {
  status: AutosaveStatus;
  failures: number;
  dirty: boolean;
  lastError: string | null;
}

export interface AutosaveDeps<T> {
  save(value: T): Promise<void>;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  onState?(s: AutosaveState): void;
  delayMs?: number;
  maxFailures?: number;
}

export interface Autosave<T> {
  change(value: T): void;
  flush(): Promise<boolean>;
  cancel(): void;
  state(): AutosaveState;
}

export function createAutosave<T>(deps: AutosaveDeps<T>): Autosave<T> {
  const delay = deps.delayMs ?? AUTOSAVE_DELAY_MS;
  const maxFailures = deps.maxFailures ?? AUTOSAVE_MAX_FAILURES;
  let st: AutosaveState = { status: 'idle', failures: 0, dirty: false, lastError: null };
  let pending: { value: T } | null = null;
  let timer: unknown = null;
  let inFlight: Promise<boolean> | null = null;

  const set = (patch: Partial<AutosaveState>) => {
    st = { ...st, ...patch };
    deps.onState?.(st);
  };
  const clear = () => {
    if (timer !== null) {
      deps.clearTimer(timer);
      timer = null;
    }
  };
  const schedule = () => {
    clear();
    timer = deps.setTimer(() => {
      timer = null;
      void run();
    }, delay);
  };

  async function run(): Promise<boolean> {
    if (inFlight) {
      await inFlight;
    }
    if (!pending) return true;
    const { value } = pending;
    pending = null;
    set({ status: 'saving' });
    inFlight = (async () => {
      try {
        await deps.save(value);
        const more = pending !== null;
        set({ status: more ? 'pending' : 'saved', failures: 0, dirty: more, lastError: null });
        if (more) schedule();
        return true;
      } catch (e) {
        if (!pending) pending = { value };
        const failures = st.failures + 1;
        const stopped = failures > maxFailures;
        set({
          status: stopped ? 'stopped' : 'failed',
          failures,
          dirty: true,
          lastError: (e as Error)?.message ?? String(e),
        });
        if (!stopped) schedule();
        return false;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  return {
    change(value: T) {
      pending = { value };
      if (st.status === 'stopped') {
        set({ dirty: true });
        return;
      }
      set({ status: st.status === 'saving' ? 'saving' : 'pending', dirty: true });
      if (st.status !== 'saving') schedule();
    },
    async flush() {
      clear();
      if (!pending) {
        if (inFlight) return inFlight;
        return true;
      }
      return run();
    },
    cancel() {
      clear();
      pending = null;
      set({ status: 'idle', dirty: false });
    },
    state: () => st,
  };
}
