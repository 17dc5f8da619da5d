// Playing the computer in real Chromium through the real server: the home
// page's "Play the computer" at level 1, a few moves against it, resignation,
// then the engine's analysis of the finished game on the board, and the
// game opened on the analysis board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { chooseOnHomePage } from './support/friend_game.js';

const running = useServerAndBrowser();

/** Points far from the centre, where the human plays (the first free one). */
const EDGE = ['a1', 'c1', 'e1', 'g1', 'i1', 'k1', 'm1', 'o1', 'a3', 'c3', 'e3', 'g3'];

test('a short game against the computer at level 1, then its analysis', async () => {
  const page = await (await running.browser.newContext()).newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(running.server.base);
  await chooseOnHomePage(page, { game: 'freestyle', opening: 'free', time: 'none' });
  await page.locator('#change-options').click();
  await page.locator('input[name="computer-level"][value="1"]').check();
  await page.locator('#options-done').click();
  await page.screenshot({ path: `${SCREENSHOTS}computer-home.png` });
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await page.waitForURL(/\/g\/[\w-]{12}$/);
  await page.locator('#role', { hasText: 'You play' }).waitFor();
  // The opponent's card names the computer and its level.
  await page.locator('#card-top .player-name', { hasText: 'Computer' }).waitFor();
  await page.locator('#card-top .player-color', { hasText: /^level 1 · (Black|White)$/ }).waitFor();

  // Whoever starts, the human gets the turn: the computer moves by itself.
  let played = 0;
  for (const point of EDGE) {
    if (played === 3) break;
    await page.locator('#instruction', { hasText: 'Your turn' }).waitFor();
    if ((await page.locator(`[data-point="${point}"].occupied`).count()) > 0) continue;
    const stonesBefore = await page.locator('.stone').count();
    await page.locator(`[data-point="${point}"]`).click();
    await page.locator(`[data-point="${point}"] .stone`).waitFor();
    played += 1;
    // The computer answers with a stone of its own.
    await page.waitForFunction(
      (count) => document.querySelectorAll('.stone').length >= count + 2,
      stonesBefore,
    );
  }
  assert.equal(played, 3);
  await page.screenshot({ path: `${SCREENSHOTS}computer-game.png` });

  await page.getByRole('button', { name: 'Resign' }).click();
  await page.locator('#result', { hasText: 'resignation' }).waitFor();

  const analyse = page.getByRole('button', { name: 'Analyse' });
  await analyse.waitFor();
  await analyse.click();
  await page.locator('#analysis', { hasText: 'Best move' }).waitFor();
  const text = await page.locator('#analysis').innerText();
  const best = /: ([a-o]\d{1,2}) \(/.exec(text)?.[1];
  assert.ok(best, text);
  assert.equal(await page.locator(`[data-point="${best}"] .analysis-best`).count(), 1);
  assert.equal(await page.locator(`[data-point="${best}"] .stone`).count(), 0);
  await page.screenshot({ path: `${SCREENSHOTS}analysis.png` });

  // The finished game opens on the analysis board at its last move.
  const stones = await page.locator('.board .stone').count();
  const boardLink = page.locator('#analysis-board-link');
  assert.match(String(await boardLink.getAttribute('href')), /^\/analysis#g=freestyle&s=15&t=/);
  await boardLink.click();
  await page.waitForURL(/\/analysis#/);
  await page.locator('#move-tree .tree-move[aria-current="true"]').waitFor();
  assert.equal(await page.locator('#move-tree .tree-move').count(), stones);
  assert.equal(await page.locator('.board .stone').count(), stones);
});
