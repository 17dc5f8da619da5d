// The home page's rules link names an existing rules page for every game and
// opening rule it offers (no browser needed: the mapping is a plain module).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

import { OPENINGS, rulesPage } from '../web/assets/js/openings.js';

test('every game and opening rule links to a rules page', () => {
  for (const [game, openings] of Object.entries(OPENINGS)) {
    for (const opening of openings) {
      const page = rulesPage(game, opening);
      for (const lang of ['en', 'cs', 'et', 'ru']) {
        const file = new URL(`../web/rules/${lang}/${page}.md`, import.meta.url);
        assert.ok(existsSync(file), `${game}/${opening} -> ${page} (${lang})`);
      }
    }
  }
});
