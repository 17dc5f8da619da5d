// The home page's options dialog: each game and opening rule explained with
// its rules pages; the dialog by keyboard alone (Change, arrows, Space,
// Escape, focus back on Change); the choices reaching the created game,
// checked through the API: size 19, the seat, takebacks, Keryo-Pente,
// organiser mode; defect 5 of issue 10 (Play the computer sends the seat,
// the foul policy, hints and takebacks); the choices remembered for the next
// visit.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { tabTo, unlabelledControls } from './support/friend_game.js';
import {
  DESKTOP,
  PHONE,
  closeOptions,
  consoleErrors,
  createdGameId,
  gameState,
  openOptions,
  rememberedToken,
  textOf,
} from './support/home_page.js';
import { cs } from '../web/assets/js/locales/cs.js';

const running = useServerAndBrowser();

/**
 * A new page on the home page, in a fresh browser context.
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
async function homePage(options = DESKTOP) {
  const page = await (await running.browser.newContext(options)).newPage();
  await page.goto(running.server.base);
  await page.locator('#summary', { hasText: '·' }).waitFor();
  return page;
}

/**
 * The state of the game `page` has just created, as its seat sees it.
 * @param {import('playwright-core').Page} page
 */
async function createdGame(page) {
  const id = await createdGameId(page);
  const token = await rememberedToken(page, id);
  return gameState(running.server.base, id, token);
}

test('each game and opening rule is explained in the options, with its rules pages', async () => {
  const page = await homePage(PHONE);
  const errors = consoleErrors(page);
  await openOptions(page);
  await page.selectOption('#game', 'renju');
  await page.selectOption('#opening', 'yamaguchi');
  assert.match(await page.locator('#game-help').innerText(), /double three/);
  assert.match(await page.locator('#opening-help').innerText(), /declares how many fifth moves/);
  assert.equal(await page.locator('#game-rules-link').getAttribute('href'), '/rules/renju?lang=en');
  assert.equal(await page.locator('#opening-rules-link').getAttribute('href'), '/rules/renju-yamaguchi?lang=en');
  assert.equal(await page.locator('#foul').isVisible(), true);
  assert.equal(await page.locator('#size').isVisible(), false);
  assert.deepEqual(await unlabelledControls(page), []);
  await page.screenshot({ path: `${SCREENSHOTS}home-options-phone-open.png` });
  await page.selectOption('#game', 'standard');
  assert.equal(await page.locator('#foul').isVisible(), false);
  assert.equal(await page.locator('#size').isVisible(), true);
  assert.match(await page.locator('#game-help').innerText(), /Exactly five/);
  assert.equal(await page.locator('#keryo').isVisible(), false);
  // A free opening has no page of its own: the game's link serves.
  assert.equal(await page.locator('#opening').inputValue(), 'free');
  assert.equal(await page.locator('#opening-rules-link').isVisible(), false);
  await page.selectOption('#game', 'pente');
  assert.equal(await page.locator('#keryo').isVisible(), true);
  assert.equal(await page.locator('#opening').inputValue(), 'tournament');
  await closeOptions(page);
  // The first screen's summary and rules link follow.
  assert.equal(await textOf(page.locator('#summary')), 'Pente · Tournament · 10+5 · who starts is random');
  assert.equal(await page.locator('#rules-link').getAttribute('href'), '/rules/pente-tournament?lang=en');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the options by keyboard alone: Change, arrows, Space, Escape, then play', async () => {
  const page = await homePage();
  await tabTo(page, '#change-options');
  await page.keyboard.press('Enter');
  await page.locator('#options[open]').waitFor();
  // The game choice has the focus, ready to change.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'game');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('#game').inputValue(), 'freestyle');
  await tabTo(page, '#size');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('#size').inputValue(), '19');
  // Into the time presets (the checked one, 10+5), then to the next.
  await tabTo(page, 'input[name="time"]');
  assert.equal(await page.evaluate(() => /** @type {HTMLInputElement} */ (document.activeElement).value), '10+5');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('input[name="time"]:checked').getAttribute('value'), '15+10');
  const focusRing = await page.locator('input[name="time"][value="15+10"]').evaluate(
    (input) => getComputedStyle(/** @type {HTMLElement} */ (input.parentElement)).outlineStyle,
  );
  assert.equal(focusRing, 'solid', 'the focused chip shows the focus ring');
  await tabTo(page, '#takebacks');
  await page.keyboard.press('Space');
  await tabTo(page, '#seat');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.locator('#seat').inputValue(), 'second');
  await tabTo(page, 'input[name="computer-level"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('input[name="computer-level"]:checked').getAttribute('value'), '4');
  // Escape closes the dialog and gives the focus back to Change.
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#options[open]'));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'change-options');
  assert.equal(
    await textOf(page.locator('#summary')),
    'Gomoku (freestyle) · 19 × 19 · Free · 15+10 · takebacks allowed · your opponent starts',
  );
  assert.equal(await page.locator('#computer-note').textContent(), 'Level 4 of 8');
  await tabTo(page, 'button[type=submit]');
  await page.keyboard.press('Enter');
  const state = await createdGame(page);
  assert.equal(state.config.game, 'freestyle');
  assert.equal(state.config.size, 19);
  assert.equal(state.time, '15+10');
  assert.equal(state.takebacks, true);
  assert.equal(state.you, 'second');
  assert.equal(state.computer, null);
  await page.context().close();
});

