/**
 * Keeps the CLI's output clean: oidc-provider prints notices and warnings
 * through console (an unsupported-runtime warning on Node 20, development
 * notices) that say nothing to a CLI user. They are dropped unless
 * LCI_DEBUG=1, and notices never reach stdout, where command output and
 * --json go. Must be installed before the kernel is imported.
 */
import { debugEnabled } from './errors';

const NOISE = /^(\x1b\[[0-9;]*m)?oidc-provider (WARNING|NOTICE)/;

export function installConsoleFilter(): void {
  const original = { warn: console.warn.bind(console), info: console.info.bind(console) };
  const toStderr = (...args: unknown[]) => original.warn(...args);
  const filtered =
    (fallback: (...a: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && NOISE.test(args[0])) {
        if (debugEnabled()) toStderr(...args);
        return;
      }
      fallback(...args);
    };
  console.warn = filtered(original.warn);
  console.info = filtered(original.info);
}
