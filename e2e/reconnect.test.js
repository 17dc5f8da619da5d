// A lost connection: the server goes away in the middle of a game and comes
// back on the same address with the same data. The page says it is
// reconnecting, reconnects by itself, and resyncs the moves it missed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './support/server.js';
import { place, startFriendGame } from './support/friend_game.js';
import { SCREENSHOTS, useOwnServers } from './support/harness.js';

const { data, cleanups, start } = useOwnServers();

test('the page reconnects after the server comes back and catches up', async () => {
  const started = await start();
  const browser = started.browser;
  let server = started.server;
  cleanups.push(() => server.stop());
  const { creator, friend } = await startFriendGame(browser, server.base, {
    game: 'renju',
    opening: 'free',
  });
  await place(creator, 'h8', [creator, friend]);

  await server.stop();
  for (const page of [creator, friend]) {
    await page.locator('#connection', { hasText: 'reconnecting' }).waitFor();
  }
  await friend.screenshot({ path: `${SCREENSHOTS}reconnecting.png` });
  server = await startServer(data, new URL(server.base).host);

  // The friend's move goes through once its page is back; the creator's page
  // learns of it from the server alone.
  await friend.locator('#connection:empty').waitFor({ state: 'attached', timeout: 20000 });
  await place(friend, 'h9', [friend]);
  await creator.locator('[data-point="h9"] .stone.white').waitFor({ timeout: 20000 });
  await creator.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  assert.equal(await creator.locator('#connection').textContent(), '');
});
