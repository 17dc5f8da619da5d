// Black's forbidden points in renju: the mark, the reason and its lines on
// hover; each foul policy applied by the page (`refused`: explained and
// nothing sent; `loses`: a warning first, and once confirmed the game is lost
// by the foul); and no marks at all when the game's hints are off.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { place, startFriendGame } from './support/friend_game.js';

const running = useServerAndBrowser();

/**
 * Plays Black h8 g8 j10 j9 and White in the corners, so that j8 is a
 * double three for Black, who is to move.
 * @param {import('playwright-core').Page} black
 * @param {import('playwright-core').Page} white
 */
async function setUpDoubleThree(black, white) {
  const players = [black, white];
  const moves = ['h8', 'a1', 'g8', 'a15', 'j10', 'o1', 'j9', 'o15'];
  for (let i = 0; i < moves.length; i++) {
    await place(i % 2 === 0 ? black : white, moves[i], players);
  }
  await black.locator('#instruction', { hasText: 'Your turn' }).waitFor();
}

test('refused: the forbidden point shows its lines and is explained, not sent', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'free',
    foul: 'refused',
  });
  await setUpDoubleThree(creator, friend);
  assert.match(await friend.locator('#summary').innerText(), /A forbidden move is refused/);
  const j8 = creator.locator('[data-point="j8"]');
  await j8.locator('.forbidden').waitFor();
  assert.equal(await creator.locator('.foul-line').count(), 0);

  await j8.hover();
  await creator.locator('.foul-line').first().waitFor({ state: 'attached' });
  assert.equal(await creator.locator('.foul-line').count(), 2);
  const info = creator.locator('#foul-info');
  assert.match(await info.innerText(), /^j8 is forbidden for Black: double three \(3x3\)\. A three through /);
  assert.match(await info.innerText(), /g8 h8 j8/);
  assert.match(await info.innerText(), /j8 j9 j10/);
  await creator.screenshot({ path: `${SCREENSHOTS}foul-lines.png` });

  // Focus shows the same (keyboard users).
  await creator.mouse.move(0, 0);
  await creator.locator('.foul-line').first().waitFor({ state: 'detached' });
  await j8.focus();
  await creator.locator('.foul-line').first().waitFor({ state: 'attached' });

  await j8.click();
  await creator.locator('#error', { hasText: 'this game refuses such moves, so nothing was sent' }).waitFor();
  // Nothing reached the server: still Black's move, no stone anywhere.
  await place(creator, 'o8', [creator, friend]);
  assert.equal(await friend.locator('[data-point="j8"] .stone').count(), 0);
  assert.equal(await friend.locator('#moves button.move').count(), 9);
});

test('loses: a warning before the forbidden move; confirmed, the game is lost', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'free',
    foul: 'loses',
  });
  await setUpDoubleThree(creator, friend);
  /** @type {string[]} */
  const warnings = [];
  creator.once('dialog', (dialog) => {
    warnings.push(dialog.message());
    dialog.dismiss();
  });
  await creator.locator('[data-point="j8"]').click();
  assert.match(warnings[0] ?? '', /j8 is forbidden for Black \(double three \(3x3\)\)\. .*loses the game/);
  assert.equal(await creator.locator('[data-point="j8"] .stone').count(), 0);
  assert.match(await creator.locator('#instruction').innerText(), /^Your turn/);

  creator.once('dialog', (dialog) => dialog.accept());
  await creator.locator('[data-point="j8"]').click();
  await creator.locator('#result', { hasText: 'Your opponent wins: Black played a forbidden point' }).waitFor();
  await friend.locator('#result', { hasText: 'You win: Black played a forbidden point' }).waitFor();
  // The board keeps the foul and its two threes drawn once the game is over.
  assert.equal(await friend.locator('.result-layer .foul-line').count(), 2);
  assert.equal(await friend.locator('.result-layer .foul-point').count(), 1);
  await friend.screenshot({ path: `${SCREENSHOTS}foul-lost.png` });
});

test('hints off: no forbidden point is marked', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'free',
    hints: false,
  });
  await setUpDoubleThree(creator, friend);
  assert.equal(await creator.locator('.forbidden').count(), 0);
  await creator.locator('#hints-off', { hasText: 'not shown in this game' }).waitFor();
  assert.match(await creator.locator('#summary').innerText(), /forbidden points not shown/);
});
