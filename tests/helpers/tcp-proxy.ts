/**
 * A TCP proxy a test can stop and start: a dependency (PostgreSQL, Redis)
 * "goes down" for the process under test while it keeps running for others.
 * Stopping closes the listener and cuts every open connection.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  let bound = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const x of [client, upstream]) {
          sockets.add(x);
          x.on('close', () => sockets.delete(x));
          x.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(bound, '127.0.0.1', () => {
        bound = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = null;
    for (const x of sockets) x.destroy();
    sockets.clear();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  await listen();
  return {
    get port() {
      return bound;
    },
    stop,
    start: () => (server ? Promise.resolve() : listen()),
    close: stop,
  };
}
