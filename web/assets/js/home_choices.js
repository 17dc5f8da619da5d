/**
 * The home page's last choices, remembered in localStorage
 * (`narabe.home`), so that a returning player finds their usual game: the
 * game, the opening rule chosen for each game, the board size, the time
 * control (a preset, or the custom fields as typed), renju's foul policy and
 * hints, Keryo-Pente, takebacks, the seat and the computer's level.
 * Organiser mode is not remembered: it is a one-off for a tournament, and
 * left on unnoticed it would give the next game no seat for its creator.
 * The values are checked where they are used: one no longer offered is
 * ignored.
 * @module home_choices
 */

/** The localStorage key. */
const KEY = 'narabe.home';

/**
 * What the home page remembers.
 * @typedef {object} HomeChoices
 * @property {string} [game]
 * @property {Record<string, string>} [openings]  the last opening rule per game
 * @property {number} [size]
 * @property {string} [time]  a preset, or `custom`
 * @property {import('./time_choice.js').CustomTime} [custom]
 * @property {string} [foul]
 * @property {boolean} [hints]
 * @property {boolean} [keryo]
 * @property {boolean} [takebacks]
 * @property {string} [seat]
 * @property {number} [level]
 */

/**
 * The remembered choices, or an empty object.
 * @returns {HomeChoices}
 */
export function loadChoices() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * Remembers `choices` for the next visit.
 * @param {HomeChoices} choices
 */
export function saveChoices(choices) {
  try {
    localStorage.setItem(KEY, JSON.stringify(choices));
  } catch {
    // Storage may be disabled or full: the defaults serve next time.
  }
}
