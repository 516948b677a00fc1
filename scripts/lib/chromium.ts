import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's chromium (never a downloaded browser), headless, with the flags this closed network needs: the browser
 * tests (tests/e2e/browser.ts) and the explorer's screens (scripts/screens.ts) both start it here. No vitest or
 * test server in this module, so a script can import it.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
