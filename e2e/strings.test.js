// Every dictionary has the keys of English, each sentence the same
// {placeholders}, every plural key the plural forms its language needs; the
// plural forms and the error sentences read right (no browser needed: the
// dictionaries are plain modules).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  DICTIONARIES,
  en,
  isPluralKey,
  pluralCategories,
  setLanguage,
  translate,
} from '../web/assets/js/strings.js';
import { errorText } from '../web/assets/js/error_messages.js';

/** @param {string} text */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The plural keys of English: `analysis.win-in` for `analysis.win-in.one` and `.other`. */
const pluralKeys = [
  ...new Set(
    Object.keys(en)
      .map((key) => key.replace(/\.(zero|one|two|few|many|other)$/, ''))
      .filter(isPluralKey),
  ),
];

/** The keys of English that are not plural forms. */
const plainKeys = Object.keys(en).filter((key) => !pluralKeys.some((base) => key.startsWith(`${base}.`)));

test('the plural keys are found', () => {
  for (const key of ['analysis.win-in', 'presence.spectators', 'time.days']) {
    assert.ok(pluralKeys.includes(key), key);
  }
  // A key that merely has a dot before a word is no plural form.
  assert.ok(plainKeys.includes('record.pass'));
});

test('every dictionary has the keys and placeholders of English', () => {
  assert.deepEqual(Object.keys(DICTIONARIES).sort(), ['cs', 'en', 'et', 'ru']);
  for (const [lang, dictionary] of Object.entries(DICTIONARIES)) {
    const categories = pluralCategories(lang);
    const expected = [
      ...plainKeys,
      ...pluralKeys.flatMap((base) => categories.map((category) => `${base}.${category}`)),
    ].sort();
    assert.deepEqual(Object.keys(dictionary).sort(), expected, lang);
    for (const key of plainKeys) {
      assert.deepEqual(placeholders(dictionary[key]), placeholders(en[key]), `${lang} ${key}`);
      assert.ok(dictionary[key].trim().length > 0, `${lang} ${key} is empty`);
    }
    for (const base of pluralKeys) {
      for (const category of categories) {
        const key = `${base}.${category}`;
        assert.deepEqual(placeholders(dictionary[key]), placeholders(en[`${base}.other`]), `${lang} ${key}`);
        assert.ok(dictionary[key].trim().length > 0, `${lang} ${key} is empty`);
      }
    }
  }
});

test('each language has the plural categories of CLDR', () => {
  assert.deepEqual(pluralCategories('en').sort(), ['one', 'other']);
  assert.deepEqual(pluralCategories('et').sort(), ['one', 'other']);
  assert.deepEqual(pluralCategories('ru').sort(), ['few', 'many', 'one', 'other']);
  assert.deepEqual(pluralCategories('cs').sort(), ['few', 'many', 'one', 'other']);
});

test('counted sentences take the plural form of their number', () => {
  /** @param {string} lang @param {number} n */
  const winIn = (lang, n) => translate(lang, 'analysis.win-in', { n });
  assert.equal(winIn('en', 1), 'wins in 1 move');
  assert.equal(winIn('en', 2), 'wins in 2 moves');
  assert.equal(winIn('ru', 1), 'выигрыш за 1 ход');
  assert.equal(winIn('ru', 2), 'выигрыш за 2 хода');
  assert.equal(winIn('ru', 5), 'выигрыш за 5 ходов');
  assert.equal(winIn('ru', 11), 'выигрыш за 11 ходов');
  assert.equal(winIn('ru', 21), 'выигрыш за 21 ход');
  assert.equal(winIn('ru', 24), 'выигрыш за 24 хода');
  assert.equal(winIn('cs', 1), 'vyhrává za 1 tah');
  assert.equal(winIn('cs', 2), 'vyhrává za 2 tahy');
  assert.equal(winIn('cs', 5), 'vyhrává za 5 tahů');
  assert.equal(winIn('et', 1), 'võidab 1 käiguga');
  assert.equal(translate('ru', 'analysis.loss-in', { n: 3 }), 'проигрыш за 3 хода');

  assert.equal(translate('en', 'presence.spectators', { n: 1 }), '1 spectator');
  assert.equal(translate('en', 'presence.spectators', { n: 0 }), '0 spectators');
  assert.equal(translate('ru', 'presence.spectators', { n: 3 }), '3 зрителя');
  assert.equal(translate('ru', 'presence.spectators', { n: 0 }), '0 зрителей');
  assert.equal(translate('cs', 'presence.spectators', { n: 4 }), '4 diváci');
  assert.equal(translate('et', 'presence.spectators', { n: 2 }), '2 pealtvaatajat');

  assert.equal(translate('cs', 'time.days', { n: 2 }), '2 dny na tah');
  assert.equal(translate('cs', 'time.days', { n: 5 }), '5 dní na tah');
  assert.equal(translate('ru', 'time.days', { n: 1 }), '1 день на ход');
  assert.equal(translate('ru', 'time.days', { n: 7 }), '7 дней на ход');
  assert.equal(translate('en', 'time.days', { n: 3 }), '3 days per move');
  assert.equal(translate('et', 'time.days', { n: 1 }), '1 päev käigu kohta');
  // The count can be named when several numbers are passed.
  assert.equal(translate('cs', 'time.days', { n: 7, days: 3 }, 'days'), '7 dny na tah');
  // Without a number the `other` form is taken; a plain key ignores numbers.
  assert.equal(translate('en', 'analysis.win-in', {}), 'wins in {n} moves');
  assert.equal(translate('en', 'player.level', { level: 1 }), 'level 1');
});

