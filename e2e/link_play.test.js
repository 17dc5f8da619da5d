// Link play as a new user meets it, in real Chromium through the real server:
// the creator waits on the game's own address (which survives a reload and
// cancels), opens their own invite without taking the other seat, the friend
// sees what they are invited to and takes the seat only with Join, a used
// invite leaves a spectator with one sentence, the seat token leaves the
// address bar, the private link moves the seat to another device, errors
// speak the reader's language, and no game page logs a console error.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';
import { chooseOnHomePage, joinThroughInvite, place, sharedLink } from './support/friend_game.js';
import { createGameByApi, stateByApi } from './support/api.js';
import { DICTIONARIES } from '../web/assets/js/strings.js';

const running = useServerAndBrowser();

/**
 * The state of game `id` as a spectator sees it, straight from the API.
 * @param {string} id
 * @returns {Promise<any>}
 */
function apiState(id) {
  return stateByApi(running.server.base, id);
}

/** A renju game against the computer in which the creator plays Black. */
function computerGame() {
  return createGameByApi(running.server.base, {
    game: 'renju',
    opening: 'free',
    opponent: { computer: 1 },
    seat: 'first',
  });
}

/**
 * The id of the game whose page `page` shows.
 * @param {import('playwright-core').Page} page
 * @returns {string}
 */
function gameIdOf(page) {
  return new URL(page.url()).pathname.split('/')[2];
}

/**
 * Creates a game from the home page and waits on its challenge page.
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('./support/friend_game.js').GameChoices} choices
 * @param {(page: import('playwright-core').Page) => void} [onPage]  sees the page first
 * @param {string} [lang]  the language the page speaks
 */
async function createOnHomePage(context, choices, onPage = () => {}, lang = 'en') {
  const page = await context.newPage();
  onPage(page);
  await page.goto(running.server.base);
  await chooseOnHomePage(page, choices);
  await page.getByRole('button', { name: DICTIONARIES[lang]['home.play-friend'] }).click();
  await page.waitForURL(/\/g\/[\w-]{12}$/);
  const invite = await sharedLink(page, '#invite-link');
  return { page, invite, id: gameIdOf(page) };
}

test('the creator opening their own invite sees the challenge page, never the other seat', async () => {
  const context = await running.browser.newContext();
  const { page: creator, invite, id } = await createOnHomePage(context, { game: 'renju', opening: 'free' });
  // A second tab of the same browser opens the invite: it is the creator's
  // challenge page again, and the other seat stays open for the friend.
  const second = await context.newPage();
  await second.goto(invite);
  await second.locator('#challenge h1', { hasText: 'Send this link to your friend' }).waitFor();
  assert.equal(await second.locator('#join').isVisible(), false);
  assert.equal(await sharedLink(second, '#invite-link'), invite);
  assert.equal(new URL(second.url()).search, '', 'the invite left the address bar');
  assert.equal((await apiState(id)).seats.second, 'open');

  const friend = await (await running.browser.newContext()).newPage();
  await joinThroughInvite(friend, invite);
  // Both of the creator's tabs turn into the game by themselves.
  for (const page of [creator, second]) {
    await page.locator('#role', { hasText: 'You play Black.' }).waitFor();
    await page.locator('#notice', { hasText: 'Your friend joined: the game is on.' }).waitFor();
  }
  await friend.locator('#role', { hasText: 'You play White.' }).waitFor();
  await place(creator, 'h8', [creator, second, friend]);
  await context.close();
  await friend.context().close();
});

test('the challenge page says what was created, survives a reload and cancels the game', async () => {
  const context = await running.browser.newContext();
  const { page: creator, invite, id } = await createOnHomePage(context, {
    game: 'renju',
    opening: 'rif',
    time: '10+5',
  });
  const facts = await creator.locator('#challenge-summary').innerText();
  for (const fact of ['Renju', 'RIF', '15 × 15', '10 min + 5 s', 'A forbidden move loses', 'decided by the swap in the opening']) {
    assert.ok(facts.includes(fact), `${fact} in ${facts}`);
  }
  const watch = await sharedLink(creator, '#watch-input');
  assert.equal(watch, `${running.server.base}/g/${id}`);
  await creator.locator('#invite-qr').evaluate((image) => /** @type {HTMLImageElement} */ (image).decode());
  assert.ok(await creator.locator('#invite-qr').evaluate((image) => /** @type {HTMLImageElement} */ (image).naturalWidth > 0));
  await creator.screenshot({ path: `${SCREENSHOTS}challenge.png` });

  // A reload (or a phone that dropped the page) keeps all of it.
  await creator.reload();
  assert.equal(await sharedLink(creator, '#invite-link'), invite);
  await creator.locator('#waiting', { hasText: 'Waiting for your friend to join' }).waitFor();

  // Cancel aborts the game and goes home; the invite then says so.
  creator.once('dialog', (dialog) => dialog.accept());
  await creator.getByRole('button', { name: 'Cancel the game' }).click();
  await creator.waitForURL(`${running.server.base}/`);
  assert.equal((await apiState(id)).result.reason, 'aborted');
  const late = await (await running.browser.newContext()).newPage();
  await late.goto(invite);
  await late.locator('#notice', { hasText: 'This game was cancelled before it began.' }).waitFor();
  assert.equal(await late.locator('#join').isVisible(), false);
  await context.close();
  await late.context().close();
});