test('a click outside the sheet closes the options; the close button too', async () => {
  const page = await homePage();
  await openOptions(page);
  await page.mouse.click(10, 400);
  await page.waitForFunction(() => !document.querySelector('#options[open]'));
  await openOptions(page);
  await page.locator('#options-close').click();
  await page.waitForFunction(() => !document.querySelector('#options[open]'));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'change-options');
  await page.context().close();
});

test('size 19, the second seat and takebacks reach the game', async () => {
  const page = await homePage();
  await openOptions(page);
  await page.selectOption('#game', 'freestyle');
  await page.selectOption('#opening', 'swap1');
  await page.selectOption('#size', '19');
  await page.selectOption('#seat', 'second');
  await page.locator('#takebacks').check();
  await page.locator('input[name="time"][value="none"]').check();
  await closeOptions(page);
  await page.getByRole('button', { name: 'Play with a friend' }).click();
  const state = await createdGame(page);
  assert.deepEqual(
    [state.config.game, state.config.opening, state.config.size, state.you, state.takebacks, state.time],
    ['freestyle', 'swap1', 19, 'second', true, 'none'],
  );
  assert.equal(state.seats.first, 'open');
  await page.context().close();
});

test('Keryo-Pente reaches the game', async () => {
  const page = await homePage();
  await openOptions(page);
  await page.selectOption('#game', 'pente');
  await page.locator('#keryo').check();
  await closeOptions(page);
  assert.match(await textOf(page.locator('#summary')), /Keryo-Pente/);
  await page.getByRole('button', { name: 'Play with a friend' }).click();
  const state = await createdGame(page);
  assert.equal(state.config.game, 'pente');
  assert.equal(state.config.keryo, true);
  await page.context().close();
});

test('organiser mode: the creator holds no seat, each invite takes its seat', async () => {
  const base = running.server.base;
  const page = await homePage();
  await openOptions(page);
  await page.selectOption('#game', 'renju');
  await page.selectOption('#opening', 'rif');
  await page.locator('#organiser').check();
  assert.equal(await page.locator('#seat').isDisabled(), true);
  // The summary's last part follows a language switch.
  await page.locator('#options-done').click();
  await page.selectOption('#language', 'cs');
  assert.match(await textOf(page.locator('#summary')), new RegExp(cs['home.summary-organiser']));
  await page.selectOption('#language', 'en');
  assert.match(await textOf(page.locator('#summary')), /organiser mode: a link for each player$/);
  await page.getByRole('button', { name: 'Play with a friend' }).click();
  const id = await createdGameId(page);
  const invites = await page.evaluate((game) => JSON.parse(localStorage.getItem(`narabe.invites.${game}`) ?? 'null'), id);
  assert.ok(invites, 'the invites are remembered for the game page');
  assert.equal(await rememberedToken(page, id), null, 'the organiser holds no token');
  const state = await gameState(base, id);
  assert.deepEqual(state.seats, { first: 'open', second: 'open' });
  assert.equal(state.config.opening, 'rif');
  assert.notEqual(invites.first, invites.second);
  for (const seat of ['first', 'second']) {
    const url = new URL(invites[seat]);
    assert.equal(url.pathname, `/g/${id}`);
    const response = await fetch(`${base}/api/games/${id}/join`, {
      method: 'POST',
      body: JSON.stringify({ invite: url.searchParams.get('invite') }),
    });
    assert.equal(response.status, 200);
    assert.equal((await response.json()).seat, seat);
  }
  // Organiser mode is a one-off: the next visit plays again.
  await page.goto(base);
  await page.locator('#summary', { hasText: 'RIF' }).waitFor();
  assert.match(await textOf(page.locator('#summary')), /who starts is random$/);
  assert.equal(await page.locator('#organiser').isChecked(), false);
  await page.context().close();
});

