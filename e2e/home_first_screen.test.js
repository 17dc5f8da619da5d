// The home page's first screen in every language, on a 1366x800 desktop and
// a 390x844 phone: both main actions above the fold, the summary of what
// they create, no label that overflows, in the options dialog too, and no
// console error; screenshots of each, light and dark.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import {
  DESKTOP,
  LOCALES,
  PHONE,
  closeOptions,
  consoleErrors,
  insideViewport,
  openOptions,
  overflowing,
  textOf,
} from './support/home_page.js';
import { unlabelledControls } from './support/friend_game.js';
import { DICTIONARIES } from '../web/assets/js/strings.js';

const running = useServerAndBrowser();

for (const [lang, locale] of Object.entries(LOCALES)) {
  const words = DICTIONARIES[lang];
  for (const [device, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    test(`${lang}, ${device}: both actions above the fold, nothing overflows, no console error`, async () => {
      const context = await running.browser.newContext({ ...options, locale });
      const page = await context.newPage();
      const errors = consoleErrors(page);
      await page.goto(running.server.base);
      await page.locator('#summary', { hasText: words['opening.taraguchi10'] }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), lang);

      for (const selector of ['button[type=submit]', '#play-computer', '#change-options']) {
        const { inside, box } = await insideViewport(page, selector);
        assert.ok(inside, `${selector} at ${JSON.stringify(box)}`);
      }
      assert.equal(
        await page.locator('button[type=submit] .play-title').textContent(),
        words['home.play-friend'],
      );
      assert.equal(await page.locator('#play-computer .play-title').textContent(), words['computer.play']);
      // A first visit: renju, Taraguchi-10, 10+5, a random first player.
      assert.equal(
        await textOf(page.locator('#summary')),
        [words['game.renju'], words['opening.taraguchi10'], '10+5', words['home.seat-summary.random']].join(' · '),
      );
      assert.deepEqual(await overflowing(page, 'main'), []);
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
        true,
        'no horizontal scroll',
      );
      const suffix = lang === 'en' ? '' : `-${lang}`;
      await page.screenshot({ path: `${SCREENSHOTS}home-${device}${suffix}.png` });

      // The options dialog: every control labelled, nothing overflows, in
      // each game's options too.
      await openOptions(page);
      assert.deepEqual(await unlabelledControls(page), []);
      assert.deepEqual(await overflowing(page, '#options'), []);
      await page.screenshot({ path: `${SCREENSHOTS}home-options-${device}${suffix}.png` });
      for (const game of ['freestyle', 'pente', 'caro', 'renju']) {
        await page.selectOption('#game', game);
        assert.deepEqual(await overflowing(page, '#options'), [], game);
      }
      await page.locator('input[name="time"][value="custom"]').check();
      await page.fill('#custom-minutes', 'x');
      assert.equal(await page.locator('#custom-error').textContent(), words['home.custom-minutes-error']);
      assert.deepEqual(await overflowing(page, '#options'), []);
      await page.locator('input[name="custom-kind"][value="days"]').check();
      assert.deepEqual(await overflowing(page, '#options'), []);
      await page.locator('#options-done').scrollIntoViewIfNeeded();
      assert.ok((await insideViewport(page, '#options-done')).inside, 'Done is reachable');
      await closeOptions(page);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the dark theme follows the system: screenshots, no overflow', async () => {
  for (const [device, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    const context = await running.browser.newContext({ ...options, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(running.server.base);
    await page.locator('#summary', { hasText: 'Taraguchi-10' }).waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(background, 'rgb(22, 23, 26)', 'the dark background of site.css');
    await page.screenshot({ path: `${SCREENSHOTS}home-${device}-dark.png` });
    await openOptions(page);
    await page.screenshot({ path: `${SCREENSHOTS}home-options-${device}-dark.png` });
    await closeOptions(page);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
