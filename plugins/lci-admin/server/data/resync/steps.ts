/**
 * The resync registry: plugins register steps at the kernel's extension point `resyncStepsPoint`; this
 * collects them, resolves what a support engineer asked for (`--what scores,segments` or `all`) and turns a step's
 * own progress into the run's overall percentage. Pure functions.
 */
import { resyncStepsPoint, type Kernel, type ResyncStep } from '../../../../../kernel/index';

export const ALL_STEPS = 'all';
const STEP_NAME = /^[a-z][a-z0-9-]{0,39}$/;

interface NamedStep extends ResyncStep { owner: string }

/** Every plugin's steps in plugin order; a badly named or duplicate step is a programming error. */
export function collectResyncSteps(registered: readonly { plugin: string; value: ResyncStep }[]): NamedStep[] {
  const steps: NamedStep[] = [];
  for (const { plugin, value: s } of registered) {
    if (!STEP_NAME.test(s.name)) throw new Error(`plugin ${plugin}: resync step name "${s.name}" must be lowercase letters, digits and dashes`);
    const dup = steps.find((x) => x.name === s.name);
    if (dup) throw new Error(`plugins ${dup.owner} and ${plugin} both declare the resync step "${s.name}"`);
    steps.push({ ...s, owner: plugin });
  }
  return steps;
}

/** The steps registered in this kernel. */
export function resyncStepsOf(k: Pick<Kernel, 'points'>): NamedStep[] {
  return collectResyncSteps(k.points.contributions(resyncStepsPoint));
}

type Resolved = { ok: true; steps: NamedStep[] } | { ok: false; message: string };

/**
 * The steps named in `what` (names or "all"), in registry order, each once. Unknown names are refused with the
 * list of known ones; an empty request is refused too.
 */
export function resolveSteps(available: NamedStep[], what: string[]): Resolved {
  const names = what.map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (!names.length) return { ok: false, message: 'Choose at least one resync step' };
  if (!available.length) return { ok: false, message: 'No plugin offers a resync step' };
  const known = available.map((s) => s.name);
  const unknown = names.filter((n) => n !== ALL_STEPS && !known.includes(n));
  if (unknown.length) return { ok: false, message: `Unknown resync step ${unknown.map((u) => `"${u}"`).join(', ')} (steps: ${[...known, ALL_STEPS].join(', ')})` };
  if (names.includes(ALL_STEPS)) return { ok: true, steps: [...available] };
  return { ok: true, steps: available.filter((s) => names.includes(s.name)) };
}

/** Overall percentage of a run: step `index` of `count` at `stepPercent` (0..100), whole numbers. */
export function overallPercent(index: number, count: number, stepPercent: number): number {
  if (count <= 0) return 100;
  const p = Math.max(0, Math.min(100, Number.isFinite(stepPercent) ? stepPercent : 0));
  return Math.max(0, Math.min(100, Math.floor(((index + p / 100) / count) * 100)));
}
