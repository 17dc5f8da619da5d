/**
 * The "Analyse" button of a finished game: asks the server's engine for the
 * best move of the final position (`POST /api/games/{id}/analysis`), shows the
 * evaluation and marks the move on the board. The game page announces each
 * state it draws with a `narabe:state` event on the document.
 * @module analysis_view
 */

import { ApiError } from './api.js';
import { describeError } from './error_messages.js';
import { t } from './strings.js';

/**
 * An analysis as the server answers it (docs/api.md).
 * @typedef {import('./types.js').Analysis} Analysis
 */

/** The game id of this page (`/g/{id}`). */
const gameId = decodeURIComponent(location.pathname.split('/')[2] ?? '');

/** @type {Analysis | null} */
let shown = null;

/**
 * The moves a forced result takes, counted as players count them: the
 * server counts plies (both sides' moves, 1 being a five on the spot), a
 * player counts the moves of the side that makes the five. A win in 3 plies
 * is a win in 2 moves; a loss in 2 plies is the opponent's five on their
 * first move.
 * @param {number} plies
 * @returns {number}
 */
function movesOfPlies(plies) {
  return Math.max(1, Math.ceil(plies / 2));
}

/**
 * The score in words.
 * @param {Analysis['score']} score
 * @returns {string}
 */
function scoreText(score) {
  switch (score.kind) {
    case 'value':
      return t('analysis.value', { value: score.value });
    case 'win-in':
      return t('analysis.win-in', { n: movesOfPlies(score.plies) });
    default:
      return t('analysis.loss-in', { n: movesOfPlies(score.plies) });
  }
}

/**
 * The analysis text and board mark (drawn again after each board render).
 * @param {HTMLElement} output
 */
function draw(output) {
  if (!shown) return;
  const best = t(`analysis.best.${shown.to_move}`, { move: shown.best_move, score: scoreText(shown.score) });
  const lines = [best];
  if (shown.forced_win) lines.push(t('analysis.forced', { line: shown.forced_win.join(' ') }));
  output.textContent = lines.join(' ');
  const point = document.querySelector(`#board g[data-point="${shown.best_move}"]`);
  if (point && !point.querySelector('.analysis-best')) {
    const mark = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    mark.setAttribute('class', 'analysis-best');
    mark.setAttribute('r', '9');
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = t('analysis.mark', { point: shown.best_move });
    mark.append(title);
    point.append(mark);
  }
}

/**
 * Asks the server for the analysis of the final position.
 * @param {HTMLButtonElement} button
 * @param {HTMLElement} output
 */
async function analyse(button, output) {
  button.disabled = true;
  output.textContent = t('analysis.running');
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/analysis`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    }).catch((failure) => {
      throw new ApiError(0, 'network', String(failure));
    });
    const value = await response.json().catch(() => null);
    if (!response.ok) {
      throw new ApiError(response.status, value?.code ?? 'network', value?.message ?? response.statusText);
    }
    shown = /** @type {Analysis} */ (value);
    draw(output);
  } catch (error) {
    // `game-over` here means the position asked about is decided, not the
    // game (which is over in any game that has the button).
    output.textContent =
      error instanceof ApiError && error.code === 'game-over'
        ? t('analysis.position-over')
        : describeError(error);
  } finally {
    button.disabled = false;
  }
}

/** Shows the button once the game is over and binds it. */
function init() {
  const button = /** @type {HTMLButtonElement | null} */ (document.getElementById('analyse'));
  const output = /** @type {HTMLElement | null} */ (document.getElementById('analysis'));
  if (!button || !output) return;
  button.addEventListener('click', () => analyse(button, output));
  document.addEventListener('narabe:state', (event) => {
    const state = /** @type {CustomEvent<import('./types.js').GameState>} */ (event).detail;
    button.hidden = !state.result;
    // The board was drawn again: the mark goes back on it.
    queueMicrotask(() => draw(output));
  });
}

init();
