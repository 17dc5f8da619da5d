// The home page's time controls reach the game exactly (`GET /api/games/{id}`
// `time`): every preset, custom clocks and days; an invalid custom time gets
// its sentence in the page and sends nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import {
  DESKTOP,
  closeOptions,
  consoleErrors,
  createdGameId,
  gameState,
  openOptions,
  textOf,
} from './support/home_page.js';
import { TIME_PRESETS } from '../web/assets/js/time_choice.js';
import { ru } from '../web/assets/js/locales/ru.js';

const running = useServerAndBrowser();

/**
 * Creates a friend game with the options dialog's time choice made by
 * `choose`, and answers the game's `time` as the server keeps it.
 * @param {import('playwright-core').Page} page
 * @param {(page: import('playwright-core').Page) => Promise<void>} choose
 * @returns {Promise<string>}
 */
async function createdTime(page, choose) {
  await page.goto(running.server.base);
  await page.locator('#summary', { hasText: '·' }).waitFor();
  await openOptions(page);
  await choose(page);
  await closeOptions(page);
  await page.getByRole('button', { name: 'Play with a friend' }).click();
  const id = await createdGameId(page);
  return (await gameState(running.server.base, id)).time;
}

/**
 * Fills the custom clock fields.
 * @param {string} minutes
 * @param {string} increment
 */
const customClock = (minutes, increment) => async (/** @type {import('playwright-core').Page} */ page) => {
  await page.locator('input[name="time"][value="custom"]').check();
  await page.locator('input[name="custom-kind"][value="clock"]').check();
  await page.fill('#custom-minutes', minutes);
  await page.fill('#custom-increment', increment);
};

test('every preset reaches the game, 10+5 the default', async () => {
  const page = await (await running.browser.newContext(DESKTOP)).newPage();
  const errors = consoleErrors(page);
  await page.goto(running.server.base);
  await openOptions(page);
  assert.equal(await page.locator('input[name="time"]:checked').getAttribute('value'), '10+5');
  assert.deepEqual(
    await page.locator('#time-presets .chip').allInnerTexts(),
    [
      '1+0\nBullet', '3+2\nBlitz', '5+3\nBlitz', '10+5\nRapid', '15+10\nRapid', '30+20\nClassical',
      '1 day\nper move', '3 days\nper move', '7 days\nper move', '∞\nNo clock', 'Custom',
    ],
  );
  assert.deepEqual(TIME_PRESETS, ['1+0', '3+2', '5+3', '10+5', '15+10', '30+20', '1d', '3d', '7d', 'none']);
  for (const preset of TIME_PRESETS) {
    const time = await createdTime(page, async (each) => {
      await each.locator(`input[name="time"][value="${preset}"]`).check();
    });
    assert.equal(time, preset);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('custom clocks and days reach the game', async () => {
  const page = await (await running.browser.newContext(DESKTOP)).newPage();
  assert.equal(await createdTime(page, customClock('2', '1')), '2+1');
  // A decimal comma, as Czech, Estonian and Russian write it.
  assert.equal(await createdTime(page, customClock('0,5', '0')), '0.5+0');
  assert.equal(await createdTime(page, customClock('180', '180')), '180+180');
  assert.equal(
    await createdTime(page, async (each) => {
      await each.locator('input[name="time"][value="custom"]').check();
      await each.locator('input[name="custom-kind"][value="days"]').check();
      await each.fill('#custom-days', '5');
    }),
    '5d',
  );
  await page.context().close();
});

test('an invalid custom time is explained in the page and nothing is sent', async () => {
  const context = await running.browser.newContext({ ...DESKTOP, locale: 'ru-RU' });
  const page = await context.newPage();
  const errors = consoleErrors(page);
  /** @type {string[]} */
  const posts = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto(running.server.base);
  await openOptions(page);
  await page.locator('input[name="time"][value="custom"]').check();
  const cases = [
    { minutes: 'пять', increment: '3', error: 'home.custom-minutes-error', field: '#custom-minutes' },
    { minutes: '0.1', increment: '3', error: 'home.custom-minutes-error', field: '#custom-minutes' },
    { minutes: '181', increment: '3', error: 'home.custom-minutes-error', field: '#custom-minutes' },
    { minutes: '5', increment: '181', error: 'home.custom-increment-error', field: '#custom-increment' },
    { minutes: '5', increment: '1.5', error: 'home.custom-increment-error', field: '#custom-increment' },
  ];
  for (const each of cases) {
    await page.fill('#custom-minutes', each.minutes);
    await page.fill('#custom-increment', each.increment);
    assert.equal(await page.locator('#custom-error').textContent(), ru[each.error], JSON.stringify(each));
    assert.equal(await page.locator(each.field).getAttribute('aria-invalid'), 'true');
  }
  await page.screenshot({ path: `${SCREENSHOTS}home-options-invalid-time.png` });
  await page.locator('input[name="custom-kind"][value="days"]').check();
  await page.fill('#custom-days', '15');
  assert.equal(await page.locator('#custom-error').textContent(), ru['home.custom-days-error']);
  await closeOptions(page);
  assert.match(await textOf(page.locator('#summary')), new RegExp(ru['home.time-invalid']));
  for (const button of ['button[type=submit]', '#play-computer']) {
    await page.locator(button).click();
    await page.locator('#error', { hasText: ru['home.custom-days-error'] }).waitFor();
    assert.equal(await page.locator(button).isEnabled(), true);
  }
  assert.equal(new URL(page.url()).pathname, '/');
  assert.deepEqual(posts, [], 'nothing was sent');
  // Fixed, it goes through.
  await openOptions(page);
  await page.fill('#custom-days', '14');
  assert.equal(await page.locator('#custom-error').textContent(), '');
  await closeOptions(page);
  await page.locator('button[type=submit]').click();
  const id = await createdGameId(page);
  assert.equal((await gameState(running.server.base, id)).time, '14d');
  assert.deepEqual(errors, []);
  await context.close();
});
