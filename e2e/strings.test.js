// Every dictionary has exactly the keys of English, and each sentence the
// same {placeholders} (no browser needed: the dictionaries are plain modules).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { DICTIONARIES, en } from '../web/assets/js/strings.js';

/** @param {string} text */
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every dictionary has the keys and placeholders of English', () => {
  assert.deepEqual(Object.keys(DICTIONARIES).sort(), ['cs', 'en', 'et', 'ru']);
  for (const [lang, dictionary] of Object.entries(DICTIONARIES)) {
    assert.deepEqual(Object.keys(dictionary).sort(), Object.keys(en).sort(), lang);
    for (const [key, text] of Object.entries(en)) {
      assert.deepEqual(placeholders(dictionary[key]), placeholders(text), `${lang} ${key}`);
      assert.ok(dictionary[key].trim().length > 0, `${lang} ${key} is empty`);
    }
  }
});
