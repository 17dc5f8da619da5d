/**
 * "Analyse": asks the server's engine about the position the board shows
 * (the move being reviewed, or the final position) through
 * `POST /api/games/{id}/analysis`, says the best move, the evaluation, the
 * expected line and any forced win, and hands the suggested point to the
 * board to mark. Games between people can be analysed once they are over;
 * games against the computer at any time (docs/engine-in-server.md).
 * @module analysis_view
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').Analysis} Analysis */
/** @typedef {import('./types.js').GameState} GameState */

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
      return t('analysis.win-in', { plies: score.plies });
    default:
      return t('analysis.loss-in', { plies: score.plies });
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
    const color = t(`color.${result.to_move}`);
    const lines = [
      t('analysis.best', { color, move: result.best_move, score: scoreText(result.score) }),
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
      const body = this.live || asked === null ? {} : { ply: asked };
      const response = await fetch(`/api/games/${encodeURIComponent(this.gameId)}/analysis`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const value = await response.json().catch(() => null);
      if (!response.ok) throw new Error(value?.message ?? response.statusText);
      this.result = /** @type {Analysis} */ (value);
      this.askedAt = asked;
      this.draw();
      this.onResult();
    } catch (error) {
      this.output.textContent = t('error.generic', {
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      this.button.disabled = false;
    }
  }
}
