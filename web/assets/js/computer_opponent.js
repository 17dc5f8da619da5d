/**
 * "Play the computer" on the home page: everything the form chose (game,
 * opening rule, board, clock, foul policy, hints, takebacks, seat), a level
 * from 1 to 8, and straight to the game (there is nobody to invite).
 * @module computer_opponent
 */

import { createGame } from './api.js';
import { formSettings } from './new_game_settings.js';
import { describeError } from './error_messages.js';
import { rememberToken } from './seat_token.js';

/** The levels the server offers, weakest first. */
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * The form control with `id`, which the home page is known to have.
 * @param {string} id
 * @returns {HTMLSelectElement}
 */
function select(id) {
  return /** @type {HTMLSelectElement} */ (document.getElementById(id));
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
      opponent: { computer: Number(select('computer-level').value) },
    };
    const created = await createGame(settings);
    if (!created.token || !created.play) throw new Error('no seat');
    rememberToken(created.id, created.token);
    location.assign(created.play);
  } catch (error) {
    errorLine.textContent = describeError(error);
    button.disabled = false;
  }
}

/** Fills the level choice and binds the button. */
function init() {
  const levels = select('computer-level');
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById('play-computer'));
  if (!button) return;
  levels.replaceChildren(
    ...LEVELS.map((level) => {
      const option = document.createElement('option');
      option.value = String(level);
      option.textContent = String(level);
      return option;
    }),
  );
  levels.value = '3';
  button.addEventListener('click', () => playTheComputer(button));
}

init();
