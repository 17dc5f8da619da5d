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
import { loadChoices, saveChoices } from './home_choices.js';
import {
  checkedValue,
  chosenTime,
  creationError,
  customFields,
  formSettings,
} from './new_game_settings.js';
import {
  FOUL_POLICIES,
  GAMES,
  SEAT_CHOICES,
  homeOpening,
  openingsOf,
  rulesPageOf,
  sizesOf,
} from './openings.js';
import { rememberInvites, rememberToken } from './seat_token.js';
import { applyStrings, bindLanguageSelect, currentLanguage, t } from './strings.js';
import {
  DEFAULT_TIME,
  SEPARATOR,
  TIME_PRESETS,
  correspondenceDays,
  formatDays,
  speedClass,
  timeLabel,
} from './time_choice.js';
import { renderYourGames, showYourGames } from './your_games.js';

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
 * keeping its choice when it is still offered, else choosing `fallback`.
 * @param {HTMLSelectElement} select
 * @param {(string | number)[]} values
 * @param {string} prefix
 * @param {string} [fallback]
 */
function refillSelect(select, values, prefix, fallback) {
  const chosen = select.value;
  fillSelect(select, values, prefix);
  const offered = values.map(String);
  if (offered.includes(chosen)) select.value = chosen;
  else if (fallback !== undefined && offered.includes(fallback)) select.value = fallback;
}

/**
 * A radio button drawn as a chip: a main text and an optional smaller one.
 * @param {string} name
 * @param {string} value
 * @param {string} main
 * @param {string} [sub]
 * @returns {HTMLLabelElement}
 */
function chip(name, value, main, sub) {
  const label = document.createElement('label');
  label.className = 'chip';
  const input = document.createElement('input');
  input.type = 'radio';
  input.name = name;
  input.value = value;
  const mainText = document.createElement('span');
  mainText.className = 'chip-main';
  mainText.textContent = main;
  label.append(input, mainText);
  if (sub) {
    const subText = document.createElement('span');
    subText.className = 'chip-sub';
    subText.textContent = sub;
    label.append(subText);
  }
  return label;
}

/**
 * Draws the chips of radio group `name` in `container` again, keeping the
 * checked value (or checking `fallback`).
 * @param {HTMLElement} container
 * @param {string} name
 * @param {HTMLLabelElement[]} chips
 * @param {string} fallback
 */
function replaceChips(container, name, chips, fallback) {
  const checked = checkedValue(name) || fallback;
  container.replaceChildren(...chips);
  const input = /** @type {HTMLInputElement | null} */ (
    container.querySelector(`input[value="${CSS.escape(checked)}"]`)
  );
  if (input) input.checked = true;
}

/** Draws the time presets and the custom choice. */
function renderTimeChips() {
  const chips = TIME_PRESETS.map((time) => {
    if (time === 'none') return chip('time', time, '∞', t('time.none'));
    const days = correspondenceDays(time);
    if (days !== null) return chip('time', time, formatDays(days), t('home.time-per-move'));
    return chip('time', time, time, t(`home.speed.${speedClass(time)}`));
  });
  const custom = chip('time', 'custom', t('home.time-custom'));
  custom.classList.add('chip-word');
  chips.push(custom);
  replaceChips(byId('time-presets'), 'time', chips, DEFAULT_TIME);
}

/** Draws the computer's levels. */
function renderLevelChips() {
  const chips = LEVELS.map((level) => chip('computer-level', String(level), String(level)));
  replaceChips(byId('computer-levels'), 'computer-level', chips, String(DEFAULT_LEVEL));
}

/**
 * The custom time fields' check: the message under them and the invalid
 * field marked.
 * @returns {boolean} whether the chosen time control can be sent
 */
function checkTime() {
  const custom = checkedValue('time') === 'custom';
  const kind = customFields().kind;
  byId('custom-time').hidden = !custom;
  byId('custom-clock').hidden = kind !== 'clock';
  byId('custom-days-row').hidden = kind !== 'days';
  const result = chosenTime();
  const field = custom && 'error' in result ? result.field : null;
  for (const name of ['minutes', 'increment', 'days']) {
    byId(`custom-${name}`).setAttribute('aria-invalid', String(field === name));
  }
  byId('custom-error').textContent = 'error' in result ? t(result.error) : '';
  return !('error' in result);
}

