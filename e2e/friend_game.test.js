// A whole renju game between two friends in real Chromium through the real
// server: one creates the game on the home page, the other opens the invite
// link, both click stones until Black makes five, and a spectator watches.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './support/server.js';
import { launchChromium } from './support/browser.js';

const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;
let data = '';

before(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  data = mkdtempSync(join(tmpdir(), 'narabe-e2e-'));
  server = await startServer(data);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.stop();
  rmSync(data, { recursive: true, force: true });
});

/**
 * Clicks `point` on `page` and waits until `others` all show the stone.
 * @param {import('playwright-core').Page} page
 * @param {string} point
 * @param {import('playwright-core').Page[]} pages
 */
async function place(page, point, pages) {
  await page.locator(`[data-point="${point}"]`).click();
  for (const each of pages) {
    await each.locator(`[data-point="${point}"] .stone`).waitFor();
  }
}

test('two friends play renju by link to a five while a third watches', async () => {
  const creator = await (await browser.newContext()).newPage();
  await creator.goto(server.base);
  await creator.selectOption('#game', 'renju');
  await creator.selectOption('#opening', 'free');
  await creator.getByRole('button', { name: 'Play with a friend' }).click();
  const invite = creator.locator('#invite-link');
  await invite.waitFor();
  const inviteLink = await invite.inputValue();
  const watchLink = await creator.locator('#watch-link').getAttribute('href');
  assert.match(inviteLink, /\/g\/[\w-]{12}\?invite=/);
  assert.ok(watchLink);
  await creator.screenshot({ path: `${SCREENSHOTS}share.png` });

  const friend = await (await browser.newContext()).newPage();
  await friend.goto(inviteLink);
  await friend.waitForURL(/#token=/);
  await creator.waitForURL(/\/g\/[\w-]{12}#token=/);
  await creator.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  assert.equal(await creator.title(), 'Your turn · narabe');

  const players = [creator, friend];
  const black = ['h8', 'i8', 'j8', 'k8', 'l8'];
  const white = ['h9', 'i9', 'j9', 'k9'];
  for (let i = 0; i < black.length; i++) {
    await place(creator, black[i], players);
    if (i === 2) await friend.screenshot({ path: `${SCREENSHOTS}game.png` });
    if (white[i]) await place(friend, white[i], players);
  }

  for (const page of players) {
    const banner = page.locator('#result');
    await banner.waitFor();
    assert.match(await banner.innerText(), /^Black wins: five in a row/);
  }
  await creator.screenshot({ path: `${SCREENSHOTS}result.png` });

  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto(watchLink);
  await watcher.locator('#result').waitFor();
  assert.equal(await watcher.locator('.stone.black').count(), 5);
  assert.equal(await watcher.locator('.stone.white').count(), 4);
  assert.match(await watcher.locator('#role').innerText(), /watching/);
  assert.equal(await watcher.locator('#resign').isVisible(), false);
  await watcher.screenshot({ path: `${SCREENSHOTS}watch.png` });
});
