// Starting a game the way people do: the creator on the home page, the friend
// through the invite link, each in a browser context of their own.

import assert from 'node:assert/strict';

/**
 * The home page's choices for a new game; options left out keep the page's
 * defaults.
 * @typedef {object} GameChoices
 * @property {string} game
 * @property {string} opening
 * @property {string} [time]
 * @property {string} [size]
 * @property {'loses' | 'refused'} [foul]
 * @property {boolean} [hints]
 * @property {boolean} [takebacks]
 * @property {'first' | 'second' | 'random'} [seat]
 * @property {string} [screenshot]  where to save the share screen
 * @property {import('playwright-core').BrowserContextOptions} [friendContext]
 */

/**
 * Fills the home page's form with `settings` (without submitting it).
 * @param {import('playwright-core').Page} page
 * @param {GameChoices} settings
 */
export async function chooseOnHomePage(page, settings) {
  await page.selectOption('#game', settings.game);
  await page.selectOption('#opening', settings.opening);
  await page.selectOption('#time', settings.time ?? 'none');
  if (settings.size) await page.selectOption('#size', settings.size);
  if (settings.foul) await page.selectOption('#foul', settings.foul);
  if (settings.hints !== undefined) await page.setChecked('#hints', settings.hints);
  if (settings.takebacks !== undefined) await page.setChecked('#takebacks', settings.takebacks);
  if (settings.seat) await page.selectOption('#seat', settings.seat);
}

/**
 * The link in the challenge page's field `selector` (`#invite-link`), once
 * the page has filled it (the creator's page fetches it after loading).
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @returns {Promise<string>}
 */
export async function sharedLink(page, selector) {
  await page.waitForFunction(
    (field) => /** @type {HTMLInputElement | null} */ (document.querySelector(field))?.value,
    selector,
  );
  return page.locator(selector).inputValue();
}

/**
 * Opens an invite link and takes the seat with the invitation's Join button.
 * @param {import('playwright-core').Page} page
 * @param {string} inviteLink
 */
export async function joinThroughInvite(page, inviteLink) {
  await page.goto(inviteLink);
  await page.getByRole('button', { name: 'Join the game' }).click();
  await page.locator('#role', { hasText: 'You play' }).waitFor();
}

/**
 * Creates a game on the home page in a new context, waits on its challenge
 * page for the invite link, joins through it in another context, and waits
 * until the creator's page has turned into the game by itself.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base  the server's address
 * @param {GameChoices} settings
 */
export async function startFriendGame(browser, base, settings) {
  const creator = await (await browser.newContext()).newPage();
  await creator.goto(base);
  await chooseOnHomePage(creator, settings);
  await creator.getByRole('button', { name: 'Play with a friend' }).click();
  await creator.waitForURL(/\/g\/[\w-]{12}$/);
  const inviteLink = await sharedLink(creator, '#invite-link');
  const watchLink = await sharedLink(creator, '#watch-input');
  assert.match(inviteLink, /\/g\/[\w-]{12}\?invite=/);
  assert.match(watchLink, /\/g\/[\w-]{12}$/);
  if (settings.screenshot) {
    await creator.locator('#invite-qr').evaluate(
      (image) => /** @type {HTMLImageElement} */ (image).decode(),
    );
    await creator.screenshot({ path: settings.screenshot });
  }

  const friend = await (await browser.newContext(settings.friendContext)).newPage();
  await joinThroughInvite(friend, inviteLink);
  await creator.locator('#role', { hasText: 'You play' }).waitFor();
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

/**
 * Presses Tab until the focused element matches `selector` (at most
 * `limit` times): proves the element is reachable by keyboard.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {number} [limit]
 */
export async function tabTo(page, selector, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const there = await page.evaluate(
      (wanted) => document.activeElement?.matches(wanted) ?? false,
      selector,
    );
    if (there) return;
  }
  throw new Error(`${selector} not reached by Tab`);
}

/**
 * The visible controls of `page` (buttons, inputs, selects, board points)
 * that have no accessible name: a label, an aria-label or their own text.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export function unlabelledControls(page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll('button, input, select, [role=button]')];
    return controls
      .filter((control) => {
        const element = /** @type {HTMLElement} */ (control);
        if (element.closest('[hidden]') || element.getClientRects().length === 0) return false;
        const labels = /** @type {HTMLInputElement} */ (element).labels;
        const named =
          (labels && labels.length > 0) ||
          element.getAttribute('aria-label') ||
          (element.tagName === 'BUTTON' && element.textContent?.trim());
        return !named;
      })
      .map((control) => control.outerHTML.slice(0, 80));
  });
}
