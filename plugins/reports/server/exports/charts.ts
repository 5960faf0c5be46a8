/**
 * Charts for the Word export and fusionexport: a vega-lite spec checked here (inline data only, size limits), then
 * drawn to SVG and PNG by chart-worker.mjs in a worker thread, off the request's event loop, with its own memory cap
 * and a time limit. One renderer serves one document (or one fusionexport call) and is closed after.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../../../../kernel/index';
import { CHART_MAX_DATA_ROWS, CHART_MAX_SIDE, CHART_SPEC_MAX_BYTES } from '../../shared/exports';

export interface DrawnChart {
  svg: string;
  png: Buffer;
  /** The chart's size in CSS pixels (the PNG is `scale` times larger). */
  width: number;
  height: number;
}

export interface ChartRenderer {
  draw(spec: Record<string, unknown>): Promise<DrawnChart>;
  close(): Promise<void>;
}

/**
 * A chart the renderer cannot draw (a bad spec, too slow, too large): fusionexport answers 400, the Word export shows
 * a note in its place.
 */
export class ChartSpecError extends Error {}

/** Where the worker's file is, from the plugin's folder (`k.plugins[].dir`) or this file's own. */
export function chartWorkerPath(pluginDir?: string): string {
  if (pluginDir) return path.join(pluginDir, 'server', 'exports', 'chart-worker.mjs');
  if (typeof __dirname === 'string') return path.join(__dirname, 'chart-worker.mjs');
  return path.resolve('plugins', 'reports', 'server', 'exports', 'chart-worker.mjs');
}

/** Keys that name something to fetch (vega-lite `data.url`, image marks, vega's `url` anywhere). */
const FETCHING_KEYS = new Set(['url', 'href', 'loader']);
const DATA_URL = /^\s*data:[a-z]+\/[a-z0-9.+-]+[;,]/i;

/**
 * Why a spec is refused (a message naming the place), or null. Pure: checks size, that every data source is inline
 * (`values`), that no key could make the server fetch (url anywhere, image marks), and the width and height.
 */
export function chartSpecRefusal(spec: unknown): string | null {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return 'The chart spec must be an object.';
  let json: string;
  try {
    json = JSON.stringify(spec);
  } catch {
    return 'The chart spec must be plain JSON.';
  }
  if (Buffer.byteLength(json) > CHART_SPEC_MAX_BYTES)
    return `The chart spec may be at most ${Math.round(CHART_SPEC_MAX_BYTES / 1024)} KB.`;
  let rows = 0;
  const walk = (v: unknown, at: string): string | null => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const r = walk(v[i], `${at}[${i}]`);
        if (r) return r;
      }
      return null;
    }
    if (!v || typeof v !== 'object') {
      if (typeof v === 'string' && DATA_URL.test(v)) return `${at}: data URLs are not allowed in a chart.`;
      return null;
    }
    for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
      const here = at ? `${at}.${key}` : key;
      if (FETCHING_KEYS.has(key)) return `${here}: charts may use inline data only (data.values), not a link.`;
      if (key === 'mark' && (child === 'image' || (child as { type?: unknown })?.type === 'image'))
        return `${here}: image marks are not allowed in a chart.`;
      if (key === 'values' && Array.isArray(child)) rows += child.length;
      if ((key === 'width' || key === 'height') && typeof child === 'number' && (child <= 0 || child > CHART_MAX_SIDE))
        return `${here}: must be between 1 and ${CHART_MAX_SIDE} pixels.`;
      const r = walk(child, here);
      if (r) return r;
    }
    return null;
  };
  const refusal = walk(spec, '');
  if (refusal) return refusal;
  if (rows > CHART_MAX_DATA_ROWS) return `A chart may hold at most ${CHART_MAX_DATA_ROWS} data rows.`;
  return null;
}

interface WorkerAnswer {
  id: number;
  ok: boolean;
  invalid?: boolean;
  error?: string;
  svg?: string;
  png?: Uint8Array;
  width?: number;
  height?: number;
}

/**
 * Starts a chart worker. `timeoutMs` bounds one chart (the worker is ended past it and the chart fails);
 * `scale` is the PNG's pixel ratio (2: sharp in print).
 */
export function createChartRenderer(
  opts: { workerPath?: string; timeoutMs?: number; scale?: number; maxMemoryMb?: number } = {},
): ChartRenderer {
  let worker: Worker | null = null;
  let next = 1;
  const waiting = new Map<number, { resolve(a: WorkerAnswer): void; reject(e: Error): void; timer: NodeJS.Timeout }>();
  const failAll = (e: Error) => {
    for (const w of waiting.values()) {
      clearTimeout(w.timer);
      w.reject(e);
    }
    waiting.clear();
  };
  const start = (): Worker => {
    if (worker) return worker;
    const w = new Worker(opts.workerPath ?? chartWorkerPath(), {
      resourceLimits: { maxOldGenerationSizeMb: opts.maxMemoryMb ?? 512 },
    });
    w.on('message', (a: WorkerAnswer) => {
      const entry = waiting.get(a.id);
      if (!entry) return;
      waiting.delete(a.id);
      clearTimeout(entry.timer);
      entry.resolve(a);
    });
    w.on('error', (e) =>
      failAll(
        (e as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ChartSpecError('The chart is too large to draw.')
          : e instanceof Error
            ? e
            : new Error(String(e)),
      ),
    );
    w.on('exit', () => {
      if (worker === w) worker = null;
      // A chart that ran out of time or memory ended the worker: the charts still waiting are not drawn (a note
      // in the document); the next draw starts a new worker.
      failAll(new ChartSpecError('The chart renderer stopped before drawing this chart.'));
    });
    worker = w;
    return w;
  };
  return {
    async draw(spec) {
      const refusal = chartSpecRefusal(spec);
      if (refusal) throw new ChartSpecError(refusal);
      const w = start();
      const id = next++;
      const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
        // The worker draws one chart at a time: a chart waits for those sent before it.
        const ahead = waiting.size;
        const timer = setTimeout(
          () => {
            waiting.delete(id);
            reject(new ChartSpecError('The chart took too long to draw.'));
            void w.terminate();
          },
          (opts.timeoutMs ?? 20_000) * (ahead + 1),
        );
        waiting.set(id, { resolve, reject, timer });
        w.postMessage({ id, spec, scale: opts.scale ?? 2 });
      });
      if (!answer.ok) {
        if (answer.invalid) throw new ChartSpecError(answer.error ?? 'The chart cannot be drawn.');
        throw new Error(answer.error ?? 'The chart renderer failed');
      }
      return { svg: answer.svg!, png: Buffer.from(answer.png!), width: answer.width!, height: answer.height! };
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/** A spec refused before drawing, as the 400 fusionexport answers. */
export function assertChartSpec(spec: unknown): void {
  const refusal = chartSpecRefusal(spec);
  if (refusal) throw badRequest(refusal);
}
