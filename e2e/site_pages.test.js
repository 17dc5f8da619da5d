// The pages around the game in real Chromium: the 404 page in each language
// (its sentence, and a home link that works), the diagrams of the renju and
// RIF rules pages on a desktop and a 390 px phone, the dark theme, the web app
// manifest and the favicon, and not one console error on any rules page or
// 404 page in any language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchPersistentChromium } from './support/browser.js';
import { SCREENSHOTS, useServerAndBrowser } from './support/harness.js';

const running = useServerAndBrowser();

const LANGUAGES = ['en', 'cs', 'et', 'ru'];
const RULES_PAGES = [
  'renju', 'freestyle', 'standard', 'caro', 'pente',
  'renju-rif', 'renju-yamaguchi', 'renju-taraguchi10', 'renju-soosorv8',
  'gomoku-pro', 'gomoku-long-pro', 'gomoku-swap1', 'gomoku-swap2',
  'caro-swap2', 'pente-tournament', 'pente-swap2',
];
const PHONE = { width: 390, height: 844 };

/**
 * A new page whose console errors and uncaught exceptions are collected.
 * Chromium reports the status of a document that answers 404 as a console
 * error ("Failed to load resource"); for a 404 page that status is the point,
 * so that one message, about the document itself, is not counted. Any other
 * resource that fails (a style sheet, an icon) still is.
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
async function watchedPage(options = {}) {
  const context = await running.browser.newContext(options);
  const page = await context.newPage();
  /** @type {string[]} */
  const errors = [];
  /** @type {Set<string>} the documents that answered 404 on purpose */
  const notFoundDocuments = new Set();
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.status() === 404) {
      notFoundDocuments.add(response.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const documentStatus =
      notFoundDocuments.has(message.location().url) && message.text().startsWith('Failed to load resource');
    if (!documentStatus) errors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, errors };
}

/**
 * Whether the page is wider than its window (something overflows sideways).
 * @param {import('playwright-core').Page} page
 */
function overflowsSideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('the 404 page speaks each language and leads home', async () => {
  /** @type {Set<string>} */
  const sentences = new Set();
  for (const language of LANGUAGES) {
    const { context, page, errors } = await watchedPage({ locale: language });
    for (const path of ['/no/such/page', '/g/Zk3xw2KqP0aB', '/g/bad', '/rules/chess']) {
      const response = await page.goto(`${running.server.base}${path}`);
      assert.equal(response?.status(), 404, path);
      assert.equal(await page.locator('html').getAttribute('lang'), language, path);
      const sentence = (await page.locator('.not-found-sentence').innerText()).trim();
      assert.ok(sentence.length > 20 && sentence.endsWith('.'), `${path}: ${sentence}`);
      sentences.add(sentence);
      assert.ok(await page.locator('h1').isVisible());
      if (language === 'en' && path === '/g/Zk3xw2KqP0aB') {
        await page.screenshot({ path: `${SCREENSHOTS}not-found.png` });
      }
    }
    await page.setViewportSize(PHONE);
    await page.goto(`${running.server.base}/g/Zk3xw2KqP0aB`);
    assert.equal(await overflowsSideways(page), false, `${language}: the phone layout overflows`);
    if (language === 'ru') await page.screenshot({ path: `${SCREENSHOTS}not-found-phone-ru.png` });
    await page.click('a.home-link');
    await page.waitForURL(`${running.server.base}/`);
    await page.locator('#new-game').waitFor();
    assert.deepEqual(errors, [], `${language}: console errors`);
    await context.close();
  }
  assert.equal(sentences.size, 3 * LANGUAGES.length, 'one sentence per kind of link and language');
});

