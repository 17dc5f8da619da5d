/**
 * The clocks: each seat's bank in a real-time game, the time left for the
 * current move in a correspondence game. They tick locally between server
 * states and follow the server's figures whenever a state arrives.
 * @module clock_view
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */

/**
 * A duration for people: `4:05`, `1:02:03`, or `2d 5h` beyond a day.
 * @param {number} ms
 * @returns {string}
 */
export function formatDuration(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(secs)}`;
  return `${minutes}:${pad(secs)}`;
}

/** The two clocks of the game page. */
export class ClockView {
  /** @param {HTMLElement} container */
  constructor(container) {
    /** @private */ this.container = container;
    /** @private @type {GameState | null} */ this.state = null;
    /** @private Local time (ms) when the state arrived. */
    this.receivedAt = 0;
    /** @private @type {Record<Seat, HTMLElement>} */
    this.faces = { first: this.face('first'), second: this.face('second') };
    setInterval(() => this.tick(), 250);
  }

  /**
   * Creates the element of one seat's clock.
   * @private
   * @param {Seat} seat
   * @returns {HTMLElement}
   */
  face(seat) {
    const element = document.createElement('p');
    element.className = 'clock';
    element.dataset.seat = seat;
    this.container.append(element);
    return element;
  }

  /**
   * Takes the clock figures of a new state.
   * @param {GameState} state
   */
  update(state) {
    this.state = state;
    this.receivedAt = Date.now();
    this.tick();
  }

  /**
   * The time left to `seat` now, or null when the seat has no clock.
   * @private
   * @param {Seat} seat
   * @returns {number | null}
   */
  remaining(seat) {
    const clock = this.state?.clock;
    if (!clock) return null;
    const elapsed = Date.now() - this.receivedAt;
    if (clock.running === seat && clock.deadline !== null) {
      return clock.deadline - (clock.now + elapsed);
    }
    const bank = seat === 'first' ? clock.first_ms : clock.second_ms;
    return bank ?? null;
  }

  /** Redraws both clocks. @private */
  tick() {
    const state = this.state;
    this.container.hidden = !state || !state.time || state.time === 'none';
    if (!state || this.container.hidden) return;
    for (const seat of /** @type {Seat[]} */ (['first', 'second'])) {
      const left = this.remaining(seat);
      const face = this.faces[seat];
      const color = t(`color.${state.colors[seat]}`);
      face.textContent = `${color}: ${left === null ? '–' : formatDuration(left)}`;
      face.classList.toggle('running', !state.result && state.clock.running === seat);
    }
  }
}