/**
 * The one line that says what the two buttons create:
 * `Renju · Taraguchi-10 · 10+5 · who starts is random`.
 * @returns {string}
 */
function summary() {
  const game = gameSelect.value;
  const parts = [t(`game.${game}`)];
  if (sizesOf(game).length > 1) parts.push(t(`size.${sizeSelect.value}`));
  parts.push(t(`opening.${openingSelect.value}`));
  const time = chosenTime();
  parts.push('error' in time ? t('home.time-invalid') : timeLabel(time.time));
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
  refillSelect(openingSelect, openingsOf(game), 'opening', openingByGame[game] ?? homeOpening(game));
  refillSelect(sizeSelect, sizesOf(game), 'size');
  // A size the game does not let one choose is no question.
  byId('size-row').hidden = sizesOf(game).length < 2;
  byId('renju-options').hidden = game !== 'renju';
  byId('pente-options').hidden = game !== 'pente';
  byId('game-help').textContent = t(`help.game.${game}`);
  byId('opening-help').textContent = t(`help.opening.${openingSelect.value}`);
  byId('foul-help').textContent = t(`help.foul.${foulSelect.value}`);
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
  checkTime();
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
  const games = GAMES;
  openingByGame = {};
  for (const [game, opening] of Object.entries(saved.openings ?? {})) {
    if (openingsOf(game).includes(/** @type {import('./wire').Opening} */ (opening))) openingByGame[game] = opening;
  }
  gameSelect.value = saved.game && games.includes(saved.game) ? saved.game : 'renju';
  const game = gameSelect.value;
  refillSelect(openingSelect, openingsOf(game), 'opening');
  openingSelect.value = openingByGame[game] ?? homeOpening(game);
  chosenSize = typeof saved.size === 'number' ? saved.size : null;
  refillSelect(sizeSelect, sizesOf(game), 'size');
  if (chosenSize !== null && sizesOf(game).includes(chosenSize)) sizeSelect.value = String(chosenSize);
  const check = (/** @type {string} */ name, /** @type {string} */ value) => {
    const input = /** @type {HTMLInputElement | null} */ (
      document.querySelector(`input[name="${name}"][value="${CSS.escape(value)}"]`)
    );
    if (input) input.checked = true;
  };
  const custom = saved.custom;
  if (custom && typeof custom === 'object') {
    check('custom-kind', custom.kind === 'days' ? 'days' : 'clock');
    for (const name of /** @type {const} */ (['minutes', 'increment', 'days'])) {
      if (typeof custom[name] === 'string') {
        /** @type {HTMLInputElement} */ (byId(`custom-${name}`)).value = custom[name];
      }
    }
  }
  check('time', typeof saved.time === 'string' ? saved.time : DEFAULT_TIME);
  if (saved.foul && FOUL_POLICIES.includes(/** @type {import('./wire').FoulPolicy} */ (saved.foul))) foulSelect.value = saved.foul;
  if (typeof saved.hints === 'boolean') hintsBox.checked = saved.hints;
  if (typeof saved.keryo === 'boolean') keryoBox.checked = saved.keryo;
  if (typeof saved.takebacks === 'boolean') takebacksBox.checked = saved.takebacks;
  seatSelect.value = saved.seat && SEAT_CHOICES.includes(saved.seat) ? saved.seat : 'random';
  check('computer-level', String(saved.level ?? DEFAULT_LEVEL));
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
    refillSelect(openingSelect, openingsOf(game), 'opening');
    openingSelect.value = openingByGame[game] ?? homeOpening(game);
    refillSelect(sizeSelect, sizesOf(game), 'size');
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
  refillSelect(gameSelect, GAMES, 'game');
  refillSelect(openingSelect, openingsOf(gameSelect.value), 'opening');
  refillSelect(sizeSelect, sizesOf(gameSelect.value), 'size');
  refillSelect(foulSelect, FOUL_POLICIES, 'foul-policy');
  refillSelect(seatSelect, SEAT_CHOICES, 'seat-choice');
  renderTimeChips();
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
