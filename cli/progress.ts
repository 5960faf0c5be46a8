/**
 * A progress bar on stderr for long work (seed, migrate). Drawn only when
 * stderr is a terminal, so pipes, --json and tests see no bar.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  start(total: number, label: string): void;
  tick(label?: string): void;
  /** `done` of `total` (starting the bar on the first call): for work that reports its own counts. */
  set(done: number, total: number, label?: string): void;
  stop(): void;
}

export function progressBar(enabled = Boolean(process.stderr.isTTY)): Progress {
  if (!enabled) return { start() {}, tick() {}, set() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: '{bar} {value}/{total} {label}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let active = false;
  return {
    start(total, label) {
      bar.start(total, 0, { label });
      active = true;
    },
    tick(label) {
      if (active) bar.increment(1, label === undefined ? undefined : { label });
    },
    set(done, total, label) {
      if (!active) {
        bar.start(total, done, { label: label ?? '' });
        active = true;
        return;
      }
      if (bar.getTotal() !== total) bar.setTotal(total);
      bar.update(done, label === undefined ? undefined : { label });
    },
    stop() {
      if (active) bar.stop();
      active = false;
    },
  };
}
