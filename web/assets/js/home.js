/**
 * The home page (`/`): the two main actions, "Play with a friend" and "Play
 * the computer", under a one-line summary of the game they create; the
 * options (game, opening rule, board, time control, renju's foul policy and
 * hints, Keryo-Pente, takebacks, seat, organiser mode, the computer's level)
 * open in a dialog behind "Change" and are remembered for the next visit.
 * A friend game's creator then waits on the game's own page (`/g/{id}`),
 * which shows the invite link; in organiser mode that page shows one invite
 * link per seat. Below: "Your games" (your_games.js).
 * @module home
 */

import { createGame } from './api.js';
import { DEFAULT_LEVEL, LEVELS, chosenLevel } from './computer_opponent.js';
import { byId } from './dom.js';
import {
  checkRadio,
  checkedValue,
  chip,
  chooseGame,
  customFields,
  mountGameSettings,
  refillSelect,
  renderGameSettings,
  replaceChips,
  savedGame,
  savedOpenings,
  summaryParts,
  updateGameSettings,
} from './game_settings_form.js';
import { loadChoices, saveChoices } from './home_choices.js';
import { creationError, formSettings } from './new_game_settings.js';
import { FOUL_POLICIES, SEAT_CHOICES, homeOpening, rulesPageOf, sizesOf } from './openings.js';
import { rememberInvites, rememberToken } from './seat_token.js';
import { applyStrings, bindLanguageSelect, currentLanguage, t } from './strings.js';
import { DEFAULT_TIME, SEPARATOR } from './time_choice.js';
import { renderYourGames, showYourGames } from './your_games.js';

// The game's fields, shared with the tournament form, go in first.
mountGameSettings({ rulesLinks: true, autofocus: true });

const form = /** @type {HTMLFormElement} */ (byId('new-game'));
const dialog = /** @type {HTMLDialogElement} */ (byId('options'));
const changeButton = /** @type {HTMLButtonElement} */ (byId('change-options'));
const gameSelect = /** @type {HTMLSelectElement} */ (byId('game'));
const openingSelect = /** @type {HTMLSelectElement} */ (byId('opening'));
const sizeSelect = /** @type {HTMLSelectElement} */ (byId('size'));
const foulSelect = /** @type {HTMLSelectElement} */ (byId('foul'));
const hintsBox = /** @type {HTMLInputElement} */ (byId('hints'));
const keryoBox = /** @type {HTMLInputElement} */ (byId('keryo'));
const takebacksBox = /** @type {HTMLInputElement} */ (byId('takebacks'));
const seatSelect = /** @type {HTMLSelectElement} */ (byId('seat'));
const organiserBox = /** @type {HTMLInputElement} */ (byId('organiser'));
const errorLine = byId('error');

/** The opening rule last chosen for each game (a game switch keeps them). */
let openingByGame = /** @type {Record<string, string>} */ ({});
/** The board size last chosen, for the games that offer it. */
let chosenSize = /** @type {number | null} */ (null);

/** Draws the computer's levels. */
function renderLevelChips() {
  const chips = LEVELS.map((level) => chip('computer-level', String(level), String(level)));
  replaceChips(byId('computer-levels'), 'computer-level', chips, String(DEFAULT_LEVEL));
}

/**
 * The one line that says what the two buttons create:
 * `Renju · Taraguchi-10 · 10+5 · who starts is random`.
 * @returns {string}
 */
function summary() {
  const game = gameSelect.value;
  const parts = summaryParts();
  if (game === 'renju') {
    if (foulSelect.value === 'refused') parts.push(t('home.summary-refused'));
    if (!hintsBox.checked) parts.push(t('summary.no-hints'));
  }
  if (game === 'pente' && keryoBox.checked) parts.push(t('home.summary-keryo'));
  if (takebacksBox.checked) parts.push(t('summary.takebacks'));
  parts.push(
    organiserBox.checked ? t('home.summary-organiser') : t(`home.seat-summary.${seatSelect.value}`),
  );
  return parts.join(SEPARATOR);
}

/**
 * Shows what depends on the choices: the one-line explanations, the rules
 * links, the board sizes, the renju and pente options, the custom time
 * fields, the summary lines and the computer's level under its button.
 */
function updateChoices() {
  const game = gameSelect.value;
  updateGameSettings(openingByGame[game] ?? homeOpening(game));
  const lang = currentLanguage();
  const opening = openingSelect.value;
  /** @type {HTMLAnchorElement} */ (byId('game-rules-link')).href = `/rules/${game}?lang=${lang}`;
  const openingLink = /** @type {HTMLAnchorElement} */ (byId('opening-rules-link'));
  openingLink.href = `/rules/${rulesPageOf(game, opening)}?lang=${lang}`;
  // A free opening has no page of its own: the game's link says it all.
  openingLink.hidden = opening === 'free';
  /** @type {HTMLAnchorElement} */ (byId('rules-link')).href =
    `/rules/${rulesPageOf(game, opening)}?lang=${lang}`;
  seatSelect.disabled = organiserBox.checked;
  const line = summary();
  byId('summary').textContent = line;
  byId('options-summary').textContent = line;
  byId('computer-note').textContent = t('home.computer-note', { level: chosenLevel() });
}

