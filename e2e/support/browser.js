// Debian's Chromium driven by playwright-core; npm never downloads a browser.

import { chromium } from 'playwright-core';

/** The flags of DESIGN.md: headless, and nothing that reaches the network. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches /usr/bin/chromium. */
export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
}

/**
 * Launches /usr/bin/chromium with a profile kept in `dir`, for what Chromium
 * refuses to incognito contexts (installing the site as an app).
 * @param {string} dir
 */
export function launchPersistentChromium(dir) {
  return chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: FLAGS });
}
