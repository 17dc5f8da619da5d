/**
 * The settings of a game, as the home page's options dialog (`/`) and the
 * form that creates a tournament (`/tournaments/new`) both ask for them: the
 * game, the opening rule, the board size, the time control (the presets and
 * the custom clock or days per move) and renju's foul policy and hints or
 * Keryo-Pente; a bot's page (`/bot/{name}`) asks for them too, limited to
 * what the bot plays ({@link limitGameSettings}). This module holds their
 * markup, once, and the code that fills, shows and reads them.
 *
 * The markup: each page marks where the fields go with an empty element,
 * `<div data-game-settings="game">` (the game, opening and size fields),
 * `<div data-game-settings="time">` (the time control's fieldset) and
 * `<div data-game-settings="rules">` (the renju and pente options), and
 * {@link mountGameSettings} puts the fields in their place before the page's
 * code looks them up. The pages group them differently (the home dialog
 * gives each part its own group, the tournament form one card), hence three
 * places rather than one. The ids are those the pages and the tests know
 * (`game`, `opening`, `size`, `time-presets`, `custom-minutes`, `foul`, ...);
 * the texts are `data-t` keys, filled by `applyStrings` in the page's
 * language like the rest of the page.
 * @module game_settings_form
 */

import { byId, control } from './dom.js';
import { FOUL_POLICIES, GAMES, homeOpening, openingsOf, sizesOf } from './openings.js';
import { t } from './strings.js';
import {
  DEFAULT_TIME,
  TIME_PRESETS,
  correspondenceDays,
  customTime,
  formatDays,
  speedClass,
  timeLabel,
} from './time_choice.js';

/**
 * The game, opening and size fields; the rules links under the first two
 * when the page shows them.
 * @param {{rulesLinks: boolean, autofocus: boolean}} options
 * @returns {string}
 */
function gameFieldsMarkup({ rulesLinks, autofocus }) {
  const gameLink = rulesLinks
    ? '<a id="game-rules-link" class="rules-link" href="/rules" data-t="home.game-rules"></a>'
    : '';
  const openingLink = rulesLinks
    ? '<a id="opening-rules-link" class="rules-link" href="/rules" data-t="home.opening-rules"></a>'
    : '';
  return `
    <div class="field">
      <label for="game" data-t="home.game"></label>
      <select id="game" name="game" aria-describedby="game-help"${autofocus ? ' autofocus' : ''}></select>
      <p id="game-help" class="help"></p>
      ${gameLink}
    </div>
    <div class="field">
      <label for="opening" data-t="home.opening"></label>
      <select id="opening" name="opening" aria-describedby="opening-help"></select>
      <p id="opening-help" class="help"></p>
      ${openingLink}
    </div>
    <div id="size-row" class="field">
      <label for="size" data-t="home.size"></label>
      <select id="size" name="size"></select>
    </div>`;
}

/** The time control: the presets (drawn by {@link renderTimeChips}) and the custom fields. */
const TIME_MARKUP = `
  <fieldset class="group time-group">
    <legend data-t="home.time"></legend>
    <div id="time-presets" class="chips time-chips"></div>
    <div id="custom-time" class="custom-time" hidden>
      <div class="custom-kind" role="radiogroup" aria-labelledby="custom-kind-label">
        <span id="custom-kind-label" class="visually-hidden" data-t="home.custom-kind"></span>
        <label class="check"><input type="radio" name="custom-kind" value="clock" checked>
          <span data-t="home.custom-clock"></span></label>
        <label class="check"><input type="radio" name="custom-kind" value="days">
          <span data-t="home.custom-days"></span></label>
      </div>
      <div id="custom-clock" class="custom-inputs">
        <label class="number"><span data-t="home.custom-minutes"></span>
          <input id="custom-minutes" type="text" inputmode="decimal" autocomplete="off"
            value="10" aria-describedby="custom-error"></label>
        <label class="number"><span data-t="home.custom-increment"></span>
          <input id="custom-increment" type="text" inputmode="numeric" autocomplete="off"
            value="5" aria-describedby="custom-error"></label>
      </div>
      <div id="custom-days-row" class="custom-inputs" hidden>
        <label class="number"><span data-t="home.custom-days-count"></span>
          <input id="custom-days" type="text" inputmode="numeric" autocomplete="off"
            value="2" aria-describedby="custom-error"></label>
      </div>
      <p id="custom-error" class="error field-error" aria-live="polite"></p>
    </div>
  </fieldset>`;

