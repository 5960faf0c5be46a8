/**
 * jest setup of every test file: the same console filter as the CLI (cli/console.ts), so oidc-provider's
 * unsupported-runtime warning on Node 20 does not print a code frame for every suite that starts a server.
 * LCI_DEBUG=1 shows it.
 */
import { installConsoleFilter } from '../../cli/console';

installConsoleFilter();
