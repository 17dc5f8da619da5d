// A player who leaves can be claimed against, as the page shows it: each
// player's presence ("connected", "left 12 s ago"), a countdown to the
// claim, then the claim buttons with one sentence — after an early leave
// that follows the creator's own short absence, and after a server restart
// for a player who never comes back. Each waits the real 30 s of absence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './support/server.js';
import { place, startFriendGame } from './support/friend_game.js';
import { SCREENSHOTS, useOwnServers } from './support/harness.js';

const { data, cleanups, start } = useOwnServers();

/** Absence before a claim (30 s) and the time for the page to hear of it. */
const CLAIM_WAIT_MS = 45_000;

/**
 * A game between two friends after one move each.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {string} game
 */
async function afterTwoMoves(browser, base, game) {
  const players = await startFriendGame(browser, base, { game, opening: 'free' });
  await place(players.creator, 'h8', [players.creator, players.friend]);
  await place(players.friend, 'h9', [players.creator, players.friend]);
  return players;
}

/**
 * Waits for the claim buttons on `page`, then claims the win.
 * @param {import('playwright-core').Page} page
 */
async function claimTheWin(page) {
  const claim = page.getByRole('button', { name: 'Claim the win' });
  await claim.waitFor({ timeout: CLAIM_WAIT_MS });
  await page.getByRole('button', { name: 'Claim a draw' }).waitFor();
  await page.locator('#claim-info', { hasText: 'You may claim the win or a draw now, or keep waiting for them.' }).waitFor();
  page.once('dialog', (dialog) => dialog.accept());
  await claim.click();
  await page.locator('#result', { hasText: 'You win: the opponent left.' }).waitFor();
}

test('after an early leave the claim opens, although the creator was briefly away too', { timeout: 120_000 }, async () => {
  const { server, browser } = await start();
  const { creator, friend } = await afterTwoMoves(browser, server.base, 'renju');
  await creator.locator('#card-top .presence-line', { hasText: 'connected' }).waitFor();
  // The creator's page reloads (a short absence of their own) ...
  await creator.reload();
  await creator.locator('#role', { hasText: 'You play Black.' }).waitFor();
  // ... and then the friend closes the tab for good.
  await friend.context().close();
  await creator.locator('#card-top .presence-line', { hasText: /^left \d+ s ago$/ }).waitFor();
  await creator.locator('#claim-info', { hasText: /If they do not come back, you can claim the win in \d+ s\./ }).waitFor();
  assert.equal(await creator.getByRole('button', { name: 'Claim the win' }).count(), 0);
  await creator.screenshot({ path: `${SCREENSHOTS}claim-countdown.png` });
  await claimTheWin(creator);
  await creator.screenshot({ path: `${SCREENSHOTS}claimed.png` });
});

test('after a restart a player who never comes back can be claimed against', { timeout: 120_000 }, async () => {
  const first = await start();
  const { creator, friend } = await afterTwoMoves(first.browser, first.server.base, 'freestyle');
  await friend.context().close();
  await first.server.stop();
  const server = await startServer(data, new URL(first.server.base).host);
  cleanups.push(() => server.stop());
  // The creator's page reconnects by itself; the friend never returns.
  await creator.locator('#connection:empty').waitFor({ state: 'attached', timeout: 20_000 });
  await creator.locator('#card-top .presence-line', { hasText: /^left \d+ s ago$/ }).waitFor();
  await claimTheWin(creator);
});