/** Remembers the choices for the next visit (organiser mode aside). */
function remember() {
  openingByGame[gameSelect.value] = openingSelect.value;
  saveChoices({
    game: gameSelect.value,
    openings: openingByGame,
    size: chosenSize ?? undefined,
    time: checkedValue('time'),
    custom: customFields(),
    foul: foulSelect.value,
    hints: hintsBox.checked,
    keryo: keryoBox.checked,
    takebacks: takebacksBox.checked,
    seat: seatSelect.value,
    level: chosenLevel(),
  });
}

/**
 * Sets the controls to the remembered choices, or the defaults of a first
 * visit: renju with Taraguchi-10, 10+5, a random first player, level 3.
 */
function restoreChoices() {
  const saved = loadChoices();
  openingByGame = savedOpenings(saved);
  const game = savedGame(saved);
  chooseGame(game, openingByGame[game]);
  chosenSize = typeof saved.size === 'number' ? saved.size : null;
  if (chosenSize !== null && sizesOf(game).includes(chosenSize)) sizeSelect.value = String(chosenSize);
  const custom = saved.custom;
  if (custom && typeof custom === 'object') {
    checkRadio('custom-kind', custom.kind === 'days' ? 'days' : 'clock');
    for (const name of /** @type {const} */ (['minutes', 'increment', 'days'])) {
      if (typeof custom[name] === 'string') {
        /** @type {HTMLInputElement} */ (byId(`custom-${name}`)).value = custom[name];
      }
    }
  }
  checkRadio('time', typeof saved.time === 'string' ? saved.time : DEFAULT_TIME);
  if (saved.foul && FOUL_POLICIES.includes(/** @type {import('./wire').FoulPolicy} */ (saved.foul))) foulSelect.value = saved.foul;
  if (typeof saved.hints === 'boolean') hintsBox.checked = saved.hints;
  if (typeof saved.keryo === 'boolean') keryoBox.checked = saved.keryo;
  if (typeof saved.takebacks === 'boolean') takebacksBox.checked = saved.takebacks;
  seatSelect.value = saved.seat && SEAT_CHOICES.includes(saved.seat) ? saved.seat : 'random';
  checkRadio('computer-level', String(saved.level ?? DEFAULT_LEVEL));
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
    errorLine.textContent = creationError(error);
    submit.disabled = false;
  }
});

changeButton.addEventListener('click', (event) => {
  errorLine.textContent = '';
  dialog.showModal();
  // By keyboard the game choice has the focus (autofocus), ready to change;
  // opened by a click or a tap the sheet itself takes it, so no focus ring
  // lights up under the pointer, and Tab goes on from the top.
  if (event.detail > 0) dialog.focus();
});
// Escape closes the dialog natively; every way out returns to "Change".
dialog.addEventListener('close', () => changeButton.focus());
// A click on the backdrop (outside the sheet) closes it too.
dialog.addEventListener('click', (event) => {
  if (event.target === dialog) dialog.close();
});
byId('options-close').addEventListener('click', () => dialog.close());
byId('options-done').addEventListener('click', () => dialog.close());

/** @param {Event} event */
function onChoice(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.id === 'language') return;
  const game = gameSelect.value;
  if (target.id === 'game') {
    // Each game comes back with the opening rule last chosen for it, and
    // the size chosen where it offers that size.
    chooseGame(game, openingByGame[game]);
    if (chosenSize !== null && sizesOf(game)?.includes(chosenSize)) sizeSelect.value = String(chosenSize);
  }
  if (target.id === 'size') chosenSize = Number(sizeSelect.value);
  if (event.type === 'change' && target.getAttribute('name') === 'time' && checkedValue('time') === 'custom') {
    // The fields appear under the chips: bring them (and their message) in.
    requestAnimationFrame(() => byId('custom-time').scrollIntoView({ block: 'nearest' }));
  }
  updateChoices();
  remember();
}
dialog.addEventListener('change', onChoice);
dialog.addEventListener('input', onChoice);

/** Fills the page's texts and choices (again, after a language switch). */
function render() {
  applyStrings();
  byId('options-close').setAttribute('aria-label', t('home.close'));
  renderGameSettings();
  refillSelect(seatSelect, SEAT_CHOICES, 'seat-choice');
  renderLevelChips();
  updateChoices();
  renderYourGames();
}

/** Fills the page, restores the last choices, lists "your games". */
function init() {
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), render);
  render();
  restoreChoices();
  updateChoices();
  showYourGames();
}

init();
