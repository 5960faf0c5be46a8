/**
 * How the local lists of contracts and saved links follow a write (customer-success.md section 4): the list
 * changes only when the server reports more than zero records updated; a copy never changes it; on insert the
 * record takes the id the server returned.
 */
export type RecordOperation = 'insert' | 'update' | 'delete' | 'copy';
interface WriteResult<R> {
  records_updated: number;
  id?: number | null;
  record?: R | null;
}

export function applyWriteResult<R>(
  list: readonly R[],
  idOf: (r: R) => number,
  op: RecordOperation,
  payload: R,
  result: WriteResult<R>,
  setId: (r: R, id: number) => R,
): R[] {
  if (op === 'copy' || !(result.records_updated > 0)) return list as R[];
  switch (op) {
    case 'insert': {
      const base = result.record ?? payload;
      return [...list, result.id != null ? setId(base, result.id) : base];
    }
    case 'update': {
      const id = idOf(payload);
      const next = result.record ?? payload;
      return list.map((r) => (idOf(r) === id ? next : r));
    }
    case 'delete': {
      const id = idOf(payload);
      return list.filter((r) => idOf(r) !== id);
    }
  }
}
