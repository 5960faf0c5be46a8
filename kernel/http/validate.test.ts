import { z } from 'zod';
import { MSG_NUL, nulPath, parsePart } from './validate';

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
  try { parsePart('body', schema, { name: 'Acme', tags: ['a', 'b\u0000c'] }); } catch (e) { err = e; }
  expect(err).toMatchObject({ status: 400, fields: [{ path: 'body.tags.1', message: MSG_NUL }] });
});
