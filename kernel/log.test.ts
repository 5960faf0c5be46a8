/** Log lines (kernel/log.ts): short human lines on a terminal, JSON otherwise or when LCI_LOG_FORMAT=json. */
import { humanLine, prettyLogs } from './log';

const at = new Date(2026, 10, 27, 9, 5, 7).getTime();

test('a record becomes time, level, message and its simple fields; lists are counted, objects left out', () => {
  expect(
    humanLine({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      name: 'lifecycle',
      msg: 'demo data loaded',
      tenantId: 1,
      changes: ['a', 'b'],
      nested: { x: 1 },
    }),
  ).toBe('09:05:07 INFO  demo data loaded  tenantId=1 changes=[2]');
  expect(humanLine({ level: 20, time: at, msg: 'kernel started' })).toBe('09:05:07 DEBUG kernel started');
});

test('long values are cut, values with spaces quoted; an error shows its message and, from WARN on, where', () => {
  const line = humanLine({ level: 30, time: at, msg: 'x', path: 'a b', long: 'y'.repeat(100) });
  expect(line).toContain('path="a b"');
  expect(line).toContain(`long=${'y'.repeat(59)}…`);
  const err = new Error('boom');
  const warn = humanLine({
    level: 40,
    time: at,
    msg: 'stop step failed',
    err: { message: err.message, stack: err.stack },
  });
  expect(warn).toMatch(/^09:05:07 WARN {2}stop step failed {2}error="boom" at /);
  expect(humanLine({ level: 30, time: at, msg: 'm', err: { message: 'e', stack: err.stack } })).not.toContain(' at ');
});

test('colours only when asked', () => {
  expect(humanLine({ level: 50, time: at, msg: 'bad' }, true)).toContain('\u001b[31mERROR\u001b[39m');
  expect(humanLine({ level: 50, time: at, msg: 'bad' })).not.toContain('\u001b');
});

test('format: auto is human on a terminal only; json and pretty are what they say', () => {
  expect(prettyLogs('auto', true)).toBe(true);
  expect(prettyLogs('auto', false)).toBe(false);
  expect(prettyLogs('json', true)).toBe(false);
  expect(prettyLogs('pretty', false)).toBe(true);
});
