/**
 * The game page of a game against the computer: a line saying when the
 * computer is thinking (its card names it and its level). The game page announces each
 * state it draws with a `narabe:state` event on the document.
 * @module computer_status
 */

import { t } from './strings.js';

/**
 * Whether the computer has something to do in `state`: its turn, or an answer
 * to the player's request.
 * @param {import('./types.js').GameState} state
 * @returns {boolean}
 */
function computerThinking(state) {
  const computer = state.computer;
  if (!computer || state.result) return false;
  return state.actor === computer.seat || Boolean(state.draw_offer) || Boolean(state.takeback_request);
}

/** Binds the status line to the drawn states. */
function init() {
  const line = /** @type {HTMLElement | null} */ (document.getElementById('computer-status'));
  if (!line) return;
  document.addEventListener('narabe:state', (event) => {
    const state = /** @type {CustomEvent<import('./types.js').GameState>} */ (event).detail;
    // The opponent's card names the computer and its level; this line only
    // says when it is thinking.
    const thinking = computerThinking(state);
    line.hidden = !thinking;
    line.textContent = thinking ? t('computer.thinking-now') : '';
  });
}

init();
