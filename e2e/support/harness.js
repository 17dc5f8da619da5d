// One server and one browser per test file, cleaned up after it; or, for a
// file that restarts its server, a data directory and its cleanups.

import { after, before } from 'node:test';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.js';
import { launchChromium } from './browser.js';

/** Where the tests save their screenshots (git-ignored). */
export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname;

/**
 * Starts the real server and Chromium before the file's tests and stops
 * them after; the returned object is filled in by then.
 * @returns {{server: Awaited<ReturnType<typeof startServer>>, browser: import('playwright-core').Browser}}
 */
export function useServerAndBrowser() {
  const running = /** @type {{server: any, browser: any}} */ ({ server: null, browser: null });
  let data = '';
  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    data = mkdtempSync(join(tmpdir(), 'narabe-e2e-'));
    running.server = await startServer(data);
    running.browser = await launchChromium();
  });
  after(async () => {
    await running.browser?.close();
    await running.server?.stop();
    rmSync(data, { recursive: true, force: true });
  });
  return running;
}

/**
 * For a test file that starts and stops servers itself (a restart, a fresh
 * browser per test): a data directory, and the cleanups (stopping servers,
 * closing browsers) that run after the file, last added first. Starts and
 * returns Chromium and a server on `data` at once, both cleaned up.
 * @returns {{data: string, cleanups: (() => Promise<void>)[], start: () => Promise<{server: Awaited<ReturnType<typeof startServer>>, browser: import('playwright-core').Browser}>}}
 */
export function useOwnServers() {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const data = mkdtempSync(join(tmpdir(), 'narabe-e2e-'));
  /** @type {(() => Promise<void>)[]} */
  const cleanups = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(data, { recursive: true, force: true });
  });
  const start = async () => {
    const server = await startServer(data);
    cleanups.push(() => server.stop());
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    return { server, browser };
  };
  return { data, cleanups, start };
}
