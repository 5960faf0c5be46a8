/**
 * How the e2e suites launch Chromium: Debian's /usr/bin/chromium (never a downloaded browser), headless, no sandbox,
 * nothing fetched in the background. playwright.config.ts uses it; a spec that needs more (e.g. scrollbars drawn)
 * extends it through `test.use({ launchOptions })` (tests/sdk.ts).
 */
export const E2E_CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
