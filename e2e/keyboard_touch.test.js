// The game page by keyboard alone and on a phone: both players play a whole
// game with Tab, arrows, Enter and typed coordinates; a touch-emulated phone
// (390x844) has move confirmation on by default (a ghost stone first, sent
// on the second tap or by the Play button), with the opponent's move sound
// and move numbers as remembered options.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { place, sharedLink, startFriendGame, tabTo, unlabelledControls } from './support/friend_game.js';

const running = useServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test('a whole game by keyboard alone: arrows and Enter, typed points, options', async () => {
  // The creator starts a renju game from the home page by keyboard.
  const creator = await (await running.browser.newContext()).newPage();
  await creator.goto(running.server.base);
  // The options dialog: a free opening, no clock, takebacks, the first seat.
  await tabTo(creator, '#change-options');
  await creator.keyboard.press('Enter');
  await tabTo(creator, '#opening');
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp']) await creator.keyboard.press(key);
  await tabTo(creator, 'input[name="time"]');
  for (let i = 0; i < 6; i++) await creator.keyboard.press('ArrowRight');
  await tabTo(creator, '#takebacks');
  await creator.keyboard.press('Space');
  await tabTo(creator, '#seat');
  for (const key of ['ArrowUp', 'ArrowUp']) await creator.keyboard.press(key);
  await creator.keyboard.press('Escape');
  assert.match((await creator.locator('#summary').textContent()) ?? '', /^Renju\s·\sFree\s·\sNo clock\s·\stakebacks allowed\s·\syou start$/);
  await tabTo(creator, 'button[type=submit]');
  await creator.keyboard.press('Enter');
  const inviteLink = await sharedLink(creator, '#invite-link');
  assert.match(inviteLink, /\?invite=/);
  assert.deepEqual(await unlabelledControls(creator), []);
  const friend = await (await running.browser.newContext()).newPage();
  await friend.goto(inviteLink);
  // The invitation's Join button, by keyboard too.
  await tabTo(friend, '#join-button');
  assert.deepEqual(await unlabelledControls(friend), []);
  await friend.keyboard.press('Enter');
  await creator.locator('#role', { hasText: 'You play Black.' }).waitFor();
  const players = [creator, friend];
  /**
   * Black by the board: Tab to it (the last focused point), arrows, Enter.
   * @param {string[]} arrows
   * @param {string} point
   */
  const blackByArrows = async (arrows, point) => {
    await tabTo(creator, '[data-point]');
    for (const key of arrows) await creator.keyboard.press(key);
    assert.equal(await creator.evaluate(() => document.activeElement?.getAttribute('data-point')), point);
    await creator.keyboard.press('Enter');
    for (const page of players) await page.locator(`[data-point="${point}"] .stone.black`).waitFor();
  };
  /** @param {string} point  White by typing the point into the field */
  const whiteByTyping = async (point) => {
    await friend.locator('#instruction', { hasText: 'Your turn' }).waitFor();
    await tabTo(friend, '#coord');
    await friend.keyboard.type(point);
    await friend.keyboard.press('Enter');
    for (const page of players) await page.locator(`[data-point="${point}"] .stone.white`).waitFor();
  };
  await blackByArrows([], 'h8');
  await whiteByTyping('a1');
  await blackByArrows(['ArrowRight'], 'i8');
  await whiteByTyping('a2');
  await blackByArrows(['ArrowRight'], 'j8');
  // Move numbers switched on by keyboard, remembered across a reload.
  await tabTo(friend, '.settings-box summary');
  await friend.keyboard.press('Enter');
  await tabTo(friend, '#opt-numbers');
  await friend.keyboard.press('Space');
  await friend.locator('[data-point="j8"] .move-number', { hasText: '5' }).waitFor();
  await whiteByTyping('a3');
  await tabTo(creator, 'button[data-action="takeback request"]');
  await blackByArrows(['ArrowRight'], 'k8');
  await whiteByTyping('a4');
  await friend.reload();
  await friend.locator('[data-point="a4"] .move-number', { hasText: '8' }).waitFor();
  assert.equal(await friend.locator('#opt-numbers').isChecked(), true);
  await friend.screenshot({ path: `${SCREENSHOTS}move-numbers.png` });
  await blackByArrows(['ArrowRight'], 'l8');
  await creator.locator('#result', { hasText: 'You win: five in a row' }).waitFor();
  await friend.locator('#result', { hasText: 'Your opponent wins: five in a row' }).waitFor();
  // The focus ring of the board shows where the keyboard is.
  const ring = await creator.evaluate(() => {
    const hit = document.activeElement?.querySelector('.hit');
    return hit ? getComputedStyle(hit).stroke : 'none';
  });
  assert.notEqual(ring, 'none');
  assert.deepEqual(await unlabelledControls(creator), []);
  // Every control after the game is reachable too: the rematch offer.
  await tabTo(creator, 'button[data-action="rematch offer"]');
  await creator.keyboard.press('Enter');
  await friend.locator('#pending', { hasText: 'offers a rematch' }).waitFor();
});

