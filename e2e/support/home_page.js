// The home page as the tests drive it: its options dialog, the game a click
// created, that game's state through the API, and the page's console errors.

import assert from 'node:assert/strict';

/** The viewports the first screen is checked at. */
export const DESKTOP = { viewport: { width: 1366, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The languages of the interface, with a browser locale each. */
export const LOCALES = { en: 'en-GB', cs: 'cs-CZ', et: 'et-EE', ru: 'ru-RU' };

/**
 * The text of `locator` with its no-break spaces (the summary's separators)
 * read as plain spaces.
 * @param {import('playwright-core').Locator} locator
 * @returns {Promise<string>}
 */
export async function textOf(locator) {
  return ((await locator.textContent()) ?? '').replaceAll('\u00a0', ' ');
}

/**
 * Opens the options dialog with "Change".
 * @param {import('playwright-core').Page} page
 */
export async function openOptions(page) {
  await page.locator('#change-options').click();
  await page.locator('#options[open]').waitFor();
}

/**
 * Closes the options dialog with "Done".
 * @param {import('playwright-core').Page} page
 */
export async function closeOptions(page) {
  await page.locator('#options-done').click();
  await page.waitForFunction(() => !document.querySelector('#options[open]'));
}

/**
 * The id of the game a click on a play button created: the page goes to
 * `/g/{id}`.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string>}
 */
export async function createdGameId(page) {
  await page.waitForURL(/\/g\/[\w-]{12}/);
  const found = /\/g\/([\w-]{12})/.exec(page.url());
  assert.ok(found, page.url());
  return found[1];
}

/**
 * The token this browser remembers for game `id` (seat_token.js).
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @returns {Promise<string | null>}
 */
export function rememberedToken(page, id) {
  return page.evaluate((game) => localStorage.getItem(`narabe.token.${game}`), id);
}

/**
 * `GET /api/games/{id}`, as the seat of `token` (or a spectator) sees it.
 * @param {string} base
 * @param {string} id
 * @param {string | null} [token]
 * @returns {Promise<any>}
 */
export async function gameState(base, id, token = null) {
  const response = await fetch(`${base}/api/games/${id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  assert.equal(response.status, 200, `GET /api/games/${id}`);
  return response.json();
}

/**
 * Sends `action` for the seat of `token` through the API.
 * @param {string} base
 * @param {string} id
 * @param {string} token
 * @param {string} action
 * @returns {Promise<any>}
 */
export async function act(base, id, token, action) {
  const response = await fetch(`${base}/api/games/${id}/actions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action }),
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}

/**
 * Collects the page's console errors and uncaught exceptions from now on.
 * @param {import('playwright-core').Page} page
 * @returns {string[]}  filled as errors happen
 */
export function consoleErrors(page) {
  /** @type {string[]} */
  const errors = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Whether the element of `selector` lies wholly inside the viewport.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @returns {Promise<{inside: boolean, box: object}>}
 */
export async function insideViewport(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box && viewport, selector);
  const inside =
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height;
  return { inside, box };
}

/**
 * The visible elements under `root` whose text is wider than their box, or
 * that reach past the right edge of the viewport: a label that overflows.
 * @param {import('playwright-core').Page} page
 * @param {string} root
 * @returns {Promise<string[]>}
 */
export function overflowing(page, root) {
  return page.evaluate((selector) => {
    const found = [];
    const scope = document.querySelector(selector);
    if (!scope) return [`${selector} missing`];
    for (const node of scope.querySelectorAll('*')) {
      const element = /** @type {HTMLElement} */ (node);
      if (element.closest('svg, .visually-hidden') || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      const rect = element.getBoundingClientRect();
      const wider = element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'auto';
      if (wider || rect.right > document.documentElement.clientWidth + 0.5) {
        found.push(`${element.tagName.toLowerCase()}.${element.className} “${element.textContent?.trim().slice(0, 40)}”`);
      }
    }
    return found;
  }, root);
}
