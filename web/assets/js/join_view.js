/**
 * The invitation page: what a friend opening an invite link sees before
 * taking the seat — what they are invited to (game, opening rule, clock,
 * options, their colour if the rules already fix it) and a Join button. The
 * seat is taken only on that click (`POST .../join`): link previews and
 * prefetchers open links, so merely opening one never takes a seat.
 * @module join_view
 */

import { renderFacts } from './game_facts.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */

/** The invitation page. */
export class JoinView {
  /** @param {() => Promise<void>} onJoin  takes the seat */
  constructor(onJoin) {
    /** @private */ this.section = /** @type {HTMLElement} */ (document.getElementById('join'));
    /** @private */ this.button = /** @type {HTMLButtonElement} */ (
      document.getElementById('join-button')
    );
    /** @private @type {GameState | null} */ this.state = null;
    /** @private @type {Seat} */ this.seat = 'second';
    this.button.addEventListener('click', async () => {
      this.button.disabled = true;
      try {
        await onJoin();
      } finally {
        this.button.disabled = false;
      }
    });
  }

  /**
   * Shows the invitation to `seat` of the game in `state`.
   * @param {GameState} state
   * @param {Seat} seat
   */
  show(state, seat) {
    this.state = state;
    this.seat = seat;
    this.section.hidden = false;
    this.draw();
    this.button.focus();
  }

  /** Hides the page. */
  hide() {
    this.section.hidden = true;
    this.state = null;
  }

  /** Draws the invitation in the current language. */
  draw() {
    if (!this.state) return;
    const list = /** @type {HTMLElement} */ (document.getElementById('join-summary'));
    renderFacts(list, this.state, { seat: this.seat, colorKey: 'facts.you-play' });
    this.button.textContent = t('join.button');
  }
}
