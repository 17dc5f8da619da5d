// "Your games" on the home page: nothing without games; a game against the
// computer where it is your turn, with both clocks; a friend game waiting for
// its opponent, linking to its page; a finished game dropped (and forgotten);
// a game the server no longer knows skipped (and forgotten).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { chooseOnHomePage } from './support/friend_game.js';
import {
  DESKTOP,
  PHONE,
  act,
  consoleErrors,
  createdGameId,
  gameState,
  rememberedToken,
  textOf,
} from './support/home_page.js';

const running = useServerAndBrowser();

/**
 * The ids of the games this browser remembers (seat_token.js).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
function rememberedIds(page) {
  return page.evaluate(() =>
    JSON.parse(localStorage.getItem('narabe.games') ?? '[]').map((/** @type {{id: string}} */ game) => game.id),
  );
}

test('your games: your turn with clocks, waiting for the opponent, finished ones drop off', async () => {
  const base = running.server.base;
  const context = await running.browser.newContext(DESKTOP);
  const page = await context.newPage();
  const errors = consoleErrors(page);
  await page.goto(base);
  await page.locator('#summary', { hasText: 'Taraguchi-10' }).waitFor();
  // A browser without games shows no list.
  assert.equal(await page.locator('#your-games').isHidden(), true);

  // A computer game in which the human starts: their turn, 5+3 clocks.
  await chooseOnHomePage(page, { game: 'renju', opening: 'rif', time: '5+3', seat: 'first' });
  await page.locator('#play-computer').click();
  const computerGame = await createdGameId(page);

  // A friend game with correspondence time, waiting for the friend.
  await page.goto(base);
  await chooseOnHomePage(page, { game: 'freestyle', opening: 'swap2', time: '3d', size: '19' });
  await page.locator('button[type=submit]').click();
  const waitingGame = await createdGameId(page);

  // A third game, which ends by resignation.
  await page.goto(base);
  await chooseOnHomePage(page, { game: 'pente', opening: 'tournament' });
  await page.locator('#play-computer').click();
  const finishedGame = await createdGameId(page);
  const finishedToken = await rememberedToken(page, finishedGame);
  assert.ok(finishedToken);
  await act(base, finishedGame, finishedToken, 'resign');

  // A game the server does not know (another server's, say).
  await page.evaluate(() => {
    const games = JSON.parse(localStorage.getItem('narabe.games') ?? '[]');
    games.push({ id: 'AAAAAAAAAAAA', at: 1 });
    localStorage.setItem('narabe.games', JSON.stringify(games));
    localStorage.setItem('narabe.token.AAAAAAAAAAAA', 'AAAAAAAAAAAAAAAAAAAAAA');
  });

  await page.goto(base);
  const list = page.locator('#your-games-list');
  await list.locator('.game-card').first().waitFor();
  assert.equal(await page.locator('#your-games').isVisible(), true);
  assert.equal(await list.locator('.game-card').count(), 2);

  // Your turn comes first and stands out.
  const mine = list.locator(`.game-card[data-game="${computerGame}"]`);
  assert.equal(await list.locator('.game-card').first().getAttribute('data-game'), computerGame);
  assert.equal(await mine.getAttribute('href'), `/g/${computerGame}`);
  assert.match(await mine.getAttribute('class') ?? '', /your-turn/);
  assert.equal(await mine.locator('.game-card-status').textContent(), 'Your turn');
  assert.equal(await textOf(mine.locator('.game-card-title')), 'Renju · RIF');
  assert.match(await textOf(mine.locator('.game-card-details')), /^5\+3 · against the computer, level 3$/);
  assert.deepEqual(
    await mine.locator('.mini-clock').allTextContents(),
    ['You5:00', 'Opponent5:00'],
  );
  const state = await gameState(base, computerGame, await rememberedToken(page, computerGame));
  assert.equal(state.actor, state.you, 'the API agrees: your turn');

  const waiting = list.locator(`.game-card[data-game="${waitingGame}"]`);
  assert.equal(await waiting.locator('.game-card-status').textContent(), 'Waiting for your opponent');
  assert.equal(await textOf(waiting.locator('.game-card-title')), 'Gomoku (freestyle) · Swap2 · 19 × 19');
  assert.equal(await textOf(waiting.locator('.game-card-details')), '3 days per move');
  assert.equal(await waiting.locator('.mini-clock').count(), 0);
  await page.screenshot({ path: `${SCREENSHOTS}home-your-games.png`, fullPage: true });

  // The finished game and the unknown one are forgotten; their tokens stay.
  const ids = await rememberedIds(page);
  assert.deepEqual(ids.sort(), [computerGame, waitingGame].sort());
  assert.equal(await rememberedToken(page, finishedGame), finishedToken);

  // The waiting game's card leads to its page (where the invite link is).
  await waiting.click();
  await page.waitForURL(new RegExp(`/g/${waitingGame}$`));
  assert.deepEqual(errors.filter((error) => !error.includes('404')), []);
  await context.close();
});

test('your games on a phone, in Russian, after the computer has moved', async () => {
  const base = running.server.base;
  const context = await running.browser.newContext({ ...PHONE, locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(base);
  // The computer starts (the human takes the second seat) and moves at once.
  await chooseOnHomePage(page, { game: 'freestyle', opening: 'free', time: '3+2', seat: 'second' });
  await page.locator('#play-computer').click();
  const id = await createdGameId(page);
  const token = await rememberedToken(page, id);
  for (let i = 0; i < 100; i++) {
    const state = await gameState(base, id, token);
    if (state.actor === state.you) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.goto(base);
  const card = page.locator(`.game-card[data-game="${id}"]`);
  await card.waitFor();
  assert.equal(await card.locator('.game-card-status').textContent(), 'Ваш ход');
  assert.equal(await card.locator('.mini-stone').count(), 1);
  assert.match(await card.locator('.mini-clock').first().textContent() ?? '', /^Вы\d:\d\d$/);
  await page.locator('#your-games').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}home-your-games-phone.png` });
  await context.close();
});

test('your games: a correspondence game says when the move is due', async () => {
  const base = running.server.base;
  const page = await (await running.browser.newContext(DESKTOP)).newPage();
  await page.goto(base);
  await chooseOnHomePage(page, { game: 'renju', opening: 'free', time: '1d', seat: 'first' });
  await page.locator('#play-computer').click();
  const id = await createdGameId(page);
  const token = await rememberedToken(page, id);
  assert.ok(token);
  // The deadline runs once both have acted: Black's h8, the computer's answer.
  await act(base, id, token, 'place h8');
  for (let i = 0; i < 100; i++) {
    const state = await gameState(base, id, token);
    if (state.actor === state.you && state.clock.deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.goto(base);
  const card = page.locator(`.game-card[data-game="${id}"]`);
  await card.waitFor();
  assert.equal(await card.locator('.game-card-status').textContent(), 'Your turn');
  assert.equal(await textOf(card.locator('.game-card-details')), '1 day per move · against the computer, level 3');
  assert.match(await card.locator('.game-card-deadline').textContent() ?? '', /^Move due in 2[34] hours$/);
  assert.equal(await card.locator('.mini-stone').count(), 2);
  await page.context().close();
});
