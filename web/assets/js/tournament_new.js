/**
 * The page that creates a tournament (`/tournaments/new`): its name, the
 * settings of its games (the home page's choices: game, opening rule,
 * board, time control, renju's foul policy and hints, Keryo-Pente; their
 * fields and code are game_settings_form.js's, shared with it), the
 * system (Swiss with its rounds, round robin single or double, arena with
 * its minutes), the start (by hand or at a time), the rounds (paired by
 * themselves after a break, or by hand), the no-show forfeit, the order of
 * the tie-breaks and the most players. On creation the organiser's token is
 * remembered for this browser and the page goes to the organiser's link,
 * where both links are shown.
 * @module tournament_new
 */

import { byId, control } from './dom.js';
import {
  checkRadio,
  checkedValue,
  chooseGame,
  chosenTime,
  gameSettings,
  mountGameSettings,
  renderGameSettings,
  savedGame,
  savedOpenings,
  summaryParts,
  updateGameSettings,
} from './game_settings_form.js';
import { loadChoices } from './home_choices.js';
import { creationError } from './new_game_settings.js';
import { homeOpening } from './openings.js';
import { applyStrings, bindLanguageSelect, t } from './strings.js';
import { DEFAULT_TIME, SEPARATOR, TIME_PRESETS, correspondenceDays } from './time_choice.js';
import { createTournament } from './tournament_api.js';
import { rememberTournamentToken } from './tournament_token.js';

/** The tie-breaks the server knows, in the order offered. */
const TIEBREAKS = ['buchholz', 'median_buchholz', 'sonneborn_berger', 'direct_encounter', 'wins'];

/** Each system's default order (the server's, crates/tournament). */
const DEFAULT_TIEBREAKS = /** @type {Record<string, string[]>} */ ({
  swiss: ['median_buchholz', 'buchholz', 'direct_encounter', 'wins'],
  round_robin: ['direct_encounter', 'sonneborn_berger', 'wins'],
  arena: ['wins', 'sonneborn_berger'],
});

/** The tie-breaks in the list's order, each on or off. */
let tiebreakOrder = /** @type {{id: string, on: boolean}[]} */ ([]);
/** Whether the organiser changed the tie-breaks (a system switch keeps them then). */
let tiebreaksTouched = false;
/** Whether the organiser changed the break or the forfeit (a clock switch keeps them then). */
let timingTouched = { break: false, forfeit: false };
/** Whether the last defaults were those of correspondence. */
let correspondenceDefaults = false;

/** Draws the tie-break list: each with its switch and its arrows. */
function renderTiebreaks() {
  const list = byId('tiebreaks');
  list.replaceChildren(
    ...tiebreakOrder.map((entry, index) => {
      const item = document.createElement('li');
      item.className = entry.on ? 'on' : 'off';
      const label = document.createElement('label');
      label.className = 'check';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = entry.on;
      box.addEventListener('change', () => {
        entry.on = box.checked;
        tiebreaksTouched = true;
        renderTiebreaks();
        updateSummary();
      });
      const name = document.createElement('span');
      name.textContent = `${t(`tournament.tiebreak.${entry.id}`)} (${t(`tournament.tiebreak-short.${entry.id}`)})`;
      label.append(box, name);
      const arrows = document.createElement('span');
      arrows.className = 'arrows';
      for (const [step, symbol, key] of /** @type {[number, string, string][]} */ ([
        [-1, '↑', 'tournament-new.move-up'],
        [1, '↓', 'tournament-new.move-down'],
      ])) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'small icon';
        button.textContent = symbol;
        button.setAttribute('aria-label', t(key, { name: t(`tournament.tiebreak.${entry.id}`) }));
        button.disabled = index + step < 0 || index + step >= tiebreakOrder.length;
        button.addEventListener('click', () => {
          const [moved] = tiebreakOrder.splice(index, 1);
          tiebreakOrder.splice(index + step, 0, moved);
          tiebreaksTouched = true;
          renderTiebreaks();
          const again = /** @type {HTMLButtonElement | undefined} */ (
            byId('tiebreaks').children[index + step]?.querySelectorAll('button')[step < 0 ? 0 : 1]
          );
          if (again && !again.disabled) again.focus();
          else byId('tiebreaks').children[index + step]?.querySelector('input')?.focus();
        });
        arrows.append(button);
      }
      item.append(label, arrows);
      return item;
    }),
  );
}

/**
 * Sets the tie-breaks to the default order of `system`, the others after
 * them, switched off.
 * @param {string} system
 */