test('defect 5: Play the computer sends the seat, foul policy, hints and takebacks', async () => {
  for (const seat of /** @type {const} */ (['second', 'first'])) {
    const page = await homePage();
    await openOptions(page);
    await page.selectOption('#game', 'renju');
    await page.selectOption('#opening', 'yamaguchi');
    await page.selectOption('#seat', seat);
    await page.selectOption('#foul', 'refused');
    await page.locator('#hints').uncheck();
    await page.locator('#takebacks').check();
    await page.locator('input[name="time"][value="30+20"]').check();
    await page.locator('input[name="computer-level"][value="2"]').check();
    await closeOptions(page);
    assert.equal(
      await textOf(page.locator('#summary')),
      `Renju · Yamaguchi · 30+20 · forbidden moves refused · forbidden points not shown · takebacks allowed · ${
        seat === 'first' ? 'you start' : 'your opponent starts'
      }`,
    );
    await page.getByRole('button', { name: 'Play the computer' }).click();
    const state = await createdGame(page);
    assert.equal(state.config.game, 'renju');
    assert.equal(state.config.opening, 'yamaguchi');
    assert.equal(state.config.foul_policy, 'refused');
    assert.equal(state.hints, false);
    assert.equal(state.takebacks, true);
    assert.equal(state.time, '30+20');
    assert.equal(state.you, seat);
    assert.deepEqual(state.computer, { seat: seat === 'first' ? 'second' : 'first', level: 2 });
    await page.context().close();
  }
});

test('a returning player finds their last choices, each game its opening rule', async () => {
  const context = await running.browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(running.server.base);
  await page.locator('#summary', { hasText: 'Taraguchi-10' }).waitFor();
  await openOptions(page);
  await page.selectOption('#opening', 'soosorv8');
  await page.selectOption('#game', 'freestyle');
  await page.selectOption('#opening', 'swap2');
  await page.selectOption('#size', '19');
  await page.selectOption('#game', 'renju');
  // Renju comes back with its own opening rule.
  assert.equal(await page.locator('#opening').inputValue(), 'soosorv8');
  await page.selectOption('#game', 'freestyle');
  assert.equal(await page.locator('#opening').inputValue(), 'swap2');
  await page.locator('input[name="time"][value="custom"]').check();
  await page.fill('#custom-minutes', '2');
  await page.fill('#custom-increment', '1');
  await page.locator('#takebacks').check();
  await page.selectOption('#seat', 'first');
  await page.locator('input[name="computer-level"][value="6"]').check();
  await closeOptions(page);
  const summary = 'Gomoku (freestyle) · 19 × 19 · Swap2 · 2+1 · takebacks allowed · you start';
  assert.equal(await textOf(page.locator('#summary')), summary);

  await page.reload();
  await page.locator('#summary', { hasText: 'Swap2' }).waitFor();
  assert.equal(await textOf(page.locator('#summary')), summary);
  assert.equal(await page.locator('#computer-note').textContent(), 'Level 6 of 8');
  await openOptions(page);
  assert.equal(await page.locator('#custom-minutes').inputValue(), '2');
  assert.equal(await page.locator('#custom-increment').inputValue(), '1');
  await page.selectOption('#game', 'renju');
  assert.equal(await page.locator('#opening').inputValue(), 'soosorv8');
  await context.close();
});
