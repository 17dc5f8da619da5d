// Games between two friends in real Chromium through the real server: one
// creates the game on the home page, the other opens the invite link. A free
// renju game to Black's five with a spectator and a rematch; the RIF and
// Yamaguchi openings (swap, keep, declare, offers, choice); a forbidden point,
// keyboard play and a reload; a game with clocks ending in an agreed draw.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { place, startFriendGame } from './support/friend_game.js';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';

const running = useServerAndBrowser();

test('two friends play renju by link to a five while a third watches, then a rematch', async () => {
  const { creator, friend, watchLink } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'free',
    screenshot: `${SCREENSHOTS}share.png`,
  });
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

  const watcher = await (await running.browser.newContext()).newPage();
  await watcher.goto(watchLink);
  await watcher.locator('#result').waitFor();
  assert.equal(await watcher.locator('.stone.black').count(), 5);
  assert.equal(await watcher.locator('.stone.white').count(), 4);
  assert.match(await watcher.locator('#role').innerText(), /watching/);
  assert.equal(await watcher.locator('#resign').isVisible(), false);
  await watcher.screenshot({ path: `${SCREENSHOTS}watch.png` });

  // The record can be downloaded; then a rematch, in which the colours swap.
  assert.match(String(await creator.locator('#download').getAttribute('href')), /\/log$/);
  await creator.getByRole('button', { name: 'Offer a rematch' }).click();
  await friend.locator('#pending', { hasText: 'Your opponent offers a rematch.' }).waitFor();
  const gameUrl = creator.url();
  await friend.getByRole('button', { name: 'Accept the rematch' }).click();
  for (const page of players) {
    await page.waitForURL((url) => url.href !== gameUrl && /\/g\/[\w-]{12}#token=/.test(url.href));
  }
  await friend.locator('#role', { hasText: 'You play Black.' }).waitFor();
  await friend.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  await creator.locator('#role', { hasText: 'You play White.' }).waitFor();
  assert.equal(await friend.locator('.stone').count(), 0);
});

test('a RIF opening: swap, two offered fifth moves, the choice, then resignation', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'rif',
  });
  const players = [creator, friend];
  // Move 1 goes to the centre, move 2 within 3x3: the zone is framed.
  assert.equal(await creator.locator('.zone-allowed').count(), 1);
  for (const point of ['h8', 'h9', 'j10']) {
    await place(creator, point, players);
    if (point === 'h9') await creator.screenshot({ path: `${SCREENSHOTS}zone.png` });
  }
  assert.match(await creator.locator('#instruction').innerText(), /to act: swap or keep/);
  assert.equal(await creator.locator('.zone-allowed').count(), 0);

  await friend.getByRole('button', { name: 'Swap' }).click();
  await creator.locator('#role', { hasText: 'You play White.' }).waitFor();
  await friend.locator('#role', { hasText: 'You play Black.' }).waitFor();
  await place(creator, 'g9', players);
  assert.equal(await friend.locator('#announce').textContent(), 'Move 4: White g9');

  await friend.locator('#instruction', { hasText: 'offer a fifth move (2 to go)' }).waitFor();
  for (const point of ['k12', 'm13']) {
    await friend.locator(`[data-point="${point}"]`).click();
    for (const page of players) await page.locator(`[data-point="${point}"] .offer`).waitFor();
  }
  await creator.locator('#instruction', { hasText: 'choose one of the offered' }).waitFor();
  await friend.screenshot({ path: `${SCREENSHOTS}offers.png` });
  await place(creator, 'm13', players);
  assert.equal(await creator.locator('[data-point="k12"] .offer').count(), 0);
  await place(creator, 'l11', players);

  await friend.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  friend.once('dialog', (dialog) => dialog.accept());
  await friend.getByRole('button', { name: 'Resign' }).click();
  for (const page of players) {
    await page.locator('#result', { hasText: 'White wins: resignation' }).waitFor();
    assert.equal(await page.locator('#resign').isVisible(), false);
  }
  assert.deepEqual(await creator.locator('#moves li').allInnerTexts(), [
    'h8', 'h9', 'j10', 'g9', 'm13', 'l11',
  ]);
});

