// @ts-check
/**
 * Renders vega-lite charts to SVG and PNG in a worker thread (charts.ts starts it): vega-lite compiles the spec,
 * vega draws it headless (renderer 'none', toSVG), resvg rasterises the SVG. Plain ESM on purpose: vega is ESM-only,
 * and a worker runs real Node modules whatever loads the server (the CLI bundle, tsx, jest).
 *
 * Safety: the spec was checked by charts.ts (inline data only); here the loader refuses every file and URL anyway,
 * and vega's expressions run through vega-interpreter (no generated code, no Function()).
 *
 * Messages: in { id, spec, scale } -> out { id, ok: true, svg, png, width, height } | { id, ok: false, invalid, error }.
 */
import { parentPort } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import * as vegaLite from 'vega-lite';

const refuse = async () => {
  throw new Error('Charts may use inline data only');
};
const loader = { load: refuse, sanitize: refuse, http: refuse, file: refuse };

/** Width and height of the SVG vega wrote (its root element's attributes). */
function svgSize(svg) {
  const head = svg.slice(0, 400);
  const w = /\swidth="([\d.]+)"/.exec(head);
  const h = /\sheight="([\d.]+)"/.exec(head);
  return { width: w ? Number(w[1]) : 600, height: h ? Number(h[1]) : 400 };
}

async function render(spec, scale) {
  let compiled;
  try {
    compiled = vegaLite.compile(spec).spec;
  } catch (e) {
    return { ok: false, invalid: true, error: `Not a valid vega-lite chart: ${e instanceof Error ? e.message : e}` };
  }
  let view;
  try {
    const runtime = vega.parse(compiled, undefined, { ast: true });
    view = new vega.View(runtime, { renderer: 'none', loader, expr: expressionInterpreter, logLevel: vega.None });
    const svg = await view.toSVG();
    const { width, height } = svgSize(svg);
    const png = new Resvg(svg, {
      fitTo: { mode: 'zoom', value: scale },
      background: 'white',
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    })
      .render()
      .asPng();
    return { ok: true, svg, png, width, height };
  } catch (e) {
    return { ok: false, invalid: true, error: `The chart cannot be drawn: ${e instanceof Error ? e.message : e}` };
  } finally {
    view?.finalize();
  }
}

// One chart at a time, in the order sent (memory stays that of one chart; answers come back in order).
let queue = Promise.resolve();
parentPort?.on('message', (m) => {
  queue = queue.then(async () => {
    const out = await render(m.spec, m.scale ?? 2).catch((e) => ({ ok: false, invalid: false, error: String(e) }));
    parentPort?.postMessage({ id: m.id, ...out });
  });
});
