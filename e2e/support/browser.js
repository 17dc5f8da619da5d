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
