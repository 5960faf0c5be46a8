import { createStackSaver, ORDER_SAVE_DELAY_MS, TAG_SAVE_DELAY_MS } from '../shared/stack-manager-saver';

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
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        timers = timers.filter((t) => t !== due);
        due.fn();
        await new Promise((r) => setImmediate(r));
      }
      now = end;
      await new Promise((r) => setImmediate(r));
    },
    now: () => now,
  };
}

describe('Stack Manager auto-save timing', () => {
  it('saves a reorder 3 s after the last move (a further move restarts the wait)', async () => {
    const c = clock();
    const at: number[] = [];
    const saver = createStackSaver({
      ...c,
      save: async () => {
        at.push(c.now());
        return true;
      },
    });
    saver.request('order', ORDER_SAVE_DELAY_MS);
    await c.advance(2000);
    saver.request('order', ORDER_SAVE_DELAY_MS);
    await c.advance(2999);
    expect(at).toEqual([]);
    await c.advance(1);
    expect(at).toEqual([5000]);
    expect(saver.scheduled()).toBe(false);
  });

  it('a tag change saves after 500 ms, taking the pending reorder with it (one save)', async () => {
    const c = clock();
    let saves = 0;
    const saver = createStackSaver({
      ...c,
      save: async () => {
        saves++;
        return true;
      },
    });
    saver.request('order', ORDER_SAVE_DELAY_MS);
    saver.request('tags', TAG_SAVE_DELAY_MS);
    await c.advance(TAG_SAVE_DELAY_MS);
    expect(saves).toBe(1);
    await c.advance(ORDER_SAVE_DELAY_MS);
    expect(saves).toBe(1);
  });

  it('a drag start clears the auto-save', async () => {
    const c = clock();
    let saves = 0;
    const saver = createStackSaver({
      ...c,
      save: async () => {
        saves++;
        return true;
      },
    });
    saver.request('order', ORDER_SAVE_DELAY_MS);
    saver.clear();
    await c.advance(10_000);
    expect(saves).toBe(0);
  });

  it('flush saves at once (leaving the page); saves never overlap and a request during a save saves again after it', async () => {
    const c = clock();
    let running = 0;
    let maxRunning = 0;
    let saves = 0;
    let release: (() => void) | null = null;
    const saver = createStackSaver({
      ...c,
      save: async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        saves++;
        if (saves === 1)
          await new Promise<void>((r) => {
            release = r;
          });
        running--;
        return true;
      },
    });
    const first = saver.flush();
    await new Promise((r) => setImmediate(r));
    const second = saver.flush();
    expect(saves).toBe(1);
    release!();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(saves).toBe(2);
    expect(maxRunning).toBe(1);
  });

  it('a failed save resolves false (the changes stay pending)', async () => {
    const c = clock();
    const saver = createStackSaver({
      ...c,
      save: async () => {
        throw new Error('down');
      },
    });
    expect(await saver.flush()).toBe(false);
  });
});
