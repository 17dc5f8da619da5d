// The interface language: the browser's languages choose it at first, the
// header's switcher changes it at once, the `lang` cookie keeps it across a
// reload, and the rules link carries it to the rules pages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFriendGame } from './support/friend_game.js';
import { useOwnServers } from './support/harness.js';
import { cs } from '../web/assets/js/locales/cs.js';
import { et } from '../web/assets/js/locales/et.js';
import { ru } from '../web/assets/js/locales/ru.js';

const { start } = useOwnServers();

test('the home page speaks the browser language, switches and remembers', async () => {
  const { server, browser } = await start();
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();

  await page.goto(`${server.base}/`);
  const title = page.locator('#new-game h1');
  await assert.doesNotReject(title.filter({ hasText: ru['home.title'] }).waitFor());
  assert.equal(await title.textContent(), ru['home.title']);
  assert.equal(await page.locator('html').getAttribute('lang'), 'ru');
  assert.match((await page.locator('#rules-link').getAttribute('href')) ?? '', /\?lang=ru$/);

  await page.selectOption('#language', 'cs');
  assert.equal(await title.textContent(), cs['home.title']);
  assert.equal(await page.locator('.tagline').textContent(), cs['site.tagline']);
  assert.equal(await page.locator('#game option[value=renju]').textContent(), cs['game.renju']);
  assert.equal(await page.locator('html').getAttribute('lang'), 'cs');
  const cookies = await context.cookies();
  assert.ok(cookies.some((c) => c.name === 'lang' && c.value === 'cs'), 'lang cookie is cs');

  await page.reload();
  await title.filter({ hasText: cs['home.title'] }).waitFor();
  assert.equal(await title.textContent(), cs['home.title']);
  assert.equal(await page.locator('#language').inputValue(), 'cs');
  const href = (await page.locator('#rules-link').getAttribute('href')) ?? '';
  assert.match(href, /^\/rules\/[\w-]+\?lang=cs$/);

  // The rules page the link leads to is the Czech one.
  await page.click('#rules-link');
  await page.waitForURL(/\/rules\//);
  assert.equal(await page.locator('html').getAttribute('lang'), 'cs');
  await context.close();
});

test('the game page re-renders its state-driven texts when switched', async () => {
  const { server, browser } = await start();
  const { creator } = await startFriendGame(browser, server.base, { game: 'renju', opening: 'rif' });

  await creator.selectOption('#language', 'et');
  assert.equal(await creator.locator('h2').textContent(), et['moves.title']);
  assert.equal(await creator.locator('#role').textContent(), et['game.you-play.black']);
  assert.match((await creator.locator('#instruction').textContent()) ?? '', /^Sinu käik: /);
  assert.equal(await creator.locator('#resign').textContent(), et['button.resign']);

  await creator.reload();
  await creator.locator('#instruction', { hasText: 'Sinu käik' }).waitFor();
  assert.equal(await creator.locator('#language').inputValue(), 'et');
});
