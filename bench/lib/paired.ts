/**
 * What the benchmarks share: one POST through a real route on a keep-alive connection (the body read whole), the
 * median, and paired rounds (the baseline, then the measured side, back to back; the ratio is the median of the
 * rounds' ratios, so a noisy machine slows both sides of a round alike).
 */
import http from 'node:http';

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Closes the keep-alive connection (at the end of a run, so the process can exit). */
export function closeConnections(): void {
  keepAlive.destroy();
}

/** One POST through the real route; the body is read whole (no compression asked for). */
export function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Paired {
  baseline: number[];
  measured: number[];
  ratio: number;
}

/** `warmup` unmeasured pairs, then `rounds` measured ones; times in ms. */
export async function pairedRounds(
  baseline: () => Promise<unknown>,
  measured: () => Promise<unknown>,
  rounds: number,
  warmup = 2,
): Promise<Paired> {
  for (let i = 0; i < warmup; i++) {
    await baseline();
    await measured();
  }
  const out: Paired = { baseline: [], measured: [], ratio: 0 };
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await baseline();
    const b = performance.now() - t;
    t = performance.now();
    await measured();
    const m = performance.now() - t;
    out.baseline.push(b);
    out.measured.push(m);
    ratios.push(m / b);
  }
  out.ratio = median(ratios);
  return out;
}
