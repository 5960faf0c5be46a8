/**
 * Autosave of an edited tile (platform.md 4.6, 9; shared/autosave.ts): saves 5 s after the last change, stops
 * retrying after more than 3 failures, saves when the page is left (unmount), and keeps the page dirty
 * (useDirtyPage: leaving asks 'You have pending changes - are you sure you want to leave this page?') while
 * a change is unsaved.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDirtyPage } from '../../../../workspace/sdk';
import { createAutosave, type AutosaveState } from '../../shared/autosave';

export function useAutosave<T>(save: (value: T) => Promise<void>) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const { setDirty } = useDirtyPage();
  const [state, setState] = useState<AutosaveState>({ status: 'idle', failures: 0, dirty: false, lastError: null });
  const autosave = useMemo(
    () =>
      createAutosave<T>({
        save: (v) => saveRef.current(v),
        setTimer: (fn, ms) => setTimeout(fn, ms),
        clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
        onState: setState,
      }),
    [],
  );
  useEffect(() => {
    setDirty(state.dirty);
  }, [state.dirty, setDirty]);
  // Leaving the page (or the company) saves what is pending.
  useEffect(
    () => () => {
      void autosave.flush();
    },
    [autosave],
  );
  return { state, change: autosave.change, flush: autosave.flush, cancel: autosave.cancel };
}
