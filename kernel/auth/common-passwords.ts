/**
 * New passwords are checked against a list of common and breached passwords
 * (NIST SP 800-63B 3.1.1.2, ASVS 6.2.4): the 49,000 most common passwords of
 * the zxcvbn-ts project (@zxcvbn-ts/language-common, gathered from breach
 * corpora). Besides the exact password (case-insensitive), the letters left
 * after the usual dressing are checked: "Password1!" or "P@ssw0rd2024" is
 * "password" with digits, symbols and look-alike characters added to pass the
 * composition rules, and is refused too. Server side only; the spec's rules
 * (password-policy.ts) are checked first and are unchanged.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { PATHS } from '../paths';

export const COMMON_PASSWORD_RULE = 'common';

// Loaded on first use: the package decompresses its lists when loaded (about 100 ms), which a process that
// never sets a password (most lci commands, most server starts) should not pay.
const require = createRequire(path.join(PATHS.root, 'package.json'));
let list: Set<string> | undefined;
const common = (): Set<string> =>
  (list ??= new Set(
    (require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common')).dictionary[
      'passwords-common'
    ],
  ));

const LOOK_ALIKES: Record<string, string> = { '@': 'a', '4': 'a', $: 's', '5': 's', '0': 'o', '3': 'e', '7': 't' };
const undress = (v: string): string => v.replace(/^[^a-z]+|[^a-z]+$/g, '');

/** True when the password, or its core word, is on the list. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const words = common();
  if (words.has(lower)) return true;
  const cores = [undress(lower), undress(lower.replace(/[@4$5037]/g, (c) => LOOK_ALIKES[c]!))];
  return cores.some((core) => core.length >= 4 && words.has(core));
}
