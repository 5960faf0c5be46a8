/**
 * A progress bar on stderr for long work (seed, migrate). Drawn only when
 * stderr is a terminal, so pipes, --json and tests see no bar.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  start(total: number, label: string): void;
  tick(label?: string): void;
  stop(): void;
}

export function progressBar(enabled = Boolean(process.stderr.isTTY)): Progress {
  if (!enabled) return { start() {}, tick() {}, stop() {} };
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
    stop() {
      if (active) bar.stop();
      active = false;
    },
  };
}
