/**
 * "Analyse": asks the server's engine about the position the board shows
 * (the move being reviewed, or the final position) through
 * `POST /api/games/{id}/analysis`, says the best move, the evaluation, the
 * expected line and any forced win, and hands the suggested point to the
 * board to mark. Games between people can be analysed once they are over;
 * games against the computer at any time (docs/engine-in-server.md).
 * @module analysis_view
 */

import { ApiError, analyseGame } from './api.js';
import { describeError } from './error_messages.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').Analysis} Analysis */
/** @typedef {import('./types.js').GameState} GameState */

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
export function scoreText(score) {
  switch (score.kind) {
    case 'value':
      return t('analysis.value', { value: score.value });
    case 'win-in':
      return t('analysis.win-in', { n: movesOfPlies(score.plies) });
    default:
      return t('analysis.loss-in', { n: movesOfPlies(score.plies) });
  }
}

/** The Analyse button and what it found. */
export class AnalysisView {
  /**
   * @param {string} gameId
   * @param {HTMLButtonElement} button
   * @param {HTMLElement} output
   * @param {() => void} onResult  an analysis arrived: the board redraws
   */
  constructor(gameId, button, output, onResult) {
    /** @private */ this.gameId = gameId;
    /** @private */ this.button = button;
    /** @private */ this.output = output;
    /** @private */ this.onResult = onResult;
    /** @private @type {Analysis | null} */ this.result = null;
    /** @private The board move the board showed when it was asked. */
    this.askedAt = /** @type {number | null} */ (null);
    /** @private @type {number | null} */ this.shown = null;
    /** @private */ this.live = true;
    button.addEventListener('click', () => this.analyse());
  }

  /**
   * Whether `state` may be analysed now (the server refuses the rest).
   * @param {GameState} state
   * @returns {boolean}
   */
  static allowed(state) {
    return Boolean(state.result) || Boolean(state.computer);
  }

  /**
   * Follows the board: the button shows where analysis is allowed, and an
   * earlier result is shown only on the move it was made for.
   * @param {GameState} state
   * @param {number} shown  the board move the board shows
   * @param {boolean} live  whether that is the live position
   */
  update(state, shown, live) {
    this.button.hidden = !AnalysisView.allowed(state);
    this.shown = shown;
    this.live = live;
    this.draw();
  }

  /**
   * The point to mark on the board, with its label, when the board shows the
   * move the analysis was made for.
   * @returns {{point: string, label: string} | null}
   */
  mark() {
    if (!this.result || this.askedAt !== this.shown || this.result.best_move === 'pass') return null;
    return { point: this.result.best_move, label: t('analysis.mark', { point: this.result.best_move }) };
  }

  /** Writes the result (or nothing) for the move shown. @private */
  draw() {
    const result = this.result;
    if (!result || this.askedAt !== this.shown) {
      if (result) this.output.textContent = '';
      return;
    }
    const lines = [
      t(`analysis.best.${result.to_move}`, { move: result.best_move, score: scoreText(result.score) }),
    ];
    if (result.line.length > 1) lines.push(t('analysis.line', { line: result.line.join(' ') }));
    if (result.forced_win) lines.push(t('analysis.forced', { line: result.forced_win.join(' ') }));
    this.output.textContent = `${t('analysis.of-move', { n: result.ply })} ${lines.join(' ')}`;
  }

  /** Asks the engine about the position the board shows. @private */
  async analyse() {
    const asked = this.shown;
    this.button.disabled = true;
    this.output.textContent = t('analysis.running');
    try {
      this.result = await analyseGame(this.gameId, this.live || asked === null ? null : asked);
      this.askedAt = asked;
      this.draw();
      this.onResult();
    } catch (error) {
      // `game-over` here means the position asked about is decided, not the
      // game (which is over in most games that have the button).
      this.output.textContent =
        error instanceof ApiError && error.code === 'game-over'
          ? t('analysis.position-over')
          : describeError(error);
    } finally {
      this.button.disabled = false;
    }
  }
}
