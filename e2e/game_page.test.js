// The game page's own parts in real Chromium through the real server: the
// move table reviewed by click and by keys with a way back to the live
// position, the analysis of the move under review, a clock under ten seconds
// (tenths, warning colour), and the layout: clocks beside the board on a
// desktop, above it at 200% zoom and on a phone, never wrapping, in every
// language; plus screenshots of the page in light and dark.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { place, startFriendGame } from './support/friend_game.js';
import { createGameByApi } from './support/api.js';
import { DICTIONARIES } from '../web/assets/js/strings.js';

const running = useServerAndBrowser();

/**
 * A game against the computer at level 1, created through the API, opened on
 * a new page with the creator's private link.
 * @param {object} settings
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
async function computerGame(settings, options = {}) {
  const created = await createGameByApi(running.server.base, {
    seat: 'first',
    opponent: { computer: 1 },
    ...settings,
  });
  const page = await (await running.browser.newContext(options)).newPage();
  await page.goto(created.play);
  // The board is drawn once the game's state arrived: a click before it
  // would place nothing.
  await page.locator('[data-point="a1"]').waitFor();
  return { page, created };
}

/**
 * Plays Black's first free point of `points` (the computer may have taken the
 * one a test would like) and waits for the computer's answer.
 * @param {import('playwright-core').Page} page
 * @param {string[]} points  in order of preference
 * @param {number} stonesAfter  the stones on the board once it answered
 */
async function playAndWait(page, points, stonesAfter) {
  for (const point of points) {
    if ((await page.locator(`[data-point="${point}"] .stone`).count()) > 0) continue;
    await page.locator(`[data-point="${point}"]`).click();
    await page.waitForFunction((count) => document.querySelectorAll('#board .stone').length === count, stonesAfter);
    await page.locator('#instruction', { hasText: 'Your turn' }).waitFor();
    return;
  }
  throw new Error(`every point of ${points.join(', ')} is taken`);
}

test('moves are reviewed by click and by keys, and the move shown is analysed', async () => {
  const { page } = await computerGame({ game: 'freestyle', opening: 'free' });
  await playAndWait(page, ['h8'], 2);
  await playAndWait(page, ['i9', 'g7'], 4);
  await playAndWait(page, ['j10', 'f6', 'k11'], 6);
  const stones = () => page.locator('#board .stone').count();

  await page.locator('#moves button.move[data-ply="3"]').click();
  await page.locator('#review-text', { hasText: 'You are looking at move 3 of 6.' }).waitFor();
  assert.equal(await stones(), 3);
  assert.equal(await page.locator('#moves button.move.current').getAttribute('data-ply'), '3');
  // The keys step through the game: → ← Home End.
  await page.locator('body').press('ArrowRight');
  assert.equal(await stones(), 4);
  await page.locator('body').press('Home');
  assert.equal(await stones(), 0);
  await page.locator('body').press('ArrowRight');
  await page.locator('body').press('ArrowRight');
  assert.equal(await stones(), 2);
  await page.screenshot({ path: `${SCREENSHOTS}review.png` });

  // Analyse looks at the move shown and marks its suggestion there.
  await page.getByRole('button', { name: 'Analyse' }).click();
  await page.locator('#analysis', { hasText: /^After move 2: Best move for Black: [a-o]\d+/ }).waitFor();
  await page.locator('.analysis-best').waitFor();
  const best = await page.locator('.point:has(.analysis-best)').getAttribute('data-point');
  assert.equal(await page.locator(`[data-point="${best}"] .stone`).count(), 0);
  await page.screenshot({ path: `${SCREENSHOTS}review-analysis.png` });

  // A click on the board while reviewing goes back to the game, sending nothing.
  await page.locator('[data-point="a1"]').click();
  await page.locator('#review-bar').waitFor({ state: 'hidden' });
  assert.equal(await stones(), 6);
  assert.equal(await page.locator('[data-point="a1"] .stone').count(), 0);
  // The way back is also a button, and End.
  await page.locator('#review-first').click();
  assert.equal(await stones(), 0);
  await page.getByRole('button', { name: 'Back to the game' }).click();
  assert.equal(await stones(), 6);
  await page.locator('body').press('Home');
  await page.locator('body').press('End');
  assert.equal(await stones(), 6);
  await page.context().close();
});