test('the renju page draws the forbidden-move examples on a desktop and a phone', async () => {
  const { context, page, errors } = await watchedPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${running.server.base}/rules/renju?lang=en`);
  const figures = page.locator('figure.diagram');
  assert.equal(await figures.count(), 6);
  for (let i = 0; i < 6; i++) {
    const figure = figures.nth(i);
    const box = await figure.locator('svg.board-diagram').boundingBox();
    assert.ok(box && box.width >= 180 && box.height >= 180, `diagram ${i} is too small: ${JSON.stringify(box)}`);
    assert.ok((await figure.locator('figcaption .verdict').innerText()).length > 0);
    assert.ok(await figure.locator('svg').getAttribute('aria-label'));
  }
  assert.equal(await page.locator('.diagram-cross:not(.small)').count(), 4, 'four forbidden points');
  assert.equal(await page.locator('.diagram-ring.allowed').count(), 1);
  assert.equal(await page.locator('.diagram-ring.five').count(), 1);
  await page.locator('#forbidden-moves').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}rules-renju-diagrams.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await page.reload();
  assert.equal(await overflowsSideways(page), false, 'the phone layout overflows');
  const first = await figures.nth(0).boundingBox();
  assert.ok(first && first.width > 300, 'one diagram fills a phone row');
  await page.locator('#forbidden-moves').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}rules-renju-phone.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the RIF page shows the 26 openings in a grid that wraps', async () => {
  const { context, page, errors } = await watchedPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${running.server.base}/rules/renju-rif?lang=en`);
  const openings = page.locator('figure.diagram.opening');
  assert.equal(await openings.count(), 26);
  assert.match(await page.locator('#opening-1D figcaption').innerText(), /1D\s+Kansei/);
  assert.match(await page.locator('#opening-13I figcaption').innerText(), /13I\s+Suisei/);
  await page.locator('#openings').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}rules-rif-openings.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await page.reload();
  assert.equal(await overflowsSideways(page), false, 'the phone layout overflows');
  const tops = await openings.evaluateAll((figures) =>
    figures.slice(0, 4).map((figure) => Math.round(figure.getBoundingClientRect().top)),
  );
  assert.equal(tops[0], tops[2], 'three openings to a row on a phone');
  assert.ok(tops[3] > tops[0], 'the grid wraps');
  await page.locator('#openings').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}rules-rif-phone.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the diagrams follow the dark theme', async () => {
  const { context, page, errors } = await watchedPage({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
  await page.goto(`${running.server.base}/rules/renju?lang=cs`);
  const wood = () => page.locator('.diagram-wood').first().evaluate((rect) => getComputedStyle(rect).fill);
  const dark = await wood();
  await page.locator('#forbidden-moves').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}rules-renju-dark.png`, fullPage: true });
  await page.goto(`${running.server.base}/nothing?lang=et`);
  await page.screenshot({ path: `${SCREENSHOTS}not-found-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${running.server.base}/rules/renju?lang=cs`);
  assert.notEqual(await wood(), dark, 'the board colour follows the theme');
  await page.goto(`${running.server.base}/rules?lang=ru`);
  await page.screenshot({ path: `${SCREENSHOTS}rules-index.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the manifest and the favicon load, and Chromium finds the site installable', async () => {
  // Chromium never offers to install from an incognito profile, which every
  // new context is: this test uses a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'narabe-profile-'));
  const context = await launchPersistentChromium(profile);
  const page = context.pages()[0] ?? (await context.newPage());
  /** @type {string[]} */
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${running.server.base}/`);
  const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
  assert.equal(manifestHref, '/manifest.webmanifest');
  const loaded = await page.evaluate(async () => {
    const manifest = await (await fetch('/manifest.webmanifest')).json();
    /** @param {string} src */
    const size = async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    };
    const icons = [];
    for (const icon of manifest.icons) icons.push({ sizes: icon.sizes, drawn: await size(icon.src) });
    const favicon = /** @type {HTMLLinkElement} */ (document.querySelector('link[rel=icon][type="image/svg+xml"]'));
    return { name: manifest.name, icons, favicon: await size(favicon.href), ico: await size('/favicon.ico') };
  });
  assert.equal(loaded.name, 'narabe');
  for (const icon of loaded.icons) {
    if (icon.sizes !== 'any') assert.equal(icon.drawn, icon.sizes);
  }
  assert.notEqual(loaded.favicon, '0x0');
  assert.notEqual(loaded.ico, '0x0');

  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, [], 'the manifest parses without errors');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], 'Chromium finds the site installable');
  assert.deepEqual(errors, []);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('no rules page and no 404 page logs a console error, in any language', async () => {
  const { context, page, errors } = await watchedPage();
  for (const language of LANGUAGES) {
    const paths = ['/rules', ...RULES_PAGES.map((name) => `/rules/${name}`), '/nothing', '/rules/nothing'];
    for (const path of paths) {
      const response = await page.goto(`${running.server.base}${path}?lang=${language}`);
      assert.ok(response, path);
      assert.equal(response.status(), path.endsWith('nothing') ? 404 : 200, path);
      assert.equal(await overflowsSideways(page), false, `${path} in ${language} overflows`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});
