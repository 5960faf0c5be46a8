/** Counts and lists in words, for summaries (imports, CLI): one rule, so no "1 rows" or "0 row" anywhere. */

/** `3 rows`, `1 row`, `0 rows`; `many` for irregular plurals (`plural(2, 'row is', 'rows are')`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Names lines of a file: `line 4`, `lines 4 and 7`, `lines 4, 7 and 9`; past `max`, `lines 4, 7, 9 and 12 more`. */
export function lineList(lines: readonly number[], max = 10): string {
  if (!lines.length) return '';
  const shown = lines.slice(0, max).map(String);
  const more = lines.length - shown.length;
  const word = lines.length === 1 ? 'line' : 'lines';
  if (more > 0) return `${word} ${shown.join(', ')} and ${more} more`;
  if (shown.length === 1) return `${word} ${shown[0]}`;
  return `${word} ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