test('on a touch phone a move is confirmed: ghost stone, then a second tap', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'free',
    friendContext: PHONE,
  });
  const players = [creator, friend];
  assert.equal(await friend.locator('#opt-confirm').isChecked(), true);
  assert.equal(await creator.locator('#opt-confirm').isChecked(), false);
  // Every move sounds by default, the player's own and the opponent's.
  assert.equal(await creator.locator('#opt-sound').isChecked(), true);
  assert.equal(await friend.locator('#sound-toggle').getAttribute('aria-pressed'), 'true');

  await place(creator, 'h8', players);
  await friend.locator('[data-point="h9"]').tap();
  await friend.locator('[data-point="h9"] .ghost.white').waitFor();
  await friend.locator('#confirm-move', { hasText: 'Play h9' }).waitFor();
  await friend.screenshot({ path: `${SCREENSHOTS}phone-confirm.png` });
  assert.equal(await creator.locator('[data-point="h9"] .stone').count(), 0);
  await friend.locator('[data-point="h9"]').tap();
  for (const page of players) await page.locator('[data-point="h9"] .stone.white').waitFor();
  assert.equal(await friend.locator('#confirm-row').isVisible(), false);
  await creator.locator('#settings[data-beeps="2"]').waitFor({ state: 'attached' });

  // Another point, changed before confirming, then the Play button.
  await place(creator, 'i8', players);
  await friend.locator('[data-point="a1"]').tap();
  await friend.locator('[data-point="j9"]').tap();
  assert.equal(await friend.locator('.ghost').count(), 1);
  await friend.locator('#confirm-move', { hasText: 'Play j9' }).tap();
  for (const page of players) await page.locator('[data-point="j9"] .stone.white').waitFor();
  assert.equal(await creator.locator('[data-point="a1"] .stone').count(), 0);
  await creator.locator('#settings[data-beeps="4"]').waitFor({ state: 'attached' });
  // The toggle in the header mutes every sound, and the choice is kept.
  await friend.locator('#sound-toggle').tap();
  assert.equal(await friend.locator('#opt-sound').isChecked(), false);
  const beeps = await friend.locator('#settings').getAttribute('data-beeps');
  await place(creator, 'k8', players);
  assert.equal(await friend.locator('#settings').getAttribute('data-beeps'), beeps);
  await friend.reload();
  await friend.locator('#role', { hasText: 'You play White.' }).waitFor();
  assert.equal(await friend.locator('#sound-toggle').getAttribute('aria-pressed'), 'false');

  // The board fits the phone's width.
  const box = await friend.locator('svg.board').boundingBox();
  assert.ok(box && box.width <= 390 && box.width >= 340, JSON.stringify(box));
  await friend.screenshot({ path: `${SCREENSHOTS}phone-game.png`, fullPage: true });
});
