// The analysis board (/analysis) in real Chromium through the real server:
// a RenLib library with variations and comments read into its tree, a new
// branch shared by its link into a fresh browser, the engine's best move and
// three best moves and a VCF played onto the board, the tree saved as SGF and
// read back, the picture links, and a finished game opened on the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';

const running = useServerAndBrowser();

const LIBRARY = new URL('../testdata/records/lib/v30-tree.lib', import.meta.url).pathname;

/**
 * The moves of the tree list, in the order shown.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
async function treeMoves(page) {
  return page.locator('#move-tree .tree-move').evaluateAll((buttons) =>
    buttons.map((button) => /** @type {HTMLElement} */ (button).dataset.move ?? ''),
  );
}

/**
 * The move of the node shown.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string | null>}
 */
async function shownMove(page) {
  const current = page.locator('#move-tree .tree-move[aria-current="true"]');
  return (await current.count()) === 0 ? null : current.getAttribute('data-move');
}

test('a library with variations becomes a tree, a new branch travels by link', async () => {
  const page = await (await running.browser.newContext()).newPage();
  await page.goto(`${running.server.base}/analysis`);
  await page.locator('#move-tree', { hasText: 'No moves yet' }).waitFor();
  await page.locator('#import-file').setInputFiles(LIBRARY);
  await page.locator('#file-status', { hasText: 'Read 1 game (lib)' }).waitFor();
  const moves = await treeMoves(page);
  assert.equal(moves[0], 'h8', moves.join(' '));
  // The library's title and comment show beside their moves, its second
  // branch as a variation.
  await page.locator('#move-tree .tree-note', { hasText: 'Centre' }).waitFor();
  await page.locator('#move-tree .tree-note', { hasText: 'line two' }).waitFor();
  assert.ok((await page.locator('#move-tree .variation').count()) >= 1);

  // The keyboard walks the main line; the board follows with numbered stones.
  await page.locator('#nav-first').click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await shownMove(page), 'h8');
  await page.locator('[data-point="h8"] .stone.black').waitFor();
  await page.keyboard.press('ArrowRight');
  const second = /** @type {string} */ (await shownMove(page));
  await page.locator(`[data-point="${second}"] .stone.white`).waitFor();
  await page.keyboard.press('End');
  const last = await shownMove(page);
  await page.keyboard.press('Home');
  assert.equal(await shownMove(page), null);

  // A different third move makes a new branch after the second, with a comment.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const before = (await treeMoves(page)).length;
  await page.locator('[data-point="m3"]').click();
  await page.locator('[data-point="m3"] .stone.black').waitFor();
  assert.equal(await shownMove(page), 'm3');
  assert.equal((await treeMoves(page)).length, before + 1);
  await page.locator('#node-comment').fill('a branch of my own');
  await page.locator('#position-status', { hasText: 'White to move' }).waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}analysis-board.png`, fullPage: true });

  // The link alone restores the tree, the comment and the node shown.
  const link = await page.locator('#share-link').inputValue();
  assert.match(link, /\/analysis#g=renju&/);
  const fresh = await running.browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await other.locator('[data-point="m3"] .stone.black').waitFor();
  assert.equal(await shownMove(other), 'm3');
  assert.deepEqual(await treeMoves(other), await treeMoves(page));
  await other.locator('#move-tree .tree-note', { hasText: 'a branch of my own' }).waitFor();
  await other.locator('#move-tree .tree-note', { hasText: 'Centre' }).waitFor();
  await other.keyboard.press('End');
  assert.equal(await shownMove(other), 'm3');
  await other.keyboard.press('Home');
  await other.keyboard.press('End');
  assert.equal(await shownMove(other), last);
  await fresh.close();

  // Saved as SGF and read back: the same tree.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-export="sgf"]').click(),
  ]);
  assert.equal(download.suggestedFilename(), 'narabe-analysis.sgf');
  const saved = /** @type {string} */ (await download.path());
  const sgf = readFileSync(saved, 'utf8');
  assert.match(sgf, /a branch of my own/);
  const treeBefore = await treeMoves(page);
  await page.locator('#import-file').setInputFiles(saved);
  await page.locator('#file-status', { hasText: 'Read 1 game (sgf)' }).waitFor();
  assert.deepEqual(await treeMoves(page), treeBefore);
  // A RenLib library is written too.
  const [library] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-export="lib"]').click(),
  ]);
  assert.equal(library.suggestedFilename(), 'narabe-analysis.lib');

  // The pictures of the position shown are the server's drawings.
  await page.keyboard.press('End');
  for (const [id, type] of [
    ['#picture-png', 'image/png'],
    ['#picture-svg', 'image/svg+xml'],
    ['#picture-gif', 'image/gif'],
  ]) {
    const href = /** @type {string} */ (await page.locator(id).getAttribute('href'));
    const answer = await page.request.get(new URL(href, running.server.base).href);
    assert.equal(answer.status(), 200, `${href}: ${await answer.text()}`);
    assert.equal(answer.headers()['content-type'], type, href);
  }
  const [gif] = await Promise.all([page.waitForEvent('download'), page.locator('#picture-gif').click()]);
  assert.match(gif.suggestedFilename(), /\.gif$/);
});

test('the engine: the best move, the three best drawn on the board, a VCF played out', async () => {
  const page = await (await running.browser.newContext()).newPage();
  // Freestyle: Black's open three h8 i8 j8 wins by fours.
  await page.goto(`${running.server.base}/analysis#g=freestyle&b=h8,i8,j8,h10&w=a1,a3,c1,o15&m=black`);
  await page.locator('[data-point="j8"] .stone.black').waitFor();
  await page.locator('#position-status', { hasText: 'Black to move' }).waitFor();
  await page.locator('#engine-lines').selectOption('3');
  await page.locator('#engine-analyse').click();
  await page.locator('#engine-output li').nth(2).waitFor();
  assert.equal(await page.locator('#engine-output li').count(), 3);
  assert.equal(await page.locator('.analysis-candidate').count(), 3);
  const candidates = await page.locator('#engine-output li strong').allInnerTexts();
  assert.equal(new Set(candidates).size, 3, candidates.join(' '));
  await page.locator('.analysis-candidate.rank-1').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}analysis-engine.png` });

  await page.locator('[data-threat="vcf-black"]').click();
  await page.locator('#threat-output', { hasText: 'Black has a VCF' }).waitFor();
  await page.locator('[data-threat="vcf-white"]').click();
  await page.locator('#threat-output', { hasText: 'No VCF for White found' }).waitFor();
  await page.locator('[data-threat="vcf-black"]').click();
  await page.locator('#threat-output', { hasText: 'Black has a VCF' }).waitFor();
  const found = await page.locator('#threat-output span').innerText();
  const line = found.replace(/^.*: /, '').split(' ');
  await page.locator('#threat-output button', { hasText: 'Play the line' }).click();
  // The line is on the board and in the tree, shown at its last move.
  await page.locator(`[data-point="${line[line.length - 1]}"] .stone`).waitFor();
  assert.equal(await shownMove(page), line[line.length - 1]);
  assert.deepEqual((await treeMoves(page)).slice(0, line.length), line);

  // Continuous analysis follows the moves.
  await page.locator('#nav-first').click();
  await page.locator('#engine-continuous').check();
  await page.locator('#engine-output li').first().waitFor();
  await page.locator('[data-point="n2"]').click();
  await page.locator('#engine-output .engine-heading', { hasText: 'White' }).waitFor();
});

test('renju: the forbidden points and their lines, set-up mode, the opening name, every language on a phone', async () => {
  const context = await running.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  // h8 h9 j10 is the canonical opening 3D, Sosei.
  await page.goto(`${running.server.base}/analysis#g=renju&t=h8.h9.j10&at=h8.h9.j10`);
  await page.locator('#position-status', { hasText: 'Sosei' }).waitFor();
  // Black's h8 i8 and j9 j10 make j8 a double three; a link pasted into the
  // address bar opens at once.
  await page.evaluate(() => {
    window.location.hash = 'g=renju&t=h8.a1.i8.a3.j9.a5.j10.a7&at=h8.a1.i8.a3.j9.a5.j10.a7';
  });
  await page.locator('#position-status', { hasText: 'After move 8 · Black to move' }).waitFor();
  await page.locator('[data-point="j8"] .forbidden').waitFor();
  await page.locator('[data-point="j8"]').hover();
  await page.locator('#foul-note', { hasText: 'j8 is forbidden for Black: double three' }).waitFor();
  await page.locator('.foul-line').first().waitFor({ state: 'attached' });

  // Set-up mode: a stone placed freely clears the moves after a confirm.
  await page.locator('input[name="mode"][value="setup"]').check();
  await page.locator('input[name="setup-color"][value="white"]').check();
  await page.locator('[data-point="o15"]').click();
  await page.locator('[data-point="o15"] .stone.white').waitFor();
  await page.locator('#move-tree', { hasText: 'No moves yet' }).waitFor();
  assert.match(await page.locator('#share-link').inputValue(), /w=o15/);
  await page.locator('input[name="mode"][value="play"]').check();
  await page.locator('[data-point="h8"]').click();
  await page.locator('[data-point="h8"] .stone.black').waitFor();

  for (const [lang, title] of [['cs', 'Analytická deska'], ['et', 'Analüüsilaud'], ['ru', 'Доска анализа'], ['en', 'Analysis board']]) {
    await page.locator('#language').selectOption(lang);
    await page.locator('.tagline', { hasText: title }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}analysis-phone-${lang}.png`, fullPage: true });
  }
  await context.close();
});

test('a broken link and a broken file say so and change nothing', async () => {
  const page = await (await running.browser.newContext()).newPage();
  await page.goto(`${running.server.base}/analysis#g=renju&t=h8.h8&at=h8.h8`);
  await page.locator('#page-error', { hasText: /occupied|point/ }).waitFor();
  await page.evaluate(() => {
    window.location.hash = 'g=chess';
  });
  await page.locator('#page-error', { hasText: 'damaged' }).waitFor();
  await page.locator('#paste-record summary, .paste-record summary').click();
  await page.locator('#paste-text').fill('(;GM[4]SZ[15];B[hh];W[hh])');
  await page.locator('#paste-read').click();
  await page.locator('#file-status', { hasText: /move 2/ }).waitFor();
  assert.deepEqual(await treeMoves(page), []);
});
