// A refusal of the server reaches the player in the page's language, with
// the number the server sent: the home page's "Play with a friend" and "Play
// the computer" beyond the server's limit of game creations answer in Russian
// how long to wait, not with the server's English message.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { ru } from '../web/assets/js/locales/ru.js';

// One game per minute (and a burst of one) for the server this file starts.
process.env.NARABE_CREATE_PER_MINUTE = '1';
const running = useServerAndBrowser();

test('a rate-limited creation is explained in Russian with the seconds to wait', async () => {
  const context = await running.browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(running.server.base);
  await page.getByRole('button', { name: ru['home.play-friend'] }).click();
  await page.waitForURL(/\/g\/[\w-]{12}$/);

  // The second game of the minute is refused.
  await page.goto(running.server.base);
  await page.getByRole('button', { name: ru['home.play-friend'] }).click();
  const error = page.locator('#error');
  await error.filter({ hasText: 'Слишком много запросов' }).waitFor();
  const text = (await error.innerText()).trim();
  // About a minute to wait: a number of seconds in the genitive plural
  // ("через 59 секунд"), or the few form for 22-24, 32-34, ... ("секунды").
  const found = /^Слишком много запросов с вашего адреса: не спешите и попробуйте снова через (\d+) (секунд|секунды|секунду)\.$/.exec(text);
  assert.ok(found, text);
  const seconds = Number(found[1]);
  assert.ok(seconds >= 1 && seconds <= 60, text);
  const form = seconds % 10 === 1 && seconds % 100 !== 11 ? 'секунду' : [2, 3, 4].includes(seconds % 10) && ![12, 13, 14].includes(seconds % 100) ? 'секунды' : 'секунд';
  assert.equal(found[2], form, text);
  assert.doesNotMatch(text, /too many|try again/);

  // "Play the computer" is refused the same way.
  await page.reload();
  await page.getByRole('button', { name: ru['computer.play'] }).click();
  await error.filter({ hasText: 'Слишком много запросов' }).waitFor();
  await page.screenshot({ path: `${SCREENSHOTS}home-error-ru.png` });
  await context.close();
});
