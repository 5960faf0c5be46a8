/**
 * The Redis bus while Redis is down (a private redis-server the test stops and
 * starts): a publish does not wait, this process's handlers get it at once, the
 * other process gets it when Redis is back (it used to be lost: pub/sub is at
 * most once and a failed publish was only logged), and what cannot be sent in
 * time is dropped and reported rather than lost silently.
 */
import { createLogger } from '../log';
import { startPrivateRedis, type PrivateRedis } from '../../tests/helpers/redis-server';
import type { BusEnvelope } from './bus';
import { RedisBus } from './redis-bus';

const log = createLogger('silent');
const until = async (cond: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

let redis: PrivateRedis;
beforeAll(async () => {
  redis = await startPrivateRedis();
});
afterAll(async () => {
  await redis?.stop();
});

test('messages published while Redis is down reach the other process when it is back, in order, without blocking the sender', async () => {
  const channel = `lci:realtime:test-${Date.now()}`;
  const a = await RedisBus.connect(redis.url, channel, log);
  const b = await RedisBus.connect(redis.url, channel, log);
  const gotA: BusEnvelope[] = [];
  const gotB: BusEnvelope[] = [];
  a.onMessage((e) => gotA.push(e));
  b.onMessage((e) => gotB.push(e));
  try {
    await a.publish({ room: 'tenant:1', message: { n: 0 } });
    await until(() => gotB.length === 1);

    await redis.stop();
    await until(() => !(a as unknown as { pub: { status: string } }).pub.status.startsWith('ready'), 5000);
    const started = Date.now();
    for (let n = 1; n <= 3; n++) await a.publish({ room: 'tenant:1', message: { n } });
    expect(Date.now() - started).toBeLessThan(200);
    await until(() => gotA.length === 4, 2000); // the sender's own sockets: at once
    expect(a.stats()).toEqual({ waiting: 3, dropped: 0 });
    expect(await a.health()).toMatchObject({
      ok: false,
      detail: expect.stringContaining('3 message(s) waiting for Redis'),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(gotB.map((e) => e.message.n)).toEqual([0]);

    await redis.start();
    await until(() => gotB.length === 4);
    expect(gotB.map((e) => e.message.n)).toEqual([0, 1, 2, 3]);
    expect(gotA.map((e) => e.message.n)).toEqual([0, 1, 2, 3]); // no echo twice
    expect(a.stats()).toEqual({ waiting: 0, dropped: 0 });
    // The sender's reader resumes on its next read after Redis is back (it may be waiting out a retry): healthy within seconds.
    const end = Date.now() + 10_000;
    let health = await a.health();
    while (!health.ok && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      health = await a.health();
    }
    expect(health).toEqual({ ok: true });
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}, 60_000);

test('a message that cannot be sent within the hold time is dropped and reported', async () => {
  await redis.start();
  const a = await RedisBus.connect(redis.url, `lci:realtime:test-hold-${Date.now()}`, log, { holdMs: 300 });
  try {
    await redis.stop();
    await until(() => (a as unknown as { pub: { status: string } }).pub.status !== 'ready', 5000);
    await a.publish({ room: 'tenant:1', message: { n: 1 } });
    await until(() => a.stats().dropped === 1, 5000);
    expect(a.stats()).toEqual({ waiting: 0, dropped: 1 });
    expect((await a.health()).detail).toMatch(/1 message\(s\) dropped since start/);
  } finally {
    await a.close();
    await redis.start();
  }
}, 30_000);

test('an lci command starts while Redis is down (optional): its messages wait and go out when Redis is back', async () => {
  await redis.start();
  const channel = `lci:realtime:test-optional-${Date.now()}`;
  const server = await RedisBus.connect(redis.url, channel, log);
  const got: BusEnvelope[] = [];
  server.onMessage((e) => got.push(e));
  await redis.stop();
  await expect(RedisBus.connect(redis.url, channel, log)).rejects.toThrow(
    /^Realtime bus: cannot connect to Redis at REDIS_URL/,
  );
  const cli = await RedisBus.connect(redis.url, channel, log, { optional: true });
  try {
    await cli.publish({ room: 'kernel:access', message: { userId: 7 } });
    expect(cli.stats()).toEqual({ waiting: 1, dropped: 0 });
    await redis.start();
    await until(() => got.length === 1);
    expect(got).toEqual([{ room: 'kernel:access', message: { userId: 7 } }]);
  } finally {
    await Promise.all([cli.close(), server.close()]);
  }
}, 60_000);
