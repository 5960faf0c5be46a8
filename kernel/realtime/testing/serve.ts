/**
 * A second server process for the cross-process realtime test: starts the
 * kernel with HTTP from the environment (DATABASE_URL, REDIS_URL, PORT...),
 * prints "READY <url>" and stops cleanly on SIGTERM.
 * Usage: LCI_TEST_PLUGIN_DIRS=dir1,dir2 npx tsx kernel/realtime/testing/serve.ts
 */
import { startKernel } from '../../boot';

async function main(): Promise<void> {
  const pluginDirs = (process.env.LCI_TEST_PLUGIN_DIRS ?? '').split(',').filter(Boolean);
  const running = await startKernel({ http: true, workspace: false, pluginDirs });
  process.stdout.write(`READY ${running.url}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.k.stop().catch((e) => process.stderr.write(`stop failed: ${String(e)}\n`));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  // The test publishes through this process over stdin: one JSON line { room, message }.
  process.stdin.setEncoding('utf8');
  let buf = '';
  process.stdin.on('data', (chunk: string) => {
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      if (!line) continue;
      const { room, message } = JSON.parse(line) as { room: `tenant:${number}`; message: Record<string, unknown> };
      void running.k.realtime.publish(room, message).then(() => process.stdout.write(`PUBLISHED ${room}\n`));
    }
  });
  process.stdin.on('end', () => void stop());
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