/** Renju's foul policy and hints, Keryo-Pente. */
const RULES_MARKUP = `
  <div id="renju-options" class="field">
    <label for="foul" data-t="home.foul"></label>
    <select id="foul" name="foul" aria-describedby="foul-help"></select>
    <p id="foul-help" class="help"></p>
    <label class="check"><input id="hints" name="hints" type="checkbox" checked>
      <span data-t="home.hints"></span></label>
  </div>
  <div id="pente-options" class="field">
    <label class="check"><input id="keryo" name="keryo" type="checkbox">
      <span data-t="home.keryo"></span></label>
  </div>`;

/**
 * What a page lets be chosen, when it offers less than the catalogue: a
 * bot's page offers what the bot plays.
 * @typedef {object} SettingsLimits
 * @property {string[]} games  the games offered
 * @property {(game: string) => string[]} openings  each game's opening rules offered
 * @property {(game: string) => number[]} sizes  each game's boards offered
 * @property {(time: string) => boolean} time  whether a time control is offered
 */

/** The page's limits, if it has any ({@link limitGameSettings}). */
let limits = /** @type {SettingsLimits | null} */ (null);

/**
 * Offers only what `chosen` allows (a bot's page: what the bot plays).
 * Call it before the fields are filled.
 * @param {SettingsLimits} chosen
 */
export function limitGameSettings(chosen) {
  limits = chosen;
}

/** The games offered. @returns {string[]} */
function offeredGames() {
  return limits ? GAMES.filter((game) => limits?.games.includes(game)) : GAMES;
}

/**
 * The opening rules offered for `game`, its default first.
 * @param {string} game
 * @returns {string[]}
 */
function offeredOpenings(game) {
  const all = openingsOf(game);
  return limits ? all.filter((opening) => limits?.openings(game).includes(opening)) : all;
}

/**
 * The boards offered for `game`, its default first.
 * @param {string} game
 * @returns {number[]}
 */
function offeredSizes(game) {
  const all = sizesOf(game);
  return limits ? all.filter((size) => limits?.sizes(game).includes(size)) : all;
}

/**
 * Puts the fields in the places the page marked (`data-game-settings`).
 * Call it before anything looks the fields up.
 * @param {{rulesLinks?: boolean, autofocus?: boolean}} [options]  the links
 *   to the rules pages under the game and opening (the home page), the game
 *   choice focused when its dialog opens
 */
export function mountGameSettings({ rulesLinks = false, autofocus = false } = {}) {
  /** @type {Record<string, string>} */
  const markup = {
    game: gameFieldsMarkup({ rulesLinks, autofocus }),
    time: TIME_MARKUP,
    rules: RULES_MARKUP,
  };
  for (const place of document.querySelectorAll('[data-game-settings]')) {
    const template = document.createElement('template');
    template.innerHTML = markup[place.getAttribute('data-game-settings') ?? ''] ?? '';
    place.replaceWith(template.content);
  }
}

/**
 * The value of the checked radio button of group `name`, or ''.
 * @param {string} name
 * @returns {string}
 */
export function checkedValue(name) {
  const checked = /** @type {HTMLInputElement | null} */ (
    document.querySelector(`input[name="${name}"]:checked`)
  );
  return checked?.value ?? '';
}

/**
 * Checks the radio button of group `name` with `value`, if there is one.
 * @param {string} name
 * @param {string} value
 */
export function checkRadio(name, value) {
  const input = /** @type {HTMLInputElement | null} */ (
    document.querySelector(`input[name="${name}"][value="${CSS.escape(value)}"]`)
  );
  if (input) input.checked = true;
}

/**
 * What the custom time fields hold, as typed.
 * @returns {import('./time_choice.js').CustomTime}
 */
export function customFields() {
  return {
    kind: checkedValue('custom-kind') === 'days' ? 'days' : 'clock',
    minutes: control('custom-minutes').value,
    increment: control('custom-increment').value,
    days: control('custom-days').value,
  };
}

/**
 * The chosen time control: a preset, or the checked custom one.
 * @returns {import('./time_choice.js').CustomResult}
 */
export function chosenTime() {
  const preset = checkedValue('time');
  if (preset === 'custom') return customTime(customFields());
  return { time: preset || 'none' };
}

/**
 * The settings of the game as `POST /api/games` and `POST /api/tournaments`
 * take them: the game, opening rule, board, `time` and the game's own
 * options (renju's foul policy and hints, Keryo-Pente).
 * @param {string} time  the time control, checked already
 * @returns {{game: string, opening: string, size: number, time: string, foul?: string, hints?: boolean, keryo?: boolean}}
 */
