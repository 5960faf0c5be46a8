import { AUTOSAVE_DELAY_MS, createAutosave, type AutosaveState } from '../shared/autosave';

/** A manual clock: timers fire only when advanced. */
function clock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (h: unknown) => {
      timers = timers.filter((t) => t.id !== h);
    },
    async advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        due.fn();
        await new Promise((r) => setImmediate(r));
      }
      await new Promise((r) => setImmediate(r));
    },
    pending: () => timers.length,
  };
}

describe('autosave (platform 4.6 and 9)', () => {
  it('saves the latest value 5000 ms after the last change', async () => {
    const c = clock();
    const saved: string[] = [];
    const a = createAutosave<string>({
      ...c,
      save: async (v) => {
        saved.push(v);
      },
    });
    a.change('a');
    await c.advance(AUTOSAVE_DELAY_MS - 1);
    a.change('ab');
    await c.advance(AUTOSAVE_DELAY_MS - 1);
    expect(saved).toEqual([]);
    await c.advance(1);
    expect(saved).toEqual(['ab']);
    expect(a.state()).toMatchObject({ status: 'saved', dirty: false });
  });
  it('retries failures and stops after more than 3', async () => {
    const c = clock();
    let calls = 0;
    const states: AutosaveState[] = [];
    const a = createAutosave<number>({
      ...c,
      save: async () => {
        calls++;
        throw new Error('down');
      },
      onState: (s) => states.push(s),
    });
    a.change(1);
    for (let i = 0; i < 10; i++) await c.advance(AUTOSAVE_DELAY_MS);
    expect(calls).toBe(4);
    expect(a.state()).toMatchObject({ status: 'stopped', failures: 4, dirty: true, lastError: 'down' });
    expect(c.pending()).toBe(0);
    a.change(2);
    await c.advance(AUTOSAVE_DELAY_MS * 2);
    expect(calls).toBe(4);
  });
  it('recovers when a retry succeeds', async () => {
    const c = clock();
    let fail = 2;
    const saved: number[] = [];
    const a = createAutosave<number>({
      ...c,
      save: async (v) => {
        if (fail-- > 0) throw new Error('x');
        saved.push(v);
      },
    });
    a.change(7);
    for (let i = 0; i < 3; i++) await c.advance(AUTOSAVE_DELAY_MS);
    expect(saved).toEqual([7]);
    expect(a.state()).toMatchObject({ status: 'saved', failures: 0, dirty: false });
  });
  it('flush saves at once when leaving, even when stopped', async () => {
    const c = clock();
    const saved: number[] = [];
    let down = true;
    const a = createAutosave<number>({
      ...c,
      save: async (v) => {
        if (down) throw new Error('x');
        saved.push(v);
      },
    });
    a.change(1);
    expect(await a.flush()).toBe(false);
    for (let i = 0; i < 5; i++) await c.advance(AUTOSAVE_DELAY_MS);
    expect(a.state().status).toBe('stopped');
    down = false;
    expect(await a.flush()).toBe(true);
    expect(saved).toEqual([1]);
    expect(await a.flush()).toBe(true);
    expect(saved).toEqual([1]);
  });
  it('saves a change made during a save afterwards', async () => {
    const c = clock();
    const saved: number[] = [];
    let release!: () => void;
    const a = createAutosave<number>({
      ...c,
      save: (v) =>
        new Promise<void>((r) => {
          release = () => {
            saved.push(v);
            r();
          };
        }),
    });
    a.change(1);
    await c.advance(AUTOSAVE_DELAY_MS);
    a.change(2);
    release();
    await new Promise((r) => setImmediate(r));
    expect(a.state()).toMatchObject({ status: 'pending', dirty: true });
    await c.advance(AUTOSAVE_DELAY_MS);
    release();
    await new Promise((r) => setImmediate(r));
    expect(saved).toEqual([1, 2]);
  });
});
