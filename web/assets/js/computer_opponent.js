/**
 * "Play the computer" on the home page: everything the options chose (game,
 * opening rule, board, clock, foul policy, hints, takebacks, seat), a level
 * from 1 to 8, and straight to the game (there is nobody to invite).
 * Organiser mode does not apply: the creator plays.
 * @module computer_opponent
 */

import { createGame } from './api.js';
import { checkedValue } from './game_settings_form.js';
import { creationError, formSettings } from './new_game_settings.js';
import { rememberToken } from './seat_token.js';

/** The levels the server offers, weakest first. */
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The level a first visit gets. */
export const DEFAULT_LEVEL = 3;

/**
 * The chosen level.
 * @returns {number}
 */
export function chosenLevel() {
  const level = Number(checkedValue('computer-level'));
  return LEVELS.includes(level) ? level : DEFAULT_LEVEL;
}

/**
 * Creates a game against the computer at the chosen level and opens it.
 * @param {HTMLButtonElement} button
 */
async function playTheComputer(button) {
  const errorLine = /** @type {HTMLElement} */ (document.getElementById('error'));
  errorLine.textContent = '';
  button.disabled = true;
  try {
    const settings = {
      ...formSettings({ organiser: false }),
      opponent: { computer: chosenLevel() },
    };
    const created = await createGame(settings);
    if (!created.token || !created.play) throw new Error('no seat');
    rememberToken(created.id, created.token);
    location.assign(created.play);
  } catch (error) {
    errorLine.textContent = creationError(error);
    button.disabled = false;
  }
}

/** Binds the button (the home page draws the level choice). */
function init() {
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById('play-computer'));
  button?.addEventListener('click', () => playTheComputer(button));
}

init();