test("a forbidden point is marked with its reason; keyboard play; a reload keeps the seat", async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'free',
  });
  const players = [creator, friend];
  const moves = [
    [creator, 'h8'],
    [friend, 'a1'],
    [creator, 'g8'],
    [friend, 'a15'],
    [creator, 'j10'],
  ];
  for (const [page, point] of moves) {
    await place(/** @type {import('playwright-core').Page} */ (page), String(point), players);
  }
  // White's next stone by keyboard alone: focus o2, arrow down to o1, Enter.
  await friend.locator('[data-point="o2"]').focus();
  await friend.keyboard.press('ArrowDown');
  assert.equal(await friend.locator('[data-point="o1"]').getAttribute('tabindex'), '0');
  await friend.keyboard.press('Enter');
  for (const page of players) await page.locator('[data-point="o1"] .stone.white').waitFor();
  // Black's next stone by typing its coordinate (a wrong one first).
  await creator.getByLabel('Type a point').fill('z99');
  await creator.keyboard.press('Enter');
  await creator.locator('#error', { hasText: 'is not a point of this board' }).waitFor();
  await creator.getByLabel('Type a point').fill('J9');
  await creator.keyboard.press('Enter');
  for (const page of players) await page.locator('[data-point="j9"] .stone.black').waitFor();

  // A reload keeps the seat, even through the bare game link (localStorage).
  const privateLink = await friend.locator('#private-link').inputValue();
  assert.equal(privateLink, friend.url());
  await friend.goto(privateLink.replace(/#.*$/, ''));
  await friend.locator('#role', { hasText: 'You play White.' }).waitFor();
  await friend.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  assert.equal(await friend.locator('.stone').count(), 7);

  for (const page of players) {
    const point = page.locator('[data-point="j8"]');
    await point.locator('.forbidden').waitFor();
    assert.equal(await point.locator('title').textContent(), 'j8, forbidden for Black: double three (3x3)');
    assert.equal(await point.getAttribute('aria-label'), 'j8, forbidden for Black: double three (3x3)');
  }
  assert.equal(await creator.locator('.forbidden').count(), 1);
  await creator.screenshot({ path: `${SCREENSHOTS}forbidden.png` });
});

test('a 3+2 game shows both clocks, runs the one to move, and ends in an agreed draw', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'freestyle',
    opening: 'free',
    time: '3+2',
  });
  const players = [creator, friend];
  assert.equal(await creator.locator('.clock[data-seat="first"]').innerText(), 'Black: 3:00');
  assert.equal(await creator.locator('.clock[data-seat="second"]').innerText(), 'White: 3:00');
  await place(creator, 'h8', players);
  await place(friend, 'h9', players);
  // Both have moved, so the clocks run: Black's now.
  await friend.locator('.clock.running[data-seat="first"]').waitFor();
  assert.equal(await friend.locator('.clock.running').count(), 1);

  await friend.getByRole('button', { name: 'Offer a draw' }).click();
  await creator.locator('#pending', { hasText: 'Your opponent offers a draw.' }).waitFor();
  creator.once('dialog', (dialog) => dialog.accept());
  await creator.getByRole('button', { name: 'Accept the draw' }).click();
  for (const page of players) {
    await page.locator('#result', { hasText: 'Draw: agreed.' }).waitFor();
    assert.equal(await page.locator('.clock.running').count(), 0);
  }
  await creator.screenshot({ path: `${SCREENSHOTS}draw.png` });
});

test('a Yamaguchi opening: the declared number, keep, the offers and the choice', async () => {
  const { creator, friend } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'yamaguchi',
  });
  const players = [creator, friend];
  for (const point of ['h8', 'h9', 'j10']) await place(creator, point, players);
  await creator.getByLabel('Number of fifth moves').fill('2');
  await creator.getByRole('button', { name: 'Declare' }).click();
  await friend.getByRole('button', { name: 'Keep' }).click();
  await friend.locator('#role', { hasText: 'You play White.' }).waitFor();
  await place(friend, 'g9', players);
  await creator.locator('#instruction', { hasText: 'offer a fifth move (2 to go)' }).waitFor();
  for (const point of ['k12', 'm13']) {
    await creator.locator(`[data-point="${point}"]`).click();
    await friend.locator(`[data-point="${point}"] .offer`).waitFor();
  }
  await place(friend, 'k12', players);
  await friend.locator('#instruction', { hasText: 'Your turn: place a stone' }).waitFor();
  assert.equal(await creator.locator('.offer').count(), 0);
});
