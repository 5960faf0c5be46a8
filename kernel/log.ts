/**
 * The process logger (pino). Level: INFO in production, DEBUG otherwise, unless LCI_LOG_LEVEL says (`lci serve` on a
 * terminal: INFO). Format (LCI_LOG_FORMAT): `json` writes pino's JSON lines (for log collectors), `pretty` short
 * human lines (`12:04:05 INFO  companies: 5 client companies`), `auto` (default) pretty when stdout is a terminal
 * and JSON otherwise.
 */
import pino, { type Logger } from 'pino';
export type { Logger } from 'pino';

type LogFormat = 'auto' | 'pretty' | 'json';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, and fields a human line leaves out. */
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'err', 'v']);
const MAX_VALUE = 60;

/** A short value for a human line: primitives as they are (long ones cut), lists and objects only counted. */
function shortValue(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return `[${v.length}]`;
  if (typeof v === 'object') return null;
  const s = String(v);
  const q = /\s/.test(s) ? JSON.stringify(s) : s;
  return q.length > MAX_VALUE ? `${q.slice(0, MAX_VALUE - 1)}…` : q;
}

/**
 * One pino record as a short human line (pure): time, level, message, then the record's simple fields as key=value;
 * an error's message (and, from WARN on, the first line of its stack's origin).
 */
export function humanLine(rec: Record<string, unknown>, colors = false): string {
  const t = new Date(typeof rec.time === 'number' ? rec.time : Date.now());
  const time = `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}:${String(t.getSeconds()).padStart(2, '0')}`;
  const level = Number(rec.level);
  const label = (LEVELS[level] ?? String(rec.level)).padEnd(5);
  const paint = (s: string) => {
    if (!colors) return s;
    const code = level >= 50 ? 31 : level >= 40 ? 33 : level <= 20 ? 90 : 36;
    return `\u001b[${code}m${s}\u001b[39m`;
  };
  const fields = Object.entries(rec)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => [k, shortValue(v)] as const)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${v}`);
  const err = rec.err as { message?: string; stack?: string } | undefined;
  if (err?.message) fields.push(`error=${JSON.stringify(err.message)}`);
  if (err?.stack && level >= 40) {
    const at = err.stack.split('\n').find((l) => l.trim().startsWith('at '));
    if (at) fields.push(at.trim());
  }
  const msg = typeof rec.msg === 'string' ? rec.msg : '';
  return `${time} ${paint(label)} ${msg}${fields.length ? `  ${fields.join(' ')}` : ''}`;
}

/** Whether a format means human lines on this output. */
export function prettyLogs(format: LogFormat, isTty: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTty);
}

/** A destination writing human lines to stdout (synchronously, so lines keep their order with other output). */
function humanDestination(colors: boolean): pino.DestinationStream {
  return {
    write(line: string) {
      let rec: Record<string, unknown>;
      try {
        rec = JSON.parse(line);
      } catch {
        process.stdout.write(line);
        return;
      }
      process.stdout.write(`${humanLine(rec, colors)}\n`);
    },
  };
}

export function createLogger(level: string, name = 'lifecycle', format: LogFormat = 'json'): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  };
  const isTty = !!process.stdout.isTTY;
  if (prettyLogs(format, isTty)) return pino(options, humanDestination(isTty && !process.env.NO_COLOR));
  return pino(options);
}

/**
 * Writes out what the logger's stream still holds (pino's JSON destination writes asynchronously), so output printed
 * next keeps its place after the log lines: `lci serve` prints its banner after it. pino's `flush(cb)` does not
 * wait for the write in flight; sonic-boom's `flushSync` does.
 */
export async function flushLogs(log: Logger): Promise<void> {
  const stream = (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { flushSync?: () => void } | undefined;
  try {
    if (typeof stream?.flushSync === 'function') {
      stream.flushSync();
      return;
    }
  } catch {
    // A write in flight: fall back to the asynchronous flush.
  }
  await new Promise<void>((resolve) => log.flush(() => resolve()));
}
