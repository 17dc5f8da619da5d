/**
 * Reviewing an earlier move: which board move the board shows (null for the
 * live position), the stones at that move rebuilt from the record (captures
 * included), and the keys that step through the game (← →, Home, End) when
 * the focus is not on the board or in a field.
 * @module review
 */

import { pointOf } from './move_table.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Stone} Stone */

/**
 * The stones on the board after board move `ply`, from the record: each
 * stone placed up to then, less those captured up to then.
 * @param {GameState} state
 * @param {number} ply
 * @returns {Stone[]}
 */
export function stonesAt(state, ply) {
  /** @type {Map<string, Stone>} */
  const stones = new Map();
  for (const entry of state.record) {
    if (entry.move !== null && entry.move > ply) break;
    const point = pointOf(entry);
    if (point && entry.stone && entry.move !== null) {
      stones.set(point, { point, color: entry.stone, move: entry.move });
    }
    for (const taken of entry.captured) stones.delete(taken);
  }
  return [...stones.values()];
}

/**
 * The state as the board draws it at board move `ply`: the stones of then,
 * without the live marks (zone, offers, forbidden points) that belong to
 * the present.
 * @param {GameState} state
 * @param {number} ply
 * @returns {GameState}
 */
export function reviewedState(state, ply) {
  return {
    ...state,
    stones: stonesAt(state, ply),
    zone: null,
    offers: [],
    excluded: [],
    forbidden: [],
    fouls: [],
  };
}

/** Which move the viewer reviews. */
export class Review {
  /** @param {() => void} onChange  called after the reviewed move changed */
  constructor(onChange) {
    /** The board move shown, or null for the live position. */
    this.ply = /** @type {number | null} */ (null);
    /** @private */ this.onChange = onChange;
    /** @private The number of board moves of the game now. */
    this.total = 0;
    document.addEventListener('keydown', (event) => this.key(event));
  }

  /**
   * Takes the game's number of board moves; a review past the end (after a
   * takeback) goes back to live.
   * @param {number} total
   */
  setTotal(total) {
    this.total = total;
    if (this.ply !== null && this.ply >= total) this.ply = null;
  }

  /**
   * The move the board shows: the reviewed one, else the last.
   * @returns {number}
   */
  shown() {
    return this.ply ?? this.total;
  }

  /**
   * Shows board move `ply` (clamped to the game); the last move is live.
   * @param {number | null} ply
   */
  go(ply) {
    const next = ply === null || ply >= this.total ? null : Math.max(0, ply);
    if (next === this.ply) return;
    this.ply = next;
    this.onChange();
  }

  /**
   * ← and → step, Home and End jump, unless the focus is where those keys
   * mean something else (the board's points, fields, selects).
   * @private
   * @param {KeyboardEvent} event
   */
  key(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, select, textarea, [data-point]')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = /** @type {Record<string, () => void>} */ ({
      ArrowLeft: () => this.go(this.shown() - 1),
      ArrowRight: () => this.go(this.shown() + 1),
      Home: () => this.go(0),
      End: () => this.go(null),
    });
    const action = actions[event.key];
    if (!action || this.total === 0) return;
    event.preventDefault();
    action();
  }
}
