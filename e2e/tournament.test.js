// A Swiss tournament in real Chromium through the real server: the organiser
// creates it on /tournaments/new, four players join by the public link in
// four browser contexts, a spectator watches the tournament page, and each
// round's games are reached through "Go to your game" and finished (through
// the game page's own buttons in round 1, through the game API from the
// player's page after that). The spectator's page follows every round live,
// without a reload, to the final standings; the TRF export downloads; the
// page in every language on a phone and a desktop, without sideways scroll.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { translate } from '../web/assets/js/strings.js';

const running = useServerAndBrowser();

/** @typedef {import('playwright-core').Page} Page */

/**
 * Watches a page for console errors and uncaught exceptions.
 * @param {Page} page
 * @param {string[]} errors
 * @param {string} who
 */
function watchErrors(page, errors, who) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${who}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${who}: ${error.message}`));
  // Resigning and accepting a draw ask for a confirmation.
  page.on('dialog', (dialog) => void dialog.accept());
}

/**
 * The tournament as a spectator sees it, from the API.
 * @param {string} base
 * @param {string} id
 */
async function tournamentView(base, id) {
  const response = await fetch(`${base}/api/tournaments/${id}`);
  return (await response.json()).tournament;
}

/**
 * Sends a game action from the player's own page with their seat token (the
 * tournament token), as the game page would over HTTP.
 * @param {Page} page
 * @param {string} game
 * @param {string} token
 * @param {string} action
 */
async function actByFetch(page, game, token, action) {
  const status = await page.evaluate(
    async ({ game, token, action }) => {
      const response = await fetch(`/api/games/${game}/actions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ action }),
      });
      return response.status;
    },
    { game, token, action },
  );
  assert.equal(status, 200, `${action} in ${game}`);
}

