/**
 * The settings of the home page's options as `POST /api/games` takes them:
 * what "Play with a friend" and "Play the computer" both send (the
 * computer's level aside). The fields themselves, shared with the
 * tournament form, are game_settings_form.js's.
 * @module new_game_settings
 */

import { control } from './dom.js';
import { describeError } from './error_messages.js';
import { chosenTime, gameSettings } from './game_settings_form.js';
import { t } from './strings.js';

/** A choice the page will not send, with the sentence that says why. */
export class SettingsError extends Error {}

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
  /** @type {import('./api.js').NewGameSettings} */
  const settings = { ...gameSettings(time.time), takebacks: control('takebacks').checked };
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
