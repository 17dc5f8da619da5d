/**
 * The home page (`/`): choose a game, its opening, board size, time control
 * and options and create it; the creator then waits on the game's own page
 * (`/g/{id}`), which shows the invite link. In organiser mode the creator
 * holds no seat and that page shows one invite link per seat.
 * @module home
 */

import { createGame } from './api.js';
import { formSettings } from './new_game_settings.js';
import {
  FOUL_POLICIES,
  OPENINGS,
  SEAT_CHOICES,
  SIZES,
  TIME_CONTROLS,
  rulesPage,
} from './openings.js';
import { describeError } from './error_messages.js';
import { rememberInvites, rememberToken } from './seat_token.js';
import { applyStrings, bindLanguageSelect, currentLanguage, t } from './strings.js';

/**
 * The element with `id`, which the page is known to have.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  return /** @type {T} */ (document.getElementById(id));
}

const form = /** @type {HTMLFormElement} */ (byId('new-game'));
const gameSelect = /** @type {HTMLSelectElement} */ (byId('game'));
const openingSelect = /** @type {HTMLSelectElement} */ (byId('opening'));
const sizeSelect = /** @type {HTMLSelectElement} */ (byId('size'));
const timeSelect = /** @type {HTMLSelectElement} */ (byId('time'));
const foulSelect = /** @type {HTMLSelectElement} */ (byId('foul'));
const seatSelect = /** @type {HTMLSelectElement} */ (byId('seat'));
const organiserBox = /** @type {HTMLInputElement} */ (byId('organiser'));
const rulesLink = /** @type {HTMLAnchorElement} */ (byId('rules-link'));
const gameRulesLink = /** @type {HTMLAnchorElement} */ (byId('game-rules-link'));
const errorLine = byId('error');

/**
 * Replaces the options of a select.
 * @param {HTMLSelectElement} select
 * @param {(string | number)[]} values
 * @param {string} prefix  the strings key prefix of each value's label
 */
function fillSelect(select, values, prefix) {
  select.replaceChildren(
    ...values.map((value) => {
      const option = document.createElement('option');
      option.value = String(value);
      option.textContent = t(`${prefix}.${value}`);
      return option;
    }),
  );
}

/**
 * Fills a select again (in the current language, or with other values),
 * keeping its choice when it is still offered.
 * @param {HTMLSelectElement} select
 * @param {(string | number)[]} values
 * @param {string} prefix
 */
function refillSelect(select, values, prefix) {
  const chosen = select.value;
  fillSelect(select, values, prefix);
  if (values.map(String).includes(chosen)) select.value = chosen;
}

/**
 * Shows what depends on the chosen game and opening: the one-line
 * explanations, the rules links, the board sizes, the renju options.
 */
function updateChoices() {
  const game = gameSelect.value;
  refillSelect(openingSelect, OPENINGS[game] ?? [], 'opening');
  refillSelect(sizeSelect, SIZES[game] ?? [15], 'size');
  // A size the game does not let one choose is no question.
  byId('size-row').hidden = (SIZES[game] ?? []).length < 2;
  byId('renju-options').hidden = game !== 'renju';
  byId('pente-options').hidden = game !== 'pente';
  byId('game-help').textContent = t(`help.game.${game}`);
  byId('opening-help').textContent = t(`help.opening.${openingSelect.value}`);
  byId('foul-help').textContent = t(`help.foul.${foulSelect.value}`);
  const lang = currentLanguage();
  gameRulesLink.href = `/rules/${game}?lang=${lang}`;
  rulesLink.href = `/rules/${rulesPage(game, openingSelect.value)}?lang=${lang}`;
  seatSelect.disabled = organiserBox.checked;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  errorLine.textContent = '';
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
  submit.disabled = true;
  try {
    const created = await createGame(formSettings({ organiser: true }));
    // The waiting happens on the game's own page, which survives a reload
    // and turns into the game when the friend joins.
    if (created.invites) {
      rememberInvites(created.id, created.invites);
    } else if (created.token) {
      rememberToken(created.id, created.token);
    } else {
      throw new Error('no seat');
    }
    location.assign(`/g/${encodeURIComponent(created.id)}`);
  } catch (error) {
    errorLine.textContent = describeError(error);
    submit.disabled = false;
  }
});

gameSelect.addEventListener('change', updateChoices);
openingSelect.addEventListener('change', updateChoices);
foulSelect.addEventListener('change', updateChoices);
organiserBox.addEventListener('change', updateChoices);

/** Fills the page's texts and choices (again, after a language switch). */
function render() {
  applyStrings();
  refillSelect(gameSelect, Object.keys(OPENINGS), 'game');
  refillSelect(timeSelect, TIME_CONTROLS, 'time');
  refillSelect(foulSelect, FOUL_POLICIES, 'foul-policy');
  refillSelect(seatSelect, SEAT_CHOICES, 'seat-choice');
  updateChoices();
}

/** Fills the page's texts and choices, and binds the language switcher. */
function init() {
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), render);
  render();
}

init();
