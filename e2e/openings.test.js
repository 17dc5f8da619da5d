// Opening rules and games beyond renju, played in two browser contexts
// through the real server: a Swap2 gomoku game to a five (the second player
// places two more stones and the first chooses), a Taraguchi-10 renju game
// through the offer branch (ten offered fifth moves, White's choice), and a
// pente game with a capture shown in the counts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { place, startFriendGame } from './support/friend_game.js';

const running = useServerAndBrowser();

test('Swap2 gomoku: three stones, two more, the swap, then a five', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'freestyle',
    opening: 'swap2',
  });
  const players = [creator, friend];
  for (const point of ['h8', 'a15', 'i8']) await place(creator, point, players);
  // The friend may swap, keep, or place moves 4 and 5.
  // Three labelled buttons, each saying what it means.
  await friend.locator('#instruction', { hasText: 'Your turn: take Black, take White, or place two more stones.' }).waitFor();
  assert.equal(await friend.getByRole('button', { name: 'Swap: play Black' }).isVisible(), true);
  assert.equal(await friend.getByRole('button', { name: 'Keep: play White' }).isVisible(), true);
  await friend.getByRole('button', { name: 'Place two more stones' }).click();
  await friend.locator('#guide', { hasText: 'Click an empty point for move 4, then another for move 5.' }).waitFor();
  await place(friend, 'a14', players);
  await place(friend, 'j8', players);
  await friend.screenshot({ path: `${SCREENSHOTS}swap2-choice.png` });
  // The creator chooses White, so the friend plays Black from now on.
  await creator.getByRole('button', { name: 'Swap: play White' }).click();
  await creator.locator('#role', { hasText: 'You play White.' }).waitFor();
  await friend.locator('#role', { hasText: 'You play Black.' }).waitFor();
  await place(creator, 'a13', players);
  await place(friend, 'k8', players);
  await place(creator, 'a12', players);
  await place(friend, 'l8', players);
  await friend.locator('#result', { hasText: 'You win: five in a row.' }).waitFor();
  await creator.locator('#result', { hasText: 'Your opponent wins: five in a row.' }).waitFor();
  const ringed = await friend.locator('.winning-stone').evaluateAll((rings) =>
    rings.map((ring) => ring.getAttribute('data-point')),
  );
  assert.deepEqual(ringed, ['h8', 'i8', 'j8', 'k8', 'l8']);
  await friend.screenshot({ path: `${SCREENSHOTS}swap2-five.png` });
});

test('Taraguchi-10: swaps declined, ten offered fifth moves, the choice', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'taraguchi10',
  });
  const players = [creator, friend];
  await creator.locator('#guide', { hasText: 'Move 1 goes on the centre point, h8.' }).waitFor();
  await place(creator, 'h8', players);
  await friend.getByRole('button', { name: /^Keep/ }).click();
  await friend.locator('#instruction', { hasText: 'Your turn: play move 2 (a white stone).' }).waitFor();
  // Where the stone may go is said before any wrong click.
  await friend.locator('#guide', { hasText: 'Move 2 goes inside the dashed 3×3 square around h8.' }).waitFor();
  await place(friend, 'i9', players);
  await creator.getByRole('button', { name: /^Keep/ }).click();
  await creator.locator('#guide', { hasText: 'Move 3 goes inside the dashed 5×5 square around h8.' }).waitFor();
  await place(creator, 'j7', players);
  await friend.getByRole('button', { name: /^Keep/ }).click();
  // Moves 1-3 name the canonical opening, shown with the game's settings.
  assert.match(
    await creator.locator('#summary').innerText(),
    /^Renju · Taraguchi-10 · 15 × 15 · No clock · A forbidden move loses · opening \d+[DI] \S/,
  );
  await place(friend, 'k11', players);
  // Move 5: Black swaps, keeps, or offers the first of ten fifth moves.
  await creator.locator('#instruction', { hasText: 'Your turn: swap, keep, or offer ten fifth moves.' }).waitFor();
  assert.equal(await creator.getByRole('button', { name: 'Swap: play White' }).isVisible(), true);
  assert.equal(await creator.getByRole('button', { name: 'Keep: play Black' }).isVisible(), true);
  assert.equal(await creator.getByRole('button', { name: 'Offer ten fifth moves' }).isVisible(), true);
  const candidates = [];
  for (const row of [1, 2, 3, 4, 5]) {
    for (const col of 'abcde') candidates.push(`${col}${row}`);
  }
  let offered = 0;
  for (const point of candidates) {
    if (offered === 10) break;
    const spot = creator.locator(`[data-point="${point}"]`);
    if ((await spot.locator('.excluded, .offer').count()) > 0) continue;
    await spot.click();
    offered += 1;
    await friend.locator(`[data-point="${point}"] .offer`).waitFor();
    if (offered < 10) {
      await creator.locator('#instruction', { hasText: `offer fifth move ${offered + 1} of 10` }).waitFor();
    }
  }
  assert.equal(offered, 10);
  assert.equal(await creator.locator('#swap').isVisible(), false);
  await friend.locator('#instruction', { hasText: 'choose one of the offered fifth moves' }).waitFor();
  await friend.screenshot({ path: `${SCREENSHOTS}taraguchi-offers.png` });
  const chosen = (await friend.locator('.point:has(.offer)').first().getAttribute('data-point')) ?? '';
  await place(friend, chosen, players);
  assert.equal(await creator.locator('.offer').count(), 0);
  await friend.locator('#instruction', { hasText: 'Your turn: play move 6 (a white stone).' }).waitFor();
  await place(friend, 'o15', players);
  const moves = await creator.locator('#moves button.move').allInnerTexts();
  assert.deepEqual(
    moves.map((text) => text.trim().replace(/\s+/g, ' ')),
    ['1 h8', '2 i9', '3 j7', '4 k11', `5 ${chosen}`, '6 o15'],
  );
  creator.once('dialog', (dialog) => dialog.accept());
  await creator.getByRole('button', { name: 'Resign' }).click();
  await friend.locator('#result', { hasText: 'You win: resignation' }).waitFor();
});

test('pente: a capture takes two stones and shows in the counts', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'pente',
    opening: 'free',
  });
  const players = [creator, friend];
  // In pente the first player holds White and starts on the centre.
  await creator.locator('#role', { hasText: 'You play White.' }).waitFor();
  // Each card counts its player's captures against the number that wins.
  for (const page of players) {
    await page.locator('.player-card[data-seat="first"] .card-captures', { hasText: 'captured 0 of 10' }).waitFor();
    await page.locator('.player-card[data-seat="second"] .card-captures', { hasText: 'captured 0 of 10' }).waitFor();
  }
  await place(creator, 'j10', players);
  await place(friend, 'k10', players);
  await place(creator, 'a1', players);
  await place(friend, 'l10', players);
  await place(creator, 'm10', players);
  for (const page of players) {
    await page.locator('.player-card[data-seat="first"] .card-captures', { hasText: 'captured 2 of 10' }).waitFor();
    await page.locator('.player-card[data-seat="second"] .card-captures', { hasText: 'captured 0 of 10' }).waitFor();
    assert.equal(await page.locator('[data-point="k10"] .stone').count(), 0);
    assert.equal(await page.locator('[data-point="l10"] .stone').count(), 0);
  }
  await friend.screenshot({ path: `${SCREENSHOTS}pente-capture.png` });
});
