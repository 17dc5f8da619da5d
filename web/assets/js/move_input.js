/**
 * A point chosen by the viewer, on its way to the server: which action it
 * stands for now (`place`, `offer` or `choose`), the game's foul policy
 * applied before anything is sent (`refused`: explained, nothing sent;
 * `loses`: a warning to confirm), move confirmation when it is on (a ghost
 * stone first, sent on a second tap or the Play button), and a point typed
 * into the coordinate field (sent at once: typing is deliberate already).
 * The page decides nothing about legality: the server answers every move.
 * @module move_input
 */

import { byId } from './dom.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Foul} Foul */

/**
 * A point chosen and drawn as a ghost stone, awaiting confirmation.
 * @typedef {{word: string, point: string}} PendingMove
 */

/**
 * What the move input needs from the page.
 * @typedef {object} MoveInputPage
 * @property {() => GameState | null} state  the state drawn now
 * @property {(action: string) => void} act  sends an action
 * @property {(message: string) => void} explain  shows a sentence about a refused point
 * @property {() => boolean} reviewing  whether an earlier move is shown
 * @property {() => void} backToLive  shows the live position again
 * @property {() => void} redraw  draws the board again (the ghost moved)
 * @property {(point: string) => void} focusPoint  puts the keyboard focus on a point
 */

/** The viewer's choice of points, from the board or the coordinate field. */
export class MoveInput {
  /** @param {MoveInputPage} page */
  constructor(page) {
    /** @private */ this.page = page;
    /** @private @type {PendingMove | null} */ this.pending = null;
    /** @private */ this.row = byId('confirm-row');
    /** @private */ this.text = byId('confirm-text');
    /** @private */ this.play = /** @type {HTMLButtonElement} */ (byId('confirm-move'));
    /** @private */ this.confirm = /** @type {HTMLInputElement} */ (byId('opt-confirm'));
    this.bind();
  }

  /**
   * The actions open to the viewer's seat now.
   * @private
   * @returns {import('./types.js').ActionName[]}
   */
  open() {
    const state = this.page.state();
    if (!state || !state.you) return [];
    return state.open[state.you] ?? [];
  }

  /**
   * The word of the action a point stands for now, or null when the viewer
   * has none open.
   * @returns {import('./types.js').ActionName | null}
   */
  word() {
    const open = this.open();
    /** @type {import('./types.js').ActionName[]} */
    const pointActions = ['place', 'offer', 'choose'];
    return pointActions.find((word) => open.includes(word)) ?? null;
  }

  /**
   * The foul at `point` if the viewer, holding Black, would place a stone on
   * a point the state lists as forbidden (with hints off the list is empty and
   * the server alone decides).
   * @private
   * @param {string} word
   * @param {string} point
   * @returns {Foul | null}
   */
  foulOf(word, point) {
    const state = this.page.state();
    if (!state || word !== 'place' || !state.you || state.colors[state.you] !== 'black') return null;
    return state.fouls.find((foul) => foul.point === point) ?? null;
  }

  /**
   * The ghost stone to draw, if a move awaits confirmation.
   * @returns {{point: string, color: import('./types.js').Color} | null}
   */
  ghost() {
    const state = this.page.state();
    return state && this.pending ? { point: this.pending.point, color: state.turn } : null;
  }

  /**
   * Sets (or clears) the move awaiting confirmation and redraws.
   * @private
   * @param {PendingMove | null} move
   */
  setPending(move) {
    this.pending = move;
    this.row.hidden = move === null;
    if (move) {
      this.text.textContent = t('confirm.pending', { point: move.point });
      this.play.textContent = t('confirm.play', { point: move.point });
    }
    this.page.redraw();
  }

  /** Writes the confirmation row again (after a language switch). */
  relabel() {
    if (this.pending) this.setPending(this.pending);
  }

  /**
   * Sends the action of a point, after the warning of a losing forbidden
   * point when there is one.
   * @private
   * @param {string} word
   * @param {string} point
   */
  send(word, point) {
    const foul = this.foulOf(word, point);
    if (foul && !confirm(t('confirm.foul', { point, kind: t(`foul.${foul.kind}`) }))) return;
    this.setPending(null);
    this.page.act(`${word} ${point}`);
  }

  /**
   * A click, tap, Enter or Space on a point: a stone, an offer or a choice,
   * whichever is open to the viewer now. While an earlier move is reviewed
   * the board goes back to the live position first. A forbidden point under
   * the `refused` policy is explained and not sent; with move confirmation
   * on, the first choice of a point only draws its ghost stone.
   * @param {string} point
   * @param {boolean} [typed]  typed into the field: no confirmation
   */
  choose(point, typed = false) {
    if (this.page.reviewing()) {
      this.page.backToLive();
      if (!typed) return;
    }
    const state = this.page.state();
    const word = this.word();
    if (!word || !state) return;
    const foul = this.foulOf(word, point);
    if (foul && state.config.foul_policy === 'refused') {
      this.setPending(null);
      this.page.explain(t('foul.refused', { point, kind: t(`foul.${foul.kind}`) }));
      return;
    }
    const occupied = state.stones.some((stone) => stone.point === point);
    if (!typed && this.confirm.checked && !occupied && this.pending?.point !== point) {
      this.setPending({ word, point });
      return;
    }
    this.send(word, point);
  }

  /**
   * Lets a move awaiting confirmation lapse when the game moved on without
   * it (its point taken, or nothing to place any more).
   * @param {GameState | null} before
   * @param {GameState} next
   */
  follow(before, next) {
    const pending = this.pending;
    if (!pending || (before && before.version === next.version)) return;
    if (!this.word() || next.stones.some((stone) => stone.point === pending.point)) {
      this.pending = null;
      this.row.hidden = true;
    }
  }

  /**
   * Whether `text` names a point of the current board, such as `h8`.
   * @private
   * @param {string} text
   * @returns {boolean}
   */
  isPointOfBoard(text) {
    const found = /^([a-z])(\d{1,2})$/.exec(text);
    const state = this.page.state();
    if (!found || !state) return false;
    const col = found[1].charCodeAt(0) - 97;
    const row = Number(found[2]);
    return col < state.config.size && row >= 1 && row <= state.config.size;
  }

  /** Wires the Play and Cancel buttons, the option and the field. @private */
  bind() {
    // The buttons vanish with the pending move: the keyboard focus goes back
    // to the point on the board.
    this.play.addEventListener('click', () => {
      const move = this.pending;
      if (!move) return;
      this.send(move.word, move.point);
      if (!this.pending) this.page.focusPoint(move.point);
    });
    byId('cancel-move').addEventListener('click', () => {
      const point = this.pending?.point;
      this.setPending(null);
      if (point) this.page.focusPoint(point);
    });
    this.confirm.addEventListener('change', () => {
      if (!this.confirm.checked) this.setPending(null);
    });
    const field = /** @type {HTMLInputElement} */ (byId('coord'));
    byId('coord-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const text = field.value.trim().toLowerCase();
      if (!this.isPointOfBoard(text)) {
        this.page.explain(t('error.not-a-point', { text }));
        return;
      }
      field.value = '';
      this.choose(text, true);
    });
  }
}
