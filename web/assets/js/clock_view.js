/**
 * The clocks in the player cards: each seat's bank in a real-time game, the
 * time left for the current move in a correspondence game. They tick locally
 * between server states and follow the server's figures whenever a state
 * arrives. The running clock is marked on its card; under ten seconds a clock
 * shows tenths and turns to the warning colour, and the viewer's own clock
 * may sound once when it gets there.
 * @module clock_view
 */

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */

/** Below this a clock shows tenths and warns. */
export const LOW_TIME_MS = 10_000;

/**
 * A duration for people: `4:05`, `1:02:03`, `2d 5h` beyond a day, and with
 * tenths (`0:07.3`) when `tenths` is set.
 * @param {number} ms
 * @param {boolean} [tenths]
 * @returns {string}
 */
export function formatDuration(ms, tenths = false) {
  const left = Math.max(0, ms);
  if (tenths) {
    const whole = Math.floor(left / 100);
    const seconds = Math.floor(whole / 10);
    return `0:${String(seconds).padStart(2, '0')}.${whole % 10}`;
  }
  const seconds = Math.ceil(left / 1000);
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
  /**
   * @param {Record<Seat, HTMLElement>} faces  each seat's clock element
   * @param {(seat: Seat) => void} onLow  called once when a running clock
   *   goes under {@link LOW_TIME_MS}
   */
  constructor(faces, onLow) {
    /** @private */ this.faces = faces;
    /** @private */ this.onLow = onLow;
    /** @private @type {GameState | null} */ this.state = null;
    /** @private Local time (ms) when the state arrived. */
    this.receivedAt = 0;
    /** @private Seats whose low-time warning has been given since they went low. */
    this.warned = new Set();
    setInterval(() => this.tick(), 100);
  }

  /**
   * Changes which element shows each seat's clock (the cards swap places
   * when the viewer's seat becomes known).
   * @param {Record<Seat, HTMLElement>} faces
   */
  setFaces(faces) {
    this.faces = faces;
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
   * @param {Seat} seat
   * @returns {number | null}
   */
  remaining(seat) {
    const clock = this.state?.clock;
    if (!clock) return null;
    const elapsed = this.state?.result ? 0 : Date.now() - this.receivedAt;
    if (clock.running === seat && clock.deadline !== null) {
      return clock.deadline - (clock.now + elapsed);
    }
    const bank = seat === 'first' ? clock.first_ms : clock.second_ms;
    return bank ?? null;
  }

  /** Redraws both clocks. @private */
  tick() {
    const state = this.state;
    const timed = Boolean(state && state.time !== 'none');
    for (const seat of /** @type {Seat[]} */ (['first', 'second'])) {
      const face = this.faces[seat];
      face.hidden = !timed;
      if (!state || !timed) continue;
      const left = this.remaining(seat);
      const running = !state.result && state.clock.running === seat;
      const realTime = !state.time.endsWith('d');
      const low = realTime && left !== null && left < LOW_TIME_MS;
      face.textContent = left === null ? '–' : formatDuration(left, low && running);
      face.classList.toggle('running', running);
      face.classList.toggle('low', low);
      if (low && running && !this.warned.has(seat)) {
        this.warned.add(seat);
        this.onLow(seat);
      }
      if (!low) this.warned.delete(seat);
    }
  }
}
