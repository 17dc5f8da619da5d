// A bot's page in real Chromium through the real server, with a real bot:
// `narabe bot` bridging `narabe engine --level 1`. The page shows what the
// bot plays and offers only that in its challenge form; a person challenges
// it from the page, the bot accepts, the page opens the game, and the person
// plays it by clicking to its end, the bot named on its card; the record
// and the game's link follow on the page. A challenge of a time control the
// bot does not play is declined with the reason in the reader's language; a
// challenge to the bot while it is offline waits, counts down and is
// cancelled. Screenshots of every language on a desktop and a phone, none
// scrolling sideways, without a console error.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { translate } from '../web/assets/js/strings.js';

const running = useServerAndBrowser();
const BINARY = new URL('../target/debug/narabe', import.meta.url).pathname;
const ENGINE = `'${BINARY}' engine --level 1`;

/** @typedef {import('playwright-core').Page} Page */

/** The bridges started, stopped after the file. */
const bridges = /** @type {import('node:child_process').ChildProcess[]} */ ([]);
after(() => {
  for (const bridge of bridges) bridge.kill('SIGTERM');
});

/**
 * Registers a bot through `narabe bot --register`: its key.
 * @param {string} name
 * @param {string[]} extra
 * @returns {string}
 */
function register(name, extra = []) {
  const output = execFileSync(
    BINARY,
    ['bot', '--server', running.server.base, '--engine', ENGINE, '--register', name, ...extra],
    { encoding: 'utf8' },
  );
  const key = /^key: (\S+)/m.exec(output)?.[1];
  assert.ok(key, output);
  return key;
}

/**
 * Starts `narabe bot` with `key` and resolves once its event stream is open.
 * @param {string} key
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
function startBridge(key) {
  const child = spawn(
    BINARY,
    ['bot', '--server', running.server.base, '--engine', ENGINE, '--move-time', '150'],
    { env: { ...process.env, NARABE_BOT_KEY: key }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  bridges.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`narabe bot exited with ${code}`)));
    const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
    lines.on('line', (line) => {
      if (line.includes(' is online')) resolve(child);
    });
  });
}

/**
 * Watches a page for console errors and uncaught exceptions.
 * @param {Page} page
 * @param {string[]} errors
 */
function watchErrors(page, errors) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/**
 * The game's state from the API.
 * @param {string} id
 */
async function gameState(id) {
  return (await fetch(`${running.server.base}/api/games/${id}`)).json();
}

/** Where the person plays, the first free one each time: far from the bot's stones. */
const POINTS = ['a1', 'a3', 'a5', 'a7', 'a9', 'a11', 'a13', 'a15', 'c1', 'c3', 'c5', 'c7', 'c9', 'c11', 'c13', 'c15',
  'e1', 'e3', 'e5', 'e7', 'e9', 'e11', 'e13', 'e15', 'g1', 'g3', 'g5', 'g7', 'g9', 'g11', 'g13', 'g15'];

