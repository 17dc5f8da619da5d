/**
 * The settings of the home page's options as `POST /api/games` takes them:
 * what "Play with a friend" and "Play the computer" both send (the
 * computer's level aside).
 * @module new_game_settings
 */

import { describeError } from './error_messages.js';
import { customTime } from './time_choice.js';
import { t } from './strings.js';

/** A choice the page will not send, with the sentence that says why. */
export class SettingsError extends Error {}

/**
 * The form control with `id`, which the home page is known to have.
 * @param {string} id
 * @returns {HTMLInputElement & HTMLSelectElement}
 */
function control(id) {
  return /** @type {HTMLInputElement & HTMLSelectElement} */ (document.getElementById(id));
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
 * The game, opening rule, board, clock and options chosen, and the seat
 * unless the creator organises (then holding no seat).
 * @param {{organiser: boolean}} seating  whether organiser mode may apply
 * @returns {import('./api.js').NewGameSettings}
 * @throws {SettingsError} when the custom time control is not valid
 */
export function formSettings(seating) {
  const time = chosenTime();
  if ('error' in time) throw new SettingsError(t(time.error));
  const game = control('game').value;
  /** @type {import('./api.js').NewGameSettings} */
  const settings = {
    game,
    opening: control('opening').value,
    size: Number(control('size').value),
    time: time.time,
    takebacks: control('takebacks').checked,
  };
  if (game === 'renju') {
    settings.foul = control('foul').value;
    settings.hints = control('hints').checked;
  }
  if (game === 'pente' && control('keryo').checked) settings.keryo = true;
  if (seating.organiser && control('organiser').checked) settings.organiser = true;
  else settings.seat = /** @type {'first' | 'second' | 'random'} */ (control('seat').value);
  return settings;
}

/**
 * The sentence for an error of creating a game: a refused choice as it is,
 * anything else through the generic sentence.
 * @param {unknown} error
 * @returns {string}
 */
export function creationError(error) {
  if (error instanceof SettingsError) return error.message;
  return describeError(error);
}
