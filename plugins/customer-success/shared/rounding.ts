/** Rounds half away from zero to `decimals` places (2.5 -> 3, -2.5 -> -3), without binary drift (1.005 -> 1.01). */
export function roundHalfAway(x: number, decimals = 0): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** decimals;
  const r = Math.round(Number((Math.abs(x) * f).toPrecision(15))) / f;
  return r === 0 ? 0 : Math.sign(x) * r;
}