test('under ten seconds the running clock shows tenths in the warning colour', async () => {
  // 12 seconds each: a time control the home page does not offer.
  const { page } = await computerGame({ game: 'freestyle', opening: 'free', time: '0.2+0' });
  await playAndWait(page, ['h8'], 2);
  const mine = page.locator('#card-bottom .clock');
  await page.locator('#card-bottom .clock.running.low').waitFor({ timeout: 10_000 });
  assert.match(await mine.innerText(), /^0:0\d\.\d$/);
  // The warning colour is the site's danger colour.
  const [clock, danger] = await mine.evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.background = 'var(--danger)';
    document.body.append(probe);
    const colors = [getComputedStyle(element).backgroundColor, getComputedStyle(probe).backgroundColor];
    probe.remove();
    return colors;
  });
  assert.equal(clock, danger);
  await page.screenshot({ path: `${SCREENSHOTS}low-time.png` });
  await page.context().close();
});

test('clocks sit beside the board on a desktop and above it zoomed or on a phone, never wrapping', async () => {
  for (const lang of ['en', 'cs', 'et', 'ru']) {
    const layouts = [
      { name: 'desktop', viewport: { width: 1366, height: 800 }, beside: true },
      // 1366x800 at 200% zoom is a 683x400 CSS viewport.
      { name: 'zoom', viewport: { width: 683, height: 400 }, deviceScaleFactor: 2, beside: false },
      { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, beside: false },
    ];
    for (const { name, beside, ...options } of layouts) {
      const { page } = await computerGame({ game: 'renju', opening: 'free', time: '15+10' }, { locale: lang, ...options });
      await page.locator('#role', { hasText: DICTIONARIES[lang]['game.you-play.black'] }).waitFor();
      const board = await page.locator('#board svg').boundingBox();
      assert.ok(board);
      for (const selector of ['#card-top', '#card-bottom', '#instruction']) {
        const box = await page.locator(selector).boundingBox();
        assert.ok(box, selector);
        if (beside) {
          assert.ok(box.x >= board.x + board.width, `${lang} ${name}: ${selector} beside the board`);
        } else {
          assert.ok(box.y + box.height <= board.y + 1, `${lang} ${name}: ${selector} above the board`);
        }
      }
      for (const clock of await page.locator('.clock').all()) {
        const lines = await clock.evaluate((element) => {
          const style = getComputedStyle(element);
          return element.getBoundingClientRect().height / parseFloat(style.lineHeight);
        });
        assert.ok(lines < 1.8, `${lang} ${name}: a clock on one line (${lines})`);
      }
      if (lang === 'en' || lang === 'ru') {
        await page.screenshot({ path: `${SCREENSHOTS}game-${name}-${lang}.png` });
      }
      await page.context().close();
    }
  }
});

test('the game page in the dark theme, as a spectator sees it', async () => {
  const { creator, friend, watchLink } = await startFriendGame(running.browser, running.server.base, {
    game: 'renju',
    opening: 'rif',
    time: '5+3',
  });
  for (const point of ['h8', 'h9', 'j10']) await place(creator, point, [creator, friend]);
  const watcher = await (await running.browser.newContext({ colorScheme: 'dark' })).newPage();
  await watcher.goto(watchLink);
  await watcher.locator('#instruction', { hasText: 'White to act: swap or keep the colours.' }).waitFor();
  await watcher.screenshot({ path: `${SCREENSHOTS}game-dark-spectator.png` });
  const phone = await (
    await running.browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true })
  ).newPage();
  await phone.goto(watchLink);
  await phone.locator('#instruction', { hasText: 'White to act' }).waitFor();
  await phone.screenshot({ path: `${SCREENSHOTS}game-dark-phone.png`, fullPage: true });
  await watcher.context().close();
  await phone.context().close();
});
