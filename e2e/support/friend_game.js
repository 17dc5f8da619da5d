// Starting a game the way people do: the creator on the home page, the friend
// through the invite link, each in a browser context of their own.

import assert from 'node:assert/strict';

/**
 * Creates a game on the home page in a new context, opens the invite link in
 * another, and waits until the creator is on the game page.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base  the server's address
 * @param {{game: string, opening: string, time?: string, screenshot?: string}} settings
 */
export async function startFriendGame(browser, base, settings) {
  const creator = await (await browser.newContext()).newPage();
  await creator.goto(base);
  await creator.selectOption('#game', settings.game);
  await creator.selectOption('#opening', settings.opening);
  await creator.selectOption('#time', settings.time ?? 'none');
  await creator.getByRole('button', { name: 'Play with a friend' }).click();
  const invite = creator.locator('#invite-link');
  await invite.waitFor();
  const inviteLink = await invite.inputValue();
  const watchLink = await creator.locator('#watch-link').getAttribute('href');
  assert.match(inviteLink, /\/g\/[\w-]{12}\?invite=/);
  assert.ok(watchLink);
  if (settings.screenshot) await creator.screenshot({ path: settings.screenshot });

  const friend = await (await browser.newContext()).newPage();
  await friend.goto(inviteLink);
  await friend.waitForURL(/#token=/);
  await creator.waitForURL(/\/g\/[\w-]{12}#token=/);
  await creator.locator('#instruction', { hasText: 'Your turn' }).waitFor();
  return { creator, friend, watchLink };
}

/**
 * Clicks `point` on `page` and waits until every page of `pages` shows a
 * stone there.
 * @param {import('playwright-core').Page} page
 * @param {string} point
 * @param {import('playwright-core').Page[]} pages
 */
export async function place(page, point, pages) {
  await page.locator(`[data-point="${point}"]`).click();
  for (const each of pages) {
    await each.locator(`[data-point="${point}"] .stone`).waitFor();
  }
}