test('a Swiss tournament of three rounds: created, joined, played by "your game", watched live to the final standings', async () => {
  const { browser, server } = running;
  const base = server.base;
  /** @type {string[]} */
  const errors = [];

  // The organiser fills in the form.
  const organiser = await (await browser.newContext()).newPage();
  watchErrors(organiser, errors, 'organiser');
  await organiser.goto(base);
  await organiser.getByRole('link', { name: 'Create a tournament' }).click();
  await organiser.waitForURL(/\/tournaments\/new$/);
  await organiser.fill('#name', 'Club Swiss');
  await organiser.selectOption('#game', 'freestyle');
  // The time control is the home page's (game_settings_form.js): a custom
  // clock is checked as it is typed, then the form takes no clock.
  await organiser.locator('input[name="time"][value="custom"]').check();
  await organiser.locator('#custom-time:not([hidden])').waitFor();
  await organiser.fill('#custom-minutes', 'x');
  assert.equal(await organiser.locator('#custom-error').textContent(), translate('en', 'home.custom-minutes-error'));
  assert.equal(await organiser.locator('#custom-minutes').getAttribute('aria-invalid'), 'true');
  await organiser.fill('#custom-minutes', '10');
  assert.equal(await organiser.locator('#custom-error').textContent(), '');
  assert.equal(await organiser.locator('#custom-minutes').getAttribute('aria-invalid'), 'false');
  await organiser.locator('input[name="time"][value="none"]').check();
  assert.equal(await organiser.locator('#custom-time').isHidden(), true);
  await organiser.locator('input[name="system"][value="swiss"]').check();
  await organiser.fill('#swiss-rounds', '3');
  await organiser.locator('input[name="rounds"][value="automatic"]').check();
  await organiser.fill('#break-value', '0');
  assert.equal(
    await organiser.locator('#summary').innerText(),
    'Gomoku (freestyle)\u00a0· 15 × 15\u00a0· Free\u00a0· No clock\u00a0· Swiss system, 3 rounds',
  );
  // The tie-breaks start as the Swiss system's own order.
  const tiebreaks = await organiser.locator('#tiebreaks li.on').allInnerTexts();
  assert.deepEqual(
    tiebreaks.map((text) => text.replace(/[↑↓\s]+$/u, '').trim()),
    ['Median Buchholz (MBH)', 'Buchholz (BH)', 'Direct encounter (DE)', 'Number of wins (WIN)'],
  );
  await organiser.screenshot({ path: `${SCREENSHOTS}tournament-new.png`, fullPage: true });
  await organiser.getByRole('button', { name: 'Create the tournament' }).click();
  // The organiser's link was followed, and its token taken out of the address.
  await organiser.waitForURL(/\/t\/[\w-]+$/);
  await organiser.locator('#organiser:not([hidden])').waitFor();
  const id = /\/t\/([\w-]+)$/.exec(organiser.url())?.[1] ?? '';
  const publicLink = await organiser.locator('#public-link').inputValue();
  assert.equal(publicLink, `${base}/t/${id}`);
  assert.match(await organiser.locator('#organiser-link').inputValue(), new RegExp(`/t/${id}#organiser=[\\w-]+$`));
  const stored = await organiser.evaluate((key) => localStorage.getItem(key), `narabe.tournament.${id}.organiser`);
  assert.ok(stored, 'the organiser token is remembered for this browser');
  assert.equal(await organiser.locator('#role').innerText(), 'You organise this tournament.');
  await organiser.locator('#public-qr').evaluate((image) => /** @type {HTMLImageElement} */ (image).decode());

  // A spectator opens the public link before anyone joins.
  const spectator = await (await browser.newContext()).newPage();
  watchErrors(spectator, errors, 'spectator');
  await spectator.goto(publicLink);
  await spectator.locator('#players-title', { hasText: 'Players (0)' }).waitFor();
  await spectator.evaluate(() => {
    /** @type {any} */ (window).notReloaded = true;
  });

  // Four players join by the public link, each in a context of their own.
  const names = ['Ann', 'Bo', 'Cy', 'Di'];
  /** @type {Map<string, {page: Page, token: string}>} */
  const players = new Map();
  for (const name of names) {
    const page = await (await browser.newContext()).newPage();
    watchErrors(page, errors, name);
    await page.goto(publicLink);
    await page.fill('#join-name', name);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.locator('#me-title', { hasText: `You: ${name}` }).waitFor();
    await page.locator('#notice', { hasText: `You are in as ${name}.` }).waitFor();
    const token = /** @type {string} */ (
      await page.evaluate((key) => localStorage.getItem(key), `narabe.tournament.${id}.player`)
    );
    assert.equal(await page.locator('#private-link').inputValue(), `${base}/t/${id}#token=${token}`);
    assert.equal(await page.locator('#join').isVisible(), false);
    players.set(name, { page, token });
  }
  // A nickname is taken once.
  const late = await (await browser.newContext()).newPage();
  await late.goto(publicLink);
  await late.fill('#join-name', 'Ann');
  await late.getByRole('button', { name: 'Join', exact: true }).click();
  await late.locator('#join-error', { hasText: 'Somebody in this tournament already has that nickname' }).waitFor();
  await late.context().close();

  await spectator.locator('#players-title', { hasText: 'Players (4)' }).waitFor();
  await organiser.locator('#players-title', { hasText: 'Players (4)' }).waitFor();
  await organiser.screenshot({ path: `${SCREENSHOTS}tournament-organiser.png`, fullPage: true });

  await organiser.getByRole('button', { name: 'Start the tournament' }).click();

  const byId = new Map();
  for (let round = 1; round <= 3; round++) {
    // The spectator's page turns to the new round by itself.
    await spectator.locator('#current-title', { hasText: `Round ${round}` }).waitFor();
    await spectator.locator('#t-status', { hasText: `Round ${round} of 3.` }).waitFor();
    const view = await tournamentView(base, id);
    for (const player of view.players) byId.set(player.id, player.name);
    const lines = view.rounds[round - 1].lines;
    assert.equal(lines.length, 2, `round ${round}: two games, no bye`);
    for (const [board, line] of lines.entries()) {
      const first = /** @type {{page: Page, token: string}} */ (players.get(byId.get(line.first)));
      const second = /** @type {{page: Page, token: string}} */ (players.get(byId.get(line.second)));
      if (round === 3) {
        // A player whose page stayed open is told, and sees the call to play.
        await first.page.locator('#notice', { hasText: `Round ${round} is paired: your game is ready.` }).waitFor();
      }
      for (const [player, role] of /** @type {const} */ ([[first, 'starts'], [second, 'replies']])) {
        const cta = player.page.locator('#your-game-link');
        await cta.waitFor();
        assert.equal(await player.page.locator('#your-game-title').innerText(), `Your game in round ${round}`);
        const opponent = byId.get(role === 'starts' ? line.second : line.first);
        assert.equal(
          await player.page.locator('#your-game-text').innerText(),
          role === 'starts'
            ? `Board ${board + 1}: you start, against ${opponent}.`
            : `Board ${board + 1}: against ${opponent}, who starts.`,
        );
        assert.match(await player.page.title(), /^Your game · Club Swiss · narabe$/);
      }
      if (round === 1) {
        // Through the game page: one click from the tournament to the seat.
        for (const player of [first, second]) {
          await player.page.locator('#your-game-link').click();
          await player.page.waitForURL(new RegExp(`/g/${line.game}$`));
          await player.page.locator('#role', { hasText: 'You play' }).waitFor();
          await player.page.locator('#tournament-link').waitFor();
        }
        if (board === 0) {
          await first.page.getByRole('button', { name: 'Resign' }).click();
        } else {
          await first.page.getByRole('button', { name: 'Offer a draw' }).click();
          await second.page.getByRole('button', { name: 'Accept the draw' }).click();
        }
        await first.page.locator('#result:not([hidden])').waitFor();
        // Back to the tournament by the game page's link.
        for (const player of [first, second]) {
          await player.page.locator('#tournament-link').click();
          await player.page.waitForURL(new RegExp(`/t/${id}$`));
          await player.page.locator('#me:not([hidden])').waitFor();
        }
      } else if (board === 0) {
        await actByFetch(first.page, line.game, first.token, 'draw offer');
        await actByFetch(second.page, line.game, second.token, 'draw accept');
      } else {
        await actByFetch(second.page, line.game, second.token, 'resign');
      }
    }
    if (round === 1) {
      // The spectator sees the results of round 1 when round 2 comes.
      await spectator.locator('#notice', { hasText: 'Round 2 is paired.' }).waitFor();
      await spectator.screenshot({ path: `${SCREENSHOTS}tournament-spectator-round2.png`, fullPage: true });
    }
  }

  // The end: the final standings, live on the spectator's page.
  await spectator.locator('#standings-title', { hasText: 'Final standings' }).waitFor();
  await spectator.locator('#notice', { hasText: 'The tournament is over' }).waitFor();
  assert.equal(await spectator.evaluate(() => /** @type {any} */ (window).notReloaded), true, 'no reload');
  const points = await spectator.locator('#standings tbody td.points').allInnerTexts();
  assert.equal(points.length, 4);
  const total = points.reduce((sum, value) => sum + Number(value), 0);
  assert.equal(total, 6, `three rounds of two games: ${points.join(', ')}`);
  const final = await tournamentView(base, id);
  assert.equal(final.status, 'finished');
  assert.deepEqual(
    points,
    final.standings.map((/** @type {{points: string}} */ row) => row.points),
  );
  // Three rounds in the Swiss cross-table, a result in every cell.
  const cells = await spectator.locator('#cross-table tbody td.cross .mark').allInnerTexts();
  assert.equal(cells.length, 12);
  assert.ok(cells.every((mark) => ['1', '½', '0'].includes(mark)), cells.join(' '));
  // Once over, every round is one of the rounds below the tables.
  assert.equal(await spectator.locator('#current').isVisible(), false);
  assert.equal(await spectator.locator('#previous-rounds details').count(), 3);
  assert.equal(await spectator.locator('#previous-title').innerText(), 'Rounds');
  assert.equal(await spectator.locator('#join').isVisible(), false);
  assert.equal(await spectator.locator('#t-status').innerText(), `Finished: ${await spectator.evaluate(
    (ms) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
    final.ended_at,
  )}.`);

  // The TRF export downloads.
  await spectator.locator('#export-menu summary').click();
  const [download] = await Promise.all([
    spectator.waitForEvent('download'),
    spectator.locator('#export-menu a[data-format="trf"]').click(),
  ]);
  const trf = readFileSync(/** @type {string} */ (await download.path()), 'utf8');
  assert.ok(trf.startsWith('012 Club Swiss'), trf.slice(0, 40));
  assert.match(download.suggestedFilename(), /\.trf$/);

  // Every language, on a phone and a desktop, as Ann sees it: no sideways
  // scroll of the page (the tables scroll in their own boxes), no key left.
  const ann = /** @type {{page: Page, token: string}} */ (players.get('Ann'));
  const sizes = /** @type {const} */ ([['phone', 360, 780], ['desktop', 1280, 900]]);
  for (const lang of ['en', 'cs', 'et', 'ru']) {
    for (const [kind, width, height] of sizes) {
      const context = await browser.newContext({ locale: lang, viewport: { width, height } });
      const page = await context.newPage();
      watchErrors(page, errors, `${lang} ${kind}`);
      await page.goto(`${publicLink}#token=${ann.token}`);
      await page.locator('#standings-title').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), lang);
      await page.locator('#me:not([hidden])').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => (!element.parentElement?.closest('.table-scroll')) && element.getBoundingClientRect().right > window.innerWidth)
          .map((element) => `${element.tagName}#${element.id}.${element.className}`),
      );
      assert.ok(overflow <= 0, `${lang} ${kind}: the page scrolls sideways by ${overflow} px: ${wide.join(' ')}`);
      // The standings need no sideways scroll in their own box either: on a
      // phone the place, name, points and the first two tie-breaks are in
      // sight (the later tie-breaks and the games, with a line that says so,
      // on a wider screen); a desktop shows every column.
      const standings = await page.evaluate(() => {
        const table = /** @type {HTMLElement} */ (document.getElementById('standings'));
        const box = /** @type {HTMLElement} */ (table.closest('.table-scroll'));
        const right = box.getBoundingClientRect().right;
        return {
          overflow: box.scrollWidth - box.clientWidth,
          inSight: [...table.querySelectorAll('thead th')]
            .filter((th) => th.getBoundingClientRect().width > 0 && th.getBoundingClientRect().right <= right + 0.5)
            .map((th) => /** @type {HTMLElement} */ (th).innerText.trim()),
        };
      });
      assert.ok(standings.overflow <= 0, `${lang} ${kind}: the standings scroll sideways by ${standings.overflow} px`);
      const heads = [
        translate(lang, 'tournament.col-rank'),
        translate(lang, 'tournament.col-name'),
        translate(lang, 'tournament.col-points'),
        ...final.tiebreaks.map((/** @type {string} */ tiebreak) => translate(lang, `tournament.tiebreak-short.${tiebreak}`)),
        translate(lang, 'tournament.col-games'),
      ];
      assert.equal(final.tiebreaks.length, 4);
      assert.deepEqual(standings.inSight, kind === 'phone' ? heads.slice(0, 5) : heads, `${lang} ${kind}`);
      assert.equal(await page.locator('#standings-narrow').isVisible(), kind === 'phone', `${lang} ${kind}`);
      const untranslated = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => !element.closest('[hidden]') && element.children.length === 0)
          .map((element) => element.textContent ?? '')
          .filter((text) => /\b(tournament|tournament-new|home|share|error)\.[a-z-]+/.test(text)),
      );
      assert.deepEqual(untranslated, [], `${lang} ${kind}`);
      await page.screenshot({ path: `${SCREENSHOTS}tournament-${lang}-${kind}.png`, fullPage: true });
      await context.close();
    }
  }
  assert.deepEqual(errors, []);
});
