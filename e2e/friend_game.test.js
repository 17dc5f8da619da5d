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

  await creator.locator('#result', { hasText: 'You win: five in a row' }).waitFor();
  await friend.locator('#result', { hasText: 'Your opponent wins: five in a row' }).waitFor();
  // The winning five is highlighted on the board.
  for (const page of players) {
    const ringed = await page.locator('.winning-stone').evaluateAll((rings) =>
      rings.map((ring) => ring.getAttribute('data-point')),
    );
    assert.deepEqual(ringed, black);
  }
  await creator.screenshot({ path: `${SCREENSHOTS}result.png` });

  const watcher = await (await running.browser.newContext()).newPage();
  await watcher.goto(watchLink);
  await watcher.locator('#result', { hasText: 'Black wins: five in a row' }).waitFor();
  assert.equal(await watcher.locator('.stone.black').count(), 5);
  assert.equal(await watcher.locator('.stone.white').count(), 4);
  assert.match(await watcher.locator('#role').innerText(), /watching/);
  assert.equal(await watcher.locator('#resign').isVisible(), false);
  await watcher.screenshot({ path: `${SCREENSHOTS}watch.png` });

  // The record can be downloaded; then a rematch, in which the colours swap.
  await creator.locator('#download-menu summary').click();
  const sgf = creator.locator('#download-menu a[data-format="sgf"]');
  assert.match(String(await sgf.getAttribute('href')), /\/record\?format=sgf$/);
  const [download] = await Promise.all([creator.waitForEvent('download'), sgf.click()]);
  assert.match(download.suggestedFilename(), /^narabe-.+\.sgf$/);
  assert.ok(await creator.locator('#download-menu a[data-format="lib"]').isVisible(), 'a 15x15 game offers RenLib');
  await creator.screenshot({ path: `${SCREENSHOTS}download-menu.png` });
  await creator.locator('#download-menu summary').click();
  await creator.getByRole('button', { name: 'Offer a rematch' }).click();
  await friend.locator('#pending', { hasText: 'Your opponent offers a rematch.' }).waitFor();
  const gameUrl = creator.url();
  await friend.getByRole('button', { name: 'Accept the rematch' }).click();
  for (const page of players) {
    await page.waitForURL((url) => url.href !== gameUrl && /\/g\/[\w-]{12}$/.test(url.href));
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
  assert.equal(
    await creator.locator('#instruction').innerText(),
    'Your opponent’s turn: swap or keep the colours.',
  );
  assert.equal(await creator.locator('.zone-allowed').count(), 0);
  // The swap and the keep say what each does before the click.
  assert.equal(await friend.locator('#guide').innerText(), 'Swap to play Black, or keep White.');
  await friend.getByRole('button', { name: 'Keep: play White' }).waitFor();

  await friend.getByRole('button', { name: 'Swap: play Black' }).click();
  await creator.locator('#role', { hasText: 'You play White.' }).waitFor();
  await friend.locator('#role', { hasText: 'You play Black.' }).waitFor();
  // The swap is announced to both, in their own words, and enters the move list.
  await creator.locator('#notice', { hasText: 'Black swapped: you now play White.' }).waitFor();
  await friend.locator('#notice', { hasText: 'You swapped: you now play Black.' }).waitFor();
  await creator.locator('#moves tr.event', { hasText: 'Black swapped: you now play White.' }).waitFor();
  await place(creator, 'g9', players);
  assert.equal(await friend.locator('#announce').textContent(), 'Move 4: White g9');

  await friend.locator('#instruction', { hasText: 'Your turn: offer fifth move 1 of 2.' }).waitFor();
  assert.match(await friend.locator('#guide').innerText(), /^Click an empty point to offer it/);
  for (const point of ['k12', 'm13']) {
    await friend.locator(`[data-point="${point}"]`).click();
    for (const page of players) await page.locator(`[data-point="${point}"] .offer`).waitFor();
  }
  await creator.locator('#instruction', { hasText: 'Your turn: choose one of the offered fifth moves.' }).waitFor();
  // The offers are named as points before anyone clicks.
  assert.match(await creator.locator('#guide').innerText(), /fifth moves, k12, m13: click it on the board/);
  await friend.screenshot({ path: `${SCREENSHOTS}offers.png` });
  await place(creator, 'm13', players);
  assert.equal(await creator.locator('[data-point="k12"] .offer').count(), 0);
  await place(creator, 'l11', players);

  await friend.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  friend.once('dialog', (dialog) => dialog.accept());
  await friend.getByRole('button', { name: 'Resign' }).click();
  await creator.locator('#result', { hasText: 'You win: resignation' }).waitFor();
  await friend.locator('#result', { hasText: 'Your opponent wins: resignation' }).waitFor();
  for (const page of players) assert.equal(await page.locator('#resign').isVisible(), false);
  // The move table: numbered moves in two colour columns, the opening's
  // swap and offers as rows of their own, in order.
  const rows = await creator.locator('#moves tbody tr').evaluateAll((trs) =>
    trs.map((tr) => /** @type {HTMLElement} */ (tr).innerText.replace(/\s+/g, ' ').trim()),
  );
  assert.deepEqual(rows, [
    '1 h8 2 h9',
    '3 j10',
    'Black swapped: you now play White.',
    '4 g9',
    'Black offered: k12, m13.',
    '5 m13 6 l11',
    'Black resigned.',
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

  // The address bar shows the plain game link: copied, it is a spectator's.
  const privateLink = await friend.locator('#private-link').inputValue();
  assert.match(privateLink, /\/g\/[\w-]{12}#token=[\w-]{22}$/);
  assert.equal(friend.url(), privateLink.replace(/#.*$/, ''));
  const copier = await (await running.browser.newContext()).newPage();
  await copier.goto(friend.url());
  await copier.locator('#role', { hasText: 'You are watching this game.' }).waitFor();
  await copier.context().close();
  // A reload keeps the seat, through that bare game link (localStorage).
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
  // The viewer's clock is in their own card, the opponent's in the other.
  assert.equal(await creator.locator('#card-bottom .clock[data-seat="first"]').innerText(), '3:00');
  assert.equal(await creator.locator('#card-top .clock[data-seat="second"]').innerText(), '3:00');
  assert.equal(await friend.locator('#card-bottom .clock[data-seat="second"]').innerText(), '3:00');
  await place(creator, 'h8', players);
  await place(friend, 'h9', players);
  // Both have moved, so the clocks run: Black's now.
  await friend.locator('.clock.running[data-seat="first"]').waitFor();
  assert.equal(await friend.locator('.clock.running').count(), 1);

  // An offer shows as sent and can be withdrawn; a declined one is reported.
  await friend.getByRole('button', { name: 'Offer a draw' }).click();
  await friend.locator('#pending', { hasText: 'You offered a draw: waiting for the answer.' }).waitFor();
  await creator.locator('#pending', { hasText: 'Your opponent offers a draw.' }).waitFor();
  await friend.getByRole('button', { name: 'Withdraw the draw offer' }).click();
  await creator.locator('#pending').filter({ hasText: /^$/ }).waitFor({ state: 'attached' });
  await friend.getByRole('button', { name: 'Offer a draw' }).click();
  await creator.getByRole('button', { name: 'Decline the draw' }).click();
  await friend.locator('#notice', { hasText: 'Your opponent declined your draw offer.' }).waitFor();
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
  const watcher = await (await running.browser.newContext()).newPage();
  await watcher.goto(creator.url());
  for (const point of ['h8', 'h9', 'j10']) await place(creator, point, [...players, watcher]);
  await creator.locator('#instruction', { hasText: 'Your turn: declare how many fifth moves Black will offer (1–10).' }).waitFor();
  assert.equal(await creator.getByLabel('Number of fifth moves').getAttribute('max'), '10');
  await creator.getByLabel('Number of fifth moves').fill('2');
  await creator.getByRole('button', { name: 'Declare' }).click();
  // The declared number is in sight of both players and the spectator before
  // the swap decision that depends on it.
  for (const page of [...players, watcher]) {
    await page.locator('#declared', { hasText: 'Fifth moves declared: 2' }).waitFor();
  }
  await friend.locator('#moves tr.event', { hasText: 'Black declared the number of fifth moves: 2.' }).waitFor();
  await friend.getByRole('button', { name: 'Keep: play White' }).click();
  await friend.locator('#role', { hasText: 'You play White.' }).waitFor();
  await friend.locator('#notice', { hasText: /^$/ }).waitFor({ state: 'hidden' });
  await place(friend, 'g9', players);
  await creator.locator('#instruction', { hasText: 'Your turn: offer fifth move 1 of 2.' }).waitFor();
  for (const point of ['k12', 'm13']) {
    await creator.locator(`[data-point="${point}"]`).click();
    await friend.locator(`[data-point="${point}"] .offer`).waitFor();
  }
  await place(friend, 'k12', players);
  await friend.locator('#instruction', { hasText: 'Your turn: play move 6 (a white stone).' }).waitFor();
  assert.equal(await creator.locator('.offer').count(), 0);
  await watcher.locator('#declared', { hasText: 'Fifth moves declared: 2' }).waitFor();
});