test('an invite shows what it invites to and takes the seat only on Join', async () => {
  const context = await running.browser.newContext();
  const { invite, id } = await createOnHomePage(context, { game: 'freestyle', opening: 'free', seat: 'first' });
  const friendContext = await running.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const friend = await friendContext.newPage();
  await friend.goto(invite);
  await friend.getByRole('button', { name: 'Join the game' }).waitFor();
  const facts = await friend.locator('#join-summary').innerText();
  assert.match(facts, /Gomoku \(freestyle\)/);
  assert.match(facts, /You will play\s+White/);
  // Opening the link took nothing, also after a reload.
  assert.equal((await apiState(id)).seats.second, 'open');
  assert.equal(new URL(friend.url()).search, '');
  await friend.screenshot({ path: `${SCREENSHOTS}join-phone.png` });
  await friend.reload();
  await friend.getByRole('button', { name: 'Join the game' }).click();
  await friend.locator('#role', { hasText: 'You play White.' }).waitFor();
  assert.equal((await apiState(id)).seats.second, 'taken');

  // Whoever opens the used invite watches, told so in one sentence that fits.
  const late = await (await running.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await late.goto(invite);
  const notice = late.locator('#notice', { hasText: 'This invitation has already been used: you are watching the game.' });
  await notice.waitFor();
  assert.ok(await notice.evaluate((element) => element.scrollWidth <= element.clientWidth));
  await late.locator('#role', { hasText: 'You are watching this game.' }).waitFor();
  await context.close();
  await friendContext.close();
  await late.context().close();
});

test('a spectator before the friend joins reads that the game waits for its second player', async () => {
  const context = await running.browser.newContext();
  const { page: creator, invite } = await createOnHomePage(context, { game: 'renju', opening: 'free' });
  const watcher = await (await running.browser.newContext()).newPage();
  await watcher.goto(await sharedLink(creator, '#watch-input'));
  await watcher.locator('#notice', { hasText: 'Waiting for the other player to join.' }).waitFor();
  const friend = await (await running.browser.newContext()).newPage();
  await joinThroughInvite(friend, invite);
  await watcher.locator('#notice').waitFor({ state: 'hidden' });
  await context.close();
  await watcher.context().close();
  await friend.context().close();
});

test('the seat token leaves the address bar, and the private link moves the seat', async () => {
  const created = await computerGame();
  const phone = await (await running.browser.newContext()).newPage();
  await phone.goto(created.play);
  await phone.locator('#role', { hasText: 'You play Black.' }).waitFor();
  // Copying the address bar gives a spectator link, never the seat.
  assert.equal(phone.url(), `${running.server.base}/g/${created.id}`);
  // "Continue on another device": the private link with a copy button and a QR code.
  await phone.getByRole('button', { name: 'Continue on another device' }).click();
  const privateLink = await phone.locator('#private-link').inputValue();
  assert.equal(privateLink, created.play);
  await phone.getByRole('button', { name: /^Copy – Your private link/ }).waitFor();
  const qr = phone.locator('#private-qr');
  await qr.evaluate((image) => /** @type {HTMLImageElement} */ (image).decode());
  assert.ok(await qr.evaluate((image) => /** @type {HTMLImageElement} */ (image).naturalWidth > 0));
  const laptop = await (await running.browser.newContext()).newPage();
  await laptop.goto(privateLink);
  await laptop.locator('#role', { hasText: 'You play Black.' }).waitFor();
  assert.equal(laptop.url(), `${running.server.base}/g/${created.id}`);
  await place(laptop, 'h8', [laptop, phone]);
  await phone.context().close();
  await laptop.context().close();
});

test('a refused action is explained in Russian on the game page', async () => {
  const created = await computerGame();
  const page = await (await running.browser.newContext({ locale: 'ru-RU' })).newPage();
  await page.goto(created.play);
  await page.locator('#role', { hasText: DICTIONARIES.ru['game.you-play.black'] }).waitFor();
  await place(page, 'h8', [page]);
  await page.locator('.stone.white').waitFor();
  // h8 is taken: typed again, the server refuses it, in Russian.
  await page.getByLabel(DICTIONARIES.ru['game.type-point']).fill('h8');
  await page.keyboard.press('Enter');
  await page.locator('#error', { hasText: DICTIONARIES.ru['error.occupied'] }).waitFor();
  assert.doesNotMatch(await page.locator('#error').innerText(), /occupied|already/);
  await page.context().close();
});

test('no game page logs a console error, in any language', async () => {
  for (const lang of ['en', 'cs', 'et', 'ru']) {
    /** @type {string[]} */
    const errors = [];
    const watch = (/** @type {import('playwright-core').Page} */ page) => {
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${lang} ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`${lang} ${page.url()}: ${error}`));
    };
    const context = await running.browser.newContext({ locale: lang });
    const { page: creator, invite } = await createOnHomePage(
      context,
      { game: 'renju', opening: 'yamaguchi' },
      watch,
      lang,
    );
    const friendContext = await running.browser.newContext({ locale: lang });
    const friend = await friendContext.newPage();
    watch(friend);
    await friend.goto(invite);
    await friend.locator('#join-button').click();
    await friend.locator('#game').waitFor();
    await creator.locator('#game').waitFor();
    const spectatorContext = await running.browser.newContext({ locale: lang });
    const spectator = await spectatorContext.newPage();
    watch(spectator);
    await spectator.goto(invite.replace(/\?.*$/, ''));
    await spectator.locator('#game').waitFor();
    await place(creator, 'h8', [creator, friend, spectator]);
    await spectatorContext.close();
    assert.equal(await friend.locator('html').getAttribute('lang'), lang);
    assert.deepEqual(errors, []);
    await context.close();
    await friendContext.close();
  }
});