test('colour sentences read right in Russian', () => {
  assert.equal(
    translate('ru', 'instruction.black', { what: translate('ru', 'what.swap-or-keep') }),
    'Ходят чёрные: поменяться цветом или остаться при своём.',
  );
  assert.equal(
    translate('ru', 'instruction.white', { what: translate('ru', 'what.place.white', { n: 4 }) }),
    'Ходят белые: сделать 4-й ход (белая шашка).',
  );
  assert.equal(translate('ru', 'record.swap-opponent.black'), 'Белые поменялись: теперь вы играете чёрными.');
  assert.equal(translate('ru', 'button.swap-to.white'), 'Поменяться: играть белыми');
  assert.equal(translate('ru', 'game.you-play.black'), 'Вы играете чёрными.');
  assert.equal(translate('ru', 'analysis.best.white', { move: 'h8', score: 'оценка 3' }), 'Лучший ход белых: h8 (оценка 3)');
});

test('error codes get the sentence of the reader, the server message otherwise', () => {
  setLanguage('en');
  assert.equal(errorText('occupied', 'j9 is occupied'), 'That point is already taken: choose an empty one.');
  assert.equal(errorText('no-such-code', 'the server says so'), 'the server says so');
  assert.equal(
    errorText('rate-limited', 'too many requests from your address: try again in 3 s'),
    'Too many requests from your address: slow down and try again in 3 seconds.',
  );
  assert.equal(errorText('rate-limited', 'slow down'), en['error.rate-limited']);
  assert.equal(
    errorText('opponent-not-gone', 'your opponent is not gone long enough to claim (possible in 12001 ms)'),
    'Your opponent has not been gone long enough: you can claim in 13 seconds.',
  );
  // A present opponent: the server sends the largest number it has.
  assert.equal(
    errorText('opponent-not-gone', 'your opponent is not gone long enough to claim (possible in 18446744073709551615 ms)'),
    en['error.opponent-not-gone'],
  );
  assert.equal(errorText('count-out-of-range', '12 is out of range: declare 1 to 10'), 'Declare a number from 1 to 10.');

  setLanguage('ru');
  try {
    assert.equal(errorText('occupied', 'j9 is occupied'), 'Этот пункт уже занят: выберите свободный.');
    assert.equal(
      errorText('rate-limited', 'too many requests from your address: try again in 5 s'),
      'Слишком много запросов с вашего адреса: не спешите и попробуйте снова через 5 секунд.',
    );
    assert.equal(
      errorText('opponent-not-gone', 'your opponent is not gone long enough to claim (possible in 2000 ms)'),
      'Соперник отсутствует ещё недостаточно долго: объявить победу или ничью можно через 2 секунды.',
    );
    setLanguage('cs');
    assert.equal(errorText('not-your-turn', 'not your turn'), 'Nejste na tahu: počkejte na tah soupeře.');
  } finally {
    setLanguage('en');
  }
});
