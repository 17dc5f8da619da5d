// The home page's options reach the game: a 19x19 gomoku board, the seat
// choice, takebacks; organiser mode hands out two invite links that each take
// their seat; the share screen's QR code; the form on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { place, sharedLink, startFriendGame, unlabelledControls } from './support/friend_game.js';
import { cs } from '../web/assets/js/locales/cs.js';

const running = useServerAndBrowser();

test('each game and opening rule is explained, with its rules page', async () => {
  const page = await (await running.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })).newPage();
  await page.goto(running.server.base);
  await page.selectOption('#game', 'renju');
  await page.selectOption('#opening', 'yamaguchi');
  assert.match(await page.locator('#game-help').innerText(), /double three/);
  assert.match(await page.locator('#opening-help').innerText(), /declares how many fifth moves/);
  assert.equal(await page.locator('#game-rules-link').getAttribute('href'), '/rules/renju?lang=en');
  assert.equal(await page.locator('#rules-link').getAttribute('href'), '/rules/renju-yamaguchi?lang=en');
  assert.equal(await page.locator('#foul').isVisible(), true);
  assert.equal(await page.locator('#size').isVisible(), false);
  assert.deepEqual(await unlabelledControls(page), []);
  await page.screenshot({ path: `${SCREENSHOTS}phone-home.png`, fullPage: true });
  await page.selectOption('#game', 'standard');
  assert.equal(await page.locator('#foul').isVisible(), false);
  assert.equal(await page.locator('#size').isVisible(), true);
  assert.match(await page.locator('#game-help').innerText(), /Exactly five/);
  assert.equal(await page.locator('#keryo').isVisible(), false);
  await page.context().close();
});

test('Keryo-Pente reaches the game: 15 captured stones win', async () => {
  const creator = await (await running.browser.newContext()).newPage();
  await creator.goto(running.server.base);
  await creator.selectOption('#game', 'pente');
  await creator.locator('#keryo').check();
  await creator.getByRole('button', { name: 'Play with a friend' }).click();
  const friend = await (await running.browser.newContext()).newPage();
  await friend.goto(await sharedLink(creator, '#invite-link'));
  await friend.locator('#captures', { hasText: 'Captured stones (15 win)' }).waitFor();
});

test('size 19, the second seat and takebacks reach the game', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'freestyle',
    opening: 'free',
    size: '19',
    seat: 'second',
    takebacks: true,
    screenshot: `${SCREENSHOTS}share.png`,
  });
  const players = [creator, friend];
  await creator.locator('#role', { hasText: 'You play White.' }).waitFor();
  await friend.locator('#role', { hasText: 'You play Black.' }).waitFor();
  assert.equal(await creator.locator('[data-point]').count(), 361);
  assert.equal(await creator.locator('svg.board').getAttribute('aria-label'), 'Board, 19 by 19');
  assert.equal(await creator.locator('.star').count(), 9);
  await place(friend, 'j10', players);
  await place(creator, 's19', players);
  await place(friend, 'a1', players);
  await creator.getByRole('button', { name: 'Ask to take back' }).waitFor();
  await creator.screenshot({ path: `${SCREENSHOTS}board-19.png` });
});

test('organiser mode: one invite per seat, each link takes its seat', async () => {
  const organiser = await (await running.browser.newContext()).newPage();
  await organiser.goto(running.server.base);
  await organiser.selectOption('#game', 'renju');
  await organiser.locator('#organiser').check();
  assert.equal(await organiser.locator('#seat').isDisabled(), true);
  await organiser.getByRole('button', { name: 'Play with a friend' }).click();
  await organiser.locator('#share-title', { hasText: 'Send each player their link' }).waitFor();
  const first = await organiser.locator('#invite-first').inputValue();
  const second = await organiser.locator('#invite-second').inputValue();
  assert.match(first, /\/g\/[\w-]{12}\?invite=/);
  assert.match(second, /\/g\/[\w-]{12}\?invite=/);
  assert.notEqual(first, second);
  for (const qr of ['#invite-first-qr', '#invite-second-qr']) {
    const width = await organiser.locator(qr).evaluate(async (image) => {
      const img = /** @type {HTMLImageElement} */ (image);
      await img.decode();
      return img.naturalWidth;
    });
    assert.ok(width > 20, `${qr} loaded`);
  }
  assert.deepEqual(await unlabelledControls(organiser), []);
  // The share screen's texts follow a language switch.
  await organiser.selectOption('#language', 'cs');
  assert.equal(await organiser.locator('#share-title').textContent(), cs['share.organiser-title']);
  await organiser.selectOption('#language', 'en');
  await organiser.screenshot({ path: `${SCREENSHOTS}organiser.png`, fullPage: true });

  const black = await (await running.browser.newContext()).newPage();
  await black.goto(first);
  await black.locator('#role', { hasText: 'You play Black.' }).waitFor();
  const white = await (await running.browser.newContext()).newPage();
  await white.goto(second);
  await white.locator('#role', { hasText: 'You play White.' }).waitFor();
  await place(black, 'h8', [black, white]);
  await place(white, 'h9', [black, white]);
  // The organiser watches.
  await organiser.goto(await organiser.locator('#watch-link').getAttribute('href') ?? '/');
  await organiser.locator('#role', { hasText: 'watching' }).waitFor();
  assert.equal(await organiser.locator('.stone').count(), 2);
});