test('a person challenges a bot from its page and plays it to the end', async () => {
  const key = register('Narabe-Level-1', ['--speeds', 'blitz,rapid,untimed']);
  await startBridge(key);
  const errors = /** @type {string[]} */ ([]);
  const context = await running.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  watchErrors(page, errors);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${running.server.base}/bot/narabe-level-1`);
  await page.locator('#bot-name', { hasText: 'Narabe-Level-1' }).waitFor();
  await page.locator('#bot-presence.online').waitFor();
  // The form offers what the bot plays: no pente, renju free only, its speeds.
  const games = await page.locator('#game option').evaluateAll((options) =>
    options.map((option) => /** @type {HTMLOptionElement} */ (option).value),
  );
  assert.deepEqual(games, ['renju', 'freestyle', 'standard', 'caro']);
  await page.selectOption('#game', 'renju');
  const openings = await page.locator('#opening option').evaluateAll((options) =>
    options.map((option) => /** @type {HTMLOptionElement} */ (option).value),
  );
  assert.deepEqual(openings, ['free']);
  const times = await page.locator('input[name="time"]').evaluateAll((inputs) =>
    inputs.map((input) => /** @type {HTMLInputElement} */ (input).value),
  );
  assert.deepEqual(times, ['3+2', '5+3', '10+5', '15+10', 'none', 'custom']);
  await page.locator('#speeds', { hasText: 'Blitz, Rapid, No clock' }).waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}bot-page-desktop-en.png`, fullPage: true });

  // The challenge: freestyle without a clock, the person first.
  await page.selectOption('#game', 'freestyle');
  await page.locator('input[name="time"][value="none"]').check();
  await page.selectOption('#seat', 'first');
  await page.locator('#summary', { hasText: 'you start' }).waitFor();
  await page.getByRole('button', { name: 'Challenge', exact: true }).click();
  await page.waitForURL(/\/g\/[\w-]{12}$/);
  const id = page.url().split('/').pop() ?? '';
  // The bot is named on its card, with a link to its page.
  await page.locator('#card-top .player-name a', { hasText: 'Narabe-Level-1' }).waitFor();
  await page.locator('#card-top .player-color', { hasText: /^bot · White$/ }).waitFor();
  let state = await gameState(id);
  assert.equal(state.bots.second, 'Narabe-Level-1');
  for (let moves = 0; !state.result && moves < 60; moves += 1) {
    await page.waitForFunction(
      async (game) => {
        const answer = await (await fetch(`/api/games/${game}`)).json();
        return answer.result !== null || answer.actor === 'first';
      },
      id,
      { polling: 100, timeout: 20_000 },
    );
    state = await gameState(id);
    if (state.result) break;
    const taken = new Set(state.stones.map((/** @type {{point: string}} */ stone) => stone.point));
    const point = POINTS.find((each) => !taken.has(each));
    assert.ok(point);
    const version = state.version;
    await page.locator(`[data-point="${point}"]`).click();
    await page.waitForFunction(
      async ({ game, version }) => {
        const answer = await (await fetch(`/api/games/${game}`)).json();
        return answer.version > version;
      },
      { game: id, version },
      { polling: 100, timeout: 20_000 },
    );
    state = await gameState(id);
  }
  assert.ok(state.result, 'the game ends');
  await page.locator('#result').waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}bot-game-over.png` });

  // The bot's page counts the game and links it.
  await page.goto(`${running.server.base}/bot/Narabe-Level-1`);
  const outcome = state.result.winner === 'second' ? 'won' : state.result.winner === 'first' ? 'lost' : 'draw';
  await page.locator('#recent .bot-game', { hasText: outcome }).waitFor();
  assert.equal(await page.locator(`#recent a[href="/g/${id}"]`).count(), 1);
  const record = await page.locator('#record').innerText();
  assert.match(record, state.result.winner === 'second' ? /^1 win/ : /0 wins/);

  // A time control it does not play (a custom bullet clock) is declined with
  // the reason, said again in Russian when the language changes.
  await page.selectOption('#game', 'renju');
  await page.locator('input[name="time"][value="custom"]').check();
  await page.fill('#custom-minutes', '1');
  await page.fill('#custom-increment', '0');
  await page.getByRole('button', { name: 'Challenge', exact: true }).click();
  await page.locator('#challenge-error', { hasText: 'too fast' }).waitFor();
  await page.selectOption('#language', 'ru');
  const tooFast = translate('ru', 'decline.tooFast');
  await page.locator('#challenge-error', { hasText: tooFast }).waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}bot-declined-ru.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a challenge to an offline bot waits, counts down and is cancelled; every language fits a phone', async () => {
  const key = register('Sleeper');
  assert.ok(key);
  const errors = /** @type {string[]} */ ([]);
  const context = await running.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  watchErrors(page, errors);
  await page.goto(`${running.server.base}/bot/sleeper?game=freestyle&time=none&seat=second`);
  await page.locator('#bot-presence.offline').waitFor();
  assert.equal(await page.locator('#game').inputValue(), 'freestyle', 'the link fills the form');
  assert.equal(await page.locator('#seat').inputValue(), 'second');
  await page.getByRole('button', { name: 'Challenge', exact: true }).click();
  await page.locator('#challenge-text', { hasText: 'Waiting for Sleeper to answer' }).waitFor();
  await page.locator('#challenge-expiry', { hasText: /expires in \d+ s/ }).waitFor();
  // A reload keeps waiting for it.
  await page.reload();
  await page.locator('#challenge-text', { hasText: 'Waiting for Sleeper to answer' }).waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}bot-waiting-phone.png` });
  await page.getByRole('button', { name: 'Cancel the challenge' }).click();
  await page.locator('#challenge-error', { hasText: 'You cancelled the challenge.' }).waitFor();
  await page.locator('#challenge-form').waitFor();
  for (const lang of ['en', 'cs', 'et', 'ru']) {
    for (const [device, viewport] of /** @type {[string, {width: number, height: number}][]} */ ([
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1366, height: 800 }],
    ])) {
      await page.setViewportSize(viewport);
      await page.goto(`${running.server.base}/bot/Narabe-Level-1`);
      await page.locator('#bot-name', { hasText: 'Narabe-Level-1' }).waitFor();
      await page.selectOption('#language', lang);
      await page.locator('#challenge-title', { hasText: translate(lang, 'bot.challenge-title', { name: 'Narabe-Level-1' }) }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${lang} on a ${device} scrolls sideways`);
      await page.screenshot({ path: `${SCREENSHOTS}bot-page-${device}-${lang}.png`, fullPage: true });
    }
  }
  // A name no bot has gets the 404 page.
  const missing = await page.goto(`${running.server.base}/bot/nobody-here?lang=en`);
  assert.equal(missing?.status(), 404);
  errors.splice(0, errors.length, ...errors.filter((error) => !error.includes('404')));
  assert.deepEqual(errors, []);
  await context.close();
});
