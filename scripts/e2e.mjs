#!/usr/bin/env node
/** npm run test:e2e: Playwright only (Chromium provisioned from Debian when missing). Arguments go to `playwright test`. */
import { runPlaywright } from './test.mjs';

const r = runPlaywright(process.argv.slice(2));
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.status === 0 && r.failed === 0 ? 0 : 1);
