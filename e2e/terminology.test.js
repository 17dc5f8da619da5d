// One term per thing in each language, the same in the interface and on
// the rules pages (web/rules/<lang>/*.md), as the rules pages and the seed
// texts of ../shared/seeds use them: Estonian "Rendžu" and "nupp", Russian
// "шашка", Czech "kámen" and "přesah"; and no internal seat names ("first
// player") in the sentences players read (no browser needed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DICTIONARIES } from '../web/assets/js/strings.js';

const rulesDir = new URL('../web/rules/', import.meta.url).pathname;

/**
 * Every text of a language: each dictionary sentence and each rules page,
 * with where it comes from.
 * @param {string} lang
 * @returns {[string, string][]}
 */
function textsOf(lang) {
  const sentences = Object.entries(DICTIONARIES[lang]).map(
    ([key, text]) => /** @type {[string, string]} */ ([`dictionary ${key}`, text]),
  );
  const pages = readdirSync(join(rulesDir, lang))
    .filter((name) => name.endsWith('.md'))
    .map((name) => /** @type {[string, string]} */ ([`rules/${lang}/${name}`, readFileSync(join(rulesDir, lang, name), 'utf8')]));
  return [...sentences, ...pages];
}

/**
 * Fails for every text of `lang` in which `pattern` finds a word, once the
 * allowed phrases (names, quotations) are taken out.
 * @param {string} lang
 * @param {RegExp} pattern  with the `g` flag
 * @param {string} why
 * @param {string[]} [allowed]
 */
function assertNever(lang, pattern, why, allowed = []) {
  const found = [];
  for (const [where, text] of textsOf(lang)) {
    // Link targets (`/rules/renju-rif#openings`) are addresses, not words.
    // Link targets (`/rules/renju-rif#openings`) and diagram names
    // (`{{diagram renju-overline}}`) are addresses, not words.
    let rest = text.replace(/\]\([^)]*\)/g, ']()').replace(/\{\{[^}]*\}\}/g, '');
    for (const phrase of allowed) rest = rest.split(phrase).join('');
    for (const match of rest.matchAll(pattern)) found.push(`${where}: “${match[0]}”`);
  }
  assert.deepEqual(found, [], `${lang}: ${why}`);
}

test('Estonian writes Rendžu and calls a stone nupp', () => {
  // The Japanese name quoted in the history, and the name of another game.
  const names = ['nimi renju', 'ninuki-renju'];
  assertNever('et', /(?<!\p{L})(renju|rendzu|rendsu)\p{L}*/giu, 'the game is Rendžu', names);
  assertNever('et', /(?<!\p{L})kivi\p{L}*/giu, 'a stone is a nupp, as on the rules pages');
  assertNever('et', /ülepik\p{L}*/giu, 'an overline is a pikk rida, as on the rules pages');
  assertNever('et', /topelt(kolm|neli)\p{L}*/giu, 'a double three or four is a 3x3 or 4x4 kahvel');
  assert.equal(DICTIONARIES.et['game.renju'], 'Rendžu');
});

test('Russian calls a stone шашка', () => {
  assertNever('ru', /фишк\p{L}*/giu, 'a stone is a шашка, never a фишка');
  assertNever('ru', /камн\p{L}*|камен\p{L}*/giu, 'a stone is a шашка, as on the rules pages and in the seed');
});

test('Czech calls a stone kámen and an overline přesah', () => {
  assertNever('cs', /žeton\p{L}*|kamín\p{L}*|figurk\p{L}*/giu, 'a stone is a kámen');
  assertNever('cs', /přetah\p{L}*/giu, 'an overline is a přesah, as on the rules pages');
});

test('no sentence names a seat where the colour or the opponent would do', () => {
  /** @type {Record<string, RegExp>} */
  const seatNames = {
    en: /\b(first|second) player\b/gi,
    cs: /(?<!\p{L})(první|prvního|prvnímu|prvním|druhý|druhého|druhému|druhým) hráč/giu,
    et: /(?<!\p{L})(esimene|teine|esimese|teise|esimesele|teisele|esimesel|teisel) mängija/giu,
    ru: /(?<!\p{L})(перв|втор)\p{L}* игрок/giu,
  };
  for (const [lang, pattern] of Object.entries(seatNames)) {
    const found = Object.entries(DICTIONARIES[lang])
      .filter(([, text]) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text))
      .map(([key]) => key);
    assert.deepEqual(found, [], `${lang} sentences that name a seat`);
  }
});
