/**
 * The settings of the home page's form as `POST /api/games` takes them: what
 * "Play with a friend" and "Play the computer" both send (the computer's
 * level aside).
 * @module new_game_settings
 */

/**
 * The form control with `id`, which the home page is known to have.
 * @param {string} id
 * @returns {HTMLInputElement & HTMLSelectElement}
 */
function control(id) {
  return /** @type {HTMLInputElement & HTMLSelectElement} */ (document.getElementById(id));
}

/**
 * The game, opening rule, board, clock and options chosen on the form, and
 * the seat unless the creator organises (then holding no seat).
 * @param {{organiser: boolean}} seating  whether organiser mode may apply
 * @returns {import('./api.js').NewGameSettings}
 */
export function formSettings(seating) {
  const game = control('game').value;
  /** @type {import('./api.js').NewGameSettings} */
  const settings = {
    game,
    opening: control('opening').value,
    size: Number(control('size').value),
    time: control('time').value,
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
