/** Where the test plugins live (tests/plugins/probe and tests/plugins/addon). */
import path from 'node:path';
import { PATHS } from '../../kernel/paths';

export const TEST_PLUGINS_DIR = path.join(PATHS.root, 'tests', 'plugins');