function defaultTiebreaks(system) {
  const defaults = DEFAULT_TIEBREAKS[system] ?? [];
  tiebreakOrder = [
    ...defaults.map((id) => ({ id, on: true })),
    ...TIEBREAKS.filter((id) => !defaults.includes(id)).map((id) => ({ id, on: false })),
  ];
  tiebreaksTouched = false;
  renderTiebreaks();
}

/**
 * A number typed by a person, a point or a comma for decimals, or null.
 * @param {string} text
 * @returns {number | null}
 */
function typedNumber(text) {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * A whole number within bounds from a field, or the field's error.
 * @param {string} id
 * @param {number} min
 * @param {number} max
 * @returns {number | null}
 */
function wholeIn(id, min, max) {
  const value = typedNumber(control(id).value);
  return value !== null && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/**
 * Marks a field and says its error (or clears both with null).
 * @param {string} fieldId
 * @param {string} errorId
 * @param {string | null} message
 */
function mark(fieldId, errorId, message) {
  control(fieldId).setAttribute('aria-invalid', String(message !== null));
  byId(errorId).textContent = message ?? '';
}

/**
 * The tournament as `POST /api/tournaments` takes it, or null with the
 * errors marked.
 * @returns {object | null}
 */
function requestBody() {
  let valid = true;
  const name = control('name').value.trim();
  mark('name', 'name-error', name ? null : t('tournament-new.name-error'));
  if (!name) valid = false;
  const time = chosenTime();
  if ('error' in time) valid = false;
  /** @type {Record<string, unknown>} */
  const body = { name, ...gameSettings('error' in time ? 'none' : time.time) };
  const system = checkedValue('system');
  mark('swiss-rounds', 'system-error', null);
  mark('arena-minutes', 'system-error', null);
  if (system === 'swiss') {
    const rounds = wholeIn('swiss-rounds', 1, 20);
    if (rounds === null) {
      mark('swiss-rounds', 'system-error', t('tournament-new.rounds-error'));
      valid = false;
    }
    body.system = { kind: 'swiss', rounds };
  } else if (system === 'round_robin') {
    body.system = { kind: 'round_robin', cycles: Number(control('cycles').value) };
  } else {
    const minutes = wholeIn('arena-minutes', 5, 10080);
    if (minutes === null) {
      mark('arena-minutes', 'system-error', t('tournament-new.arena-error'));
      valid = false;
    }
    body.system = { kind: 'arena', minutes };
  }
  mark('start-at', 'start-error', null);
  if (checkedValue('start') === 'at') {
    const at = new Date(control('start-at').value).getTime();
    if (Number.isNaN(at) || at < Date.now()) {
      mark('start-at', 'start-error', t('tournament-new.start-error'));
      valid = false;
    }
    body.start = { kind: 'at', at };
  } else {
    body.start = { kind: 'manual' };
  }
  mark('break-value', 'break-error', null);
  if (system !== 'arena') {
    if (checkedValue('rounds') === 'manual') {
      body.rounds = { kind: 'manual' };
    } else {
      const value = typedNumber(control('break-value').value);
      const seconds = value === null ? null : Math.round(value * Number(control('break-unit').value));
      if (seconds === null || seconds > 7 * 86400) {
        mark('break-value', 'break-error', t('tournament-new.break-error'));
        valid = false;
      }
      body.rounds = { kind: 'automatic', break_seconds: seconds };
    }
  }
  const forfeitValue = typedNumber(control('forfeit-value').value);
  const forfeit = forfeitValue === null ? null : Math.round(forfeitValue * Number(control('forfeit-unit').value));
  const forfeitBad = forfeit === null || forfeit < 30 || forfeit > 14 * 86400;
  mark('forfeit-value', 'forfeit-error', forfeitBad ? t('tournament-new.forfeit-error') : null);
  if (forfeitBad) valid = false;
  body.forfeit_after_seconds = forfeit;
  body.tiebreaks = tiebreakOrder.filter((entry) => entry.on).map((entry) => entry.id);
  const max = wholeIn('max-players', 2, 2000);
  mark('max-players', 'max-error', max === null ? t('tournament-new.max-error') : null);
  if (max === null) valid = false;
  body.max_players = max;
  return valid ? body : null;
}

/** The one line that says what will be created. */
function updateSummary() {
  const parts = summaryParts();
  const system = checkedValue('system');
  if (system === 'swiss') parts.push(t('tournament.system-swiss', { n: wholeIn('swiss-rounds', 1, 20) ?? 0 }));
  if (system === 'round_robin') {
    parts.push(t(control('cycles').value === '2' ? 'tournament.system-double-round-robin' : 'tournament.system-round-robin'));
  }
  if (system === 'arena') {
    parts.push(t('tournament-new.arena-summary', { n: wholeIn('arena-minutes', 5, 10080) ?? 0 }));
  }
  byId('summary').textContent = parts.join(SEPARATOR);
}

/**
 * Shows what depends on the choices: the explanations, the sizes, the
 * renju and pente options, the custom time, each system's own field, the
 * start time, the break, and the defaults that follow the clock.
 */
function updateChoices() {
  updateGameSettings(homeOpening(control('game').value));
  const time = chosenTime();
  const system = checkedValue('system');
  byId('swiss-row').hidden = system !== 'swiss';
  byId('round-robin-row').hidden = system !== 'round_robin';
  byId('arena-row').hidden = system !== 'arena';
  byId('system-help').textContent = t(`tournament-new.help-${system}`);
  byId('rounds-field').hidden = system === 'arena';
  byId('start-at-row').hidden = checkedValue('start') !== 'at';
  byId('break-row').hidden = checkedValue('rounds') !== 'automatic';
  // Correspondence games get a day's forfeit and an hour's break by default,
  // as the server gives them, unless the organiser set their own.
  const correspondence = !('error' in time) && correspondenceDays(time.time) !== null;
  if (correspondence !== correspondenceDefaults) {
    correspondenceDefaults = correspondence;
    if (!timingTouched.forfeit) {
      control('forfeit-value').value = correspondence ? '1' : '3';
      control('forfeit-unit').value = correspondence ? '86400' : '60';
    }
    if (!timingTouched.break) {
      control('break-value').value = '1';
      control('break-unit').value = correspondence ? '3600' : '60';
    }
  }
  updateSummary();
}

/** Fills the page's texts (again, after a language switch). */
function render() {
  applyStrings();
  renderGameSettings();
  byId('break-unit').setAttribute('aria-label', t('tournament-new.unit'));
  byId('forfeit-unit').setAttribute('aria-label', t('tournament-new.unit'));
  renderTiebreaks();
  updateChoices();
  document.title = `${t('tournament-new.title')} · narabe`;
}

/** Starts from the home page's last game, a sensible start time, Swiss's tie-breaks. */
function restore() {
  const saved = loadChoices();
  const game = savedGame(saved);
  chooseGame(game, savedOpenings(saved)[game]);
  const preset = typeof saved.time === 'string' && saved.time !== 'custom' && TIME_PRESETS.includes(saved.time) ? saved.time : DEFAULT_TIME;
  checkRadio('time', preset);
  // A set start defaults to the next full hour.
  const next = new Date(Date.now() + 3600_000);
  next.setMinutes(0, 0, 0);
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  control('start-at').value = `${next.getFullYear()}-${two(next.getMonth() + 1)}-${two(next.getDate())}T${two(next.getHours())}:00`;
  defaultTiebreaks('swiss');
}

/** @param {Event} event */
function onChange(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.id === 'language') return;
  if (target.id === 'break-value' || target.id === 'break-unit') timingTouched.break = true;
  if (target.id === 'forfeit-value' || target.id === 'forfeit-unit') timingTouched.forfeit = true;
  if (target.getAttribute('name') === 'system' && !tiebreaksTouched) defaultTiebreaks(checkedValue('system'));
  updateChoices();
}

/** Starts the page. */
function init() {
  // The game's fields, shared with the home page, go in first.
  mountGameSettings();
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), render);
  render();
  restore();
  updateChoices();
  const form = /** @type {HTMLFormElement} */ (byId('new-tournament'));
  form.addEventListener('change', onChange);
  form.addEventListener('input', onChange);
  byId('tiebreaks-default').addEventListener('click', () => {
    defaultTiebreaks(checkedValue('system'));
    updateSummary();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const errorLine = byId('error');
    errorLine.textContent = '';
    const body = requestBody();
    if (!body) {
      errorLine.textContent = t('tournament-new.fix-errors');
      const invalid = /** @type {HTMLElement | null} */ (form.querySelector('[aria-invalid="true"]'));
      invalid?.focus();
      return;
    }
    const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
    submit.disabled = true;
    try {
      const created = await createTournament(body);
      rememberTournamentToken(created.id, 'organiser', created.organiser_token);
      location.assign(`/t/${encodeURIComponent(created.id)}#organiser=${created.organiser_token}`);
    } catch (error) {
      errorLine.textContent = creationError(error);
      submit.disabled = false;
    }
  });
}

init();