export function gameSettings(time) {
  const game = control('game').value;
  /** @type {ReturnType<typeof gameSettings>} */
  const settings = {
    game,
    opening: control('opening').value,
    size: Number(control('size').value),
    time,
  };
  if (game === 'renju') {
    settings.foul = control('foul').value;
    settings.hints = control('hints').checked;
  }
  if (game === 'pente' && control('keryo').checked) settings.keryo = true;
  return settings;
}

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
export function refillSelect(select, values, prefix, fallback) {
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
export function chip(name, value, main, sub) {
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
export function replaceChips(container, name, chips, fallback) {
  const checked = checkedValue(name) || fallback;
  container.replaceChildren(...chips);
  const input = /** @type {HTMLInputElement | null} */ (
    container.querySelector(`input[value="${CSS.escape(checked)}"]`)
  );
  if (input) input.checked = true;
}

/** Draws the time presets and the custom choice, keeping the choice. */
function renderTimeChips() {
  const presets = limits ? TIME_PRESETS.filter((time) => limits?.time(time)) : TIME_PRESETS;
  const chips = presets.map((time) => {
    if (time === 'none') return chip('time', time, '∞', t('time.none'));
    const days = correspondenceDays(time);
    if (days !== null) return chip('time', time, formatDays(days), t('home.time-per-move'));
    return chip('time', time, time, t(`home.speed.${speedClass(time)}`));
  });
  const custom = chip('time', 'custom', t('home.time-custom'));
  custom.classList.add('chip-word');
  chips.push(custom);
  replaceChips(byId('time-presets'), 'time', chips, presets.includes(DEFAULT_TIME) ? DEFAULT_TIME : presets[0] ?? 'custom');
}

/**
 * Fills the selects and the time presets (again, after a language switch),
 * keeping the choices.
 */
export function renderGameSettings() {
  const game = control('game');
  refillSelect(game, offeredGames(), 'game');
  refillSelect(control('opening'), offeredOpenings(game.value), 'opening');
  refillSelect(control('size'), offeredSizes(game.value), 'size');
  refillSelect(control('foul'), FOUL_POLICIES, 'foul-policy');
  renderTimeChips();
}

/**
 * Chooses `game`, with `opening` when the game has it (else the home
 * page's opening of the game), and fills the sizes.
 * @param {string} game
 * @param {string | undefined} opening
 */
export function chooseGame(game, opening) {
  control('game').value = game;
  const openings = offeredOpenings(game);
  refillSelect(control('opening'), openings, 'opening');
  const wanted = opening ?? homeOpening(game);
  control('opening').value = openings.includes(wanted) ? wanted : openings[0] ?? '';
  refillSelect(control('size'), offeredSizes(game), 'size');
}

/**
 * The remembered game (`home_choices.js`) if still offered, else renju.
 * @param {import('./home_choices.js').HomeChoices} saved
 * @returns {string}
 */
export function savedGame(saved) {
  return saved.game && GAMES.includes(saved.game) ? saved.game : 'renju';
}

/**
 * The remembered opening rule of each game, those still offered.
 * @param {import('./home_choices.js').HomeChoices} saved
 * @returns {Record<string, string>}
 */
export function savedOpenings(saved) {
  /** @type {Record<string, string>} */
  const openings = {};
  for (const [game, opening] of Object.entries(saved.openings ?? {})) {
    if (openingsOf(game).includes(/** @type {import('./wire').Opening} */ (opening))) openings[game] = opening;
  }
  return openings;
}

/**
 * The custom time fields' check: the fields of the chosen kind shown, the
 * message under them and the invalid field marked.
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
 * Shows what depends on the choices: the openings and sizes of the game
 * (a size the game does not let one choose is no question), the renju and
 * pente options, the one-line explanations, the custom time fields.
 * @param {string} openingFallback  the opening chosen when the game does not
 *   have the chosen one
 * @returns {boolean} whether the chosen time control can be sent
 */
export function updateGameSettings(openingFallback) {
  const game = control('game').value;
  refillSelect(control('opening'), offeredOpenings(game), 'opening', openingFallback);
  refillSelect(control('size'), offeredSizes(game), 'size');
  byId('size-row').hidden = offeredSizes(game).length < 2;
  byId('renju-options').hidden = game !== 'renju';
  byId('pente-options').hidden = game !== 'pente';
  byId('game-help').textContent = t(`help.game.${game}`);
  byId('opening-help').textContent = t(`help.opening.${control('opening').value}`);
  byId('foul-help').textContent = t(`help.foul.${control('foul').value}`);
  return checkTime();
}

/**
 * The start of a summary line: the game, the board when the game offers a
 * choice, the opening rule, the time control.
 * @returns {string[]}
 */
export function summaryParts() {
  const game = control('game').value;
  const parts = [t(`game.${game}`)];
  if (offeredSizes(game).length > 1) parts.push(t(`size.${control('size').value}`));
  parts.push(t(`opening.${control('opening').value}`));
  const time = chosenTime();
  parts.push('error' in time ? t('home.time-invalid') : timeLabel(time.time));
  return parts;
}
