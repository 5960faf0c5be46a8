/**
 * When the Stack Manager saves its list (customer-success.md section 4 "Stack reordering"): a reorder auto-saves
 * after a delay (ORDER_SAVE_DELAY_MS after the last move), a tag change after TAG_SAVE_DELAY_MS; each kind has its
 * own timer and a later change of the same kind restarts it. Whichever fires first saves everything pending (the
 * save reads the page's latest state). A drag start clears the timers (no save in the middle of a drag);
 * flush() saves at once (the Save button, leaving the page). Saves never overlap: a request while one runs saves
 * again after it. A failed save stays pending (the page stays dirty; Save retries). The clock is injected.
 */

export const ORDER_SAVE_DELAY_MS = 3000;
export const TAG_SAVE_DELAY_MS = 500;
/** A preferred-product change is saved quickly. */
export const PREFERRED_SAVE_DELAY_MS = 0;
/** Product fields typed in the edit dialog reach the draft this long after the last keystroke. */
export const PRODUCT_UPDATE_DEBOUNCE_MS = 400;

type SaveKind = 'order' | 'tags' | 'preferred';

interface SaverDeps {
  /** Saves whatever is pending; resolves true on success. */
  save(): Promise<boolean>;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

interface StackSaver {
  request(kind: SaveKind, delayMs: number): void;
  /** Clears every timer (drag start). */
  clear(): void;
  /** Saves now; resolves with the result of the last save. */
  flush(): Promise<boolean>;
  /** Whether a timer is waiting. */
  scheduled(): boolean;
}

export function createStackSaver(deps: SaverDeps): StackSaver {
  const timers = new Map<SaveKind, unknown>();
  let inFlight: Promise<boolean> | null = null;
  let again = false;

  const clear = () => {
    for (const h of timers.values()) deps.clearTimer(h);
    timers.clear();
  };

  async function run(): Promise<boolean> {
    clear();
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      let ok = false;
      try {
        do {
          again = false;
          ok = await deps.save();
        } while (again && ok);
      } catch {
        ok = false;
      } finally {
        inFlight = null;
      }
      return ok;
    })();
    return inFlight;
  }

  return {
    request(kind, delayMs) {
      const h = timers.get(kind);
      if (h !== undefined) deps.clearTimer(h);
      timers.set(
        kind,
        deps.setTimer(() => {
          timers.delete(kind);
          void run();
        }, delayMs),
      );
    },
    clear,
    flush: run,
    scheduled: () => timers.size > 0,
  };
}
