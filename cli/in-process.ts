/**
 * For the CLI's tests: runs `lci <args>` inside the test process through the
 * same run() that cli/index.ts calls, with its own environment and its stdout
 * and stderr captured, and returns the exit code index.ts would exit with.
 * A command still starts and stops its own kernel on the sandbox's database;
 * only loading the program's modules (most of a child process's time) is
 * shared. cli/test-support.ts uses it unless a suite asks for child processes.
 */
import type { RunOptions } from './run';
import type { CliResult } from './test-support';

type Write = typeof process.stdout.write;

function capture(into: string[]): Write {
  return ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    into.push(
      typeof chunk === 'string'
        ? chunk
        : Buffer.from(chunk as Uint8Array).toString(
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          ),
    );
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as Write;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs one command; calls are serialised (the environment and the standard streams are process-wide). */
export function runInProcess(args: string[], env: Record<string, string>, opts: RunOptions = {}): Promise<CliResult> {
  const next = queue.then(async () => {
    const { run } = await import('./run');
    const saved = { env: process.env, out: process.stdout.write, err: process.stderr.write };
    const stdout: string[] = [];
    const stderr: string[] = [];
    process.env = { ...env };
    process.stdout.write = capture(stdout);
    process.stderr.write = capture(stderr);
    let code: number;
    try {
      code = await run(['node', 'lci', ...args], opts);
    } finally {
      process.env = saved.env;
      process.stdout.write = saved.out;
      process.stderr.write = saved.err;
    }
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  });
  queue = next.catch(() => undefined);
  return next;
}
