import { z } from 'zod';
import { MSG_NUL } from '../../common/texts';
import { nulPath, parsePart } from './validate';

test('nulPath finds U+0000 in strings, array items and keys, and nothing elsewhere', () => {
  expect(nulPath({ a: 'ok', b: [1, 'x', { c: 'bad\u0000' }] })).toEqual(['b', '2', 'c']);
  expect(nulPath({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
  expect(nulPath('\u0000')).toEqual([]);
  expect(nulPath({ a: 'fine', n: 3, z: null, t: true, list: ['a', 'b'] })).toBeNull();
});

test('parsePart refuses text with NUL as a 400 naming the field, after the schema accepted it', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
  expect(parsePart('body', schema, { name: 'Acme', tags: ['a'] })).toEqual({ name: 'Acme', tags: ['a'] });
  let err: unknown;
  try {
    parsePart('body', schema, { name: 'Acme', tags: ['a', 'b\u0000c'] });
  } catch (e) {
    err = e;
  }
  expect(err).toMatchObject({ status: 400, fields: [{ path: 'body.tags.1', message: MSG_NUL }] });
});

test('a field a route names in nulAllowed may hold NUL (its handler refuses it itself); any other field may not', () => {
  const schema = z.object({ csv: z.string(), name: z.string() });
  expect(parsePart('body', schema, { csv: 'a\u0000b', name: 'x' }, ['csv'])).toEqual({ csv: 'a\u0000b', name: 'x' });
  expect(() => parsePart('body', schema, { csv: 'ok', name: 'x\u0000' }, ['csv'])).toThrow(MSG_NUL);
  expect(nulPath({ csv: 'a\u0000', deep: { csv: 'b\u0000' } }, [], ['csv'])).toEqual(['deep', 'csv']);
});
