/** The bus adapters: in-process, and Redis pub/sub between two connections (as two processes would have). */
import { createLogger } from '../log';
import { InProcessBus, RedisBus, busChannel, createBus, type BusEnvelope } from './bus';

const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const log = createLogger('silent');
const collect = () => {
  const got: BusEnvelope[] = [];
  return {
    got,
    handler: (e: BusEnvelope) => {
      got.push(e);
    },
  };
};
const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('in-process bus', () => {
  it('delivers asynchronously, a copy of the message', async () => {
    const bus = new InProcessBus();
    const c = collect();
    bus.onMessage(c.handler);
    const message = { msg_type: 'x', msg: 'hello' };
    await bus.publish({ room: 'tenant:1', message });
    message.msg = 'changed';
    await until(() => c.got.length === 1);
    expect(c.got).toEqual([{ room: 'tenant:1', message: { msg_type: 'x', msg: 'hello' } }]);
    await bus.close();
  });
  it('is the default without REDIS_URL', async () => {
    const bus = await createBus({ dataDir: './data', log });
    expect(bus.kind).toBe('memory');
  });
});

describe('redis bus', () => {
  it('carries a message from one connection to every subscriber of the deployment, and not to another deployment', async () => {
    const channel = busChannel(`postgres://app@db-a:5432/lci_bus_${Date.now()}`, './data');
    const a = await RedisBus.connect(REDIS, channel, log);
    const b = await RedisBus.connect(REDIS, channel, log);
    const elsewhere = await RedisBus.connect(REDIS, `${channel}-other`, log);
    const ca = collect();
    const cb = collect();
    const ce = collect();
    a.onMessage(ca.handler);
    b.onMessage(cb.handler);
    elsewhere.onMessage(ce.handler);
    await a.publish({ room: 'user:9', message: { store_target: 't', data: [1] } });
    await until(() => cb.got.length === 1 && ca.got.length === 1);
    expect(cb.got).toEqual([{ room: 'user:9', message: { store_target: 't', data: [1] } }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(ce.got).toEqual([]);
    await Promise.all([a.close(), b.close(), elsewhere.close()]);
  });

  it('names the channel after the database, whatever host name reaches it', () => {
    expect(busChannel('postgres://u:p@10.0.0.5:5432/lifecycle', 'x')).toBe(
      busChannel('postgres://other@db.internal/lifecycle', 'y'),
    );
    expect(busChannel('postgres://u@h/lifecycle', 'x')).not.toBe(busChannel('postgres://u@h/lifecycle_eu', 'x'));
  });

  it('fails with a clear message when Redis cannot be reached', async () => {
    await expect(RedisBus.connect('redis://127.0.0.1:1', 'c', log)).rejects.toThrow(
      /^Realtime bus: cannot connect to Redis at REDIS_URL \(connect ECONNREFUSED/,
    );
  });
});
