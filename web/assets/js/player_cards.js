/**
 * The two player cards beside the board, as on lichess: the opponent above,
 * the viewer below (for spectators the first player below), each with the
 * colour, who it is ("You", "Opponent", "Computer · level 3", a bot's name
 * linking to its page), whether they
 * are connected or since when they have been gone, their clock and, in Pente,
 * their captures. The card of the player to act is marked.
 * @module player_cards
 */

import { ClockView } from './clock_view.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */
/** @typedef {import('./types.js').Presence} Presence */

/**
 * How long ago `since` was, in words: `left 12 s ago`, `left 3 min ago`.
 * @param {number} gone  milliseconds
 * @returns {string}
 */
export function goneText(gone) {
  const seconds = Math.max(0, Math.floor(gone / 1000));
  if (seconds < 120) return t('presence.left-seconds', { n: seconds });
  return t('presence.left-minutes', { n: Math.floor(seconds / 60) });
}

/** The parts of one card. */
class Card {
  /** @param {HTMLElement} element */
  constructor(element) {
    this.element = element;
    this.stone = document.createElement('span');
    this.stone.className = 'stone-icon';
    this.stone.setAttribute('aria-hidden', 'true');
    this.name = document.createElement('span');
    this.name.className = 'player-name';
    this.color = document.createElement('span');
    this.color.className = 'player-color';
    this.presence = document.createElement('span');
    this.presence.className = 'presence-line';
    this.captures = document.createElement('span');
    this.captures.className = 'card-captures';
    this.clock = document.createElement('p');
    this.clock.className = 'clock';
    const who = document.createElement('div');
    who.className = 'who';
    const line = document.createElement('p');
    line.className = 'who-line';
    line.append(this.stone, this.name);
    const details = document.createElement('p');
    details.className = 'card-details';
    details.append(this.color, this.presence);
    who.append(line, details, this.captures);
    element.replaceChildren(who, this.clock);
  }
}

/** Both cards and their clocks. */
export class PlayerCards {
  /**
   * @param {HTMLElement} top
   * @param {HTMLElement} bottom
   * @param {(seat: Seat) => void} onLow  a running clock went under ten seconds
   */
  constructor(top, bottom, onLow) {
    /** @private */ this.top = new Card(top);
    /** @private */ this.bottom = new Card(bottom);
    /** @private @type {Record<Seat, Card>} */
    this.bySeat = { first: this.bottom, second: this.top };
    /** @private */
    this.clocks = new ClockView({ first: this.bottom.clock, second: this.top.clock }, onLow);
    /** @private @type {GameState | null} */ this.state = null;
    /** @private Server time minus local time, from the last figures received. */
    this.offset = 0;
    setInterval(() => this.drawPresence(), 1000);
  }

  /**
   * Draws a state: which card is whose, names, colours, the clocks.
   * @param {GameState} state
   */
  render(state) {
    this.state = state;
    this.offset = state.clock.now - Date.now();
    const bottomSeat = state.you ?? 'first';
    const topSeat = bottomSeat === 'first' ? 'second' : 'first';
    this.bySeat =
      bottomSeat === 'first'
        ? { first: this.bottom, second: this.top }
        : { first: this.top, second: this.bottom };
    this.bySeat[bottomSeat].clock.dataset.seat = bottomSeat;
    this.bySeat[topSeat].clock.dataset.seat = topSeat;
    this.clocks.setFaces({ first: this.bySeat.first.clock, second: this.bySeat.second.clock });
    for (const seat of /** @type {Seat[]} */ (['first', 'second'])) {
      const card = this.bySeat[seat];
      const color = state.colors[seat];
      card.element.dataset.seat = seat;
      card.stone.className = `stone-icon ${color}`;
      const bot = state.bots[seat];
      if (bot) {
        // A bot is named, with a link to its page.
        const link = document.createElement('a');
        link.href = `/bot/${encodeURIComponent(bot)}`;
        link.textContent = bot;
        card.name.replaceChildren(link);
      } else {
        card.name.textContent = this.nameOf(state, seat);
      }
      // Spectators see the colour as the name already (a bot's colour is
      // said beside its name).
      const level = state.computer?.seat === seat ? t('player.level', { level: state.computer.level }) : '';
      const kind = bot ? t('player.bot') : level;
      const colour = state.you || bot ? t(`color.${color}`) : '';
      card.color.textContent = [kind, colour].filter(Boolean).join(' · ');
      card.element.classList.toggle('to-move', !state.result && state.actor === seat);
      const goal = state.config.capture_goal;
      if (goal !== null) {
        card.captures.hidden = false;
        card.captures.textContent = t('captures.card', { n: state.captures[color], goal });
      } else {
        card.captures.hidden = true;
      }
    }
    this.clocks.update(state);
    this.drawPresence();
  }

  /**
   * Takes a presence notice between states.
   * @param {Presence} presence
   */
  presence(presence) {
    if (!this.state) return;
    this.state = { ...this.state, presence };
    this.offset = presence.now - Date.now();
    this.drawPresence();
  }

  /**
   * The server's time now, as far as this page can tell.
   * @returns {number}
   */
  serverNow() {
    return Date.now() + this.offset;
  }

  /**
   * Who sits on `seat`, as the viewer calls them.
   * @private
   * @param {GameState} state
   * @param {Seat} seat
   * @returns {string}
   */
  nameOf(state, seat) {
    if (state.computer?.seat === seat) return t('player.computer-name');
    if (state.you === seat) return t('player.you');
    if (state.you) return t('player.opponent');
    return t(`color.${state.colors[seat]}`);
  }

  /** Redraws the presence lines (every second: "left 12 s ago"). @private */
  drawPresence() {
    const state = this.state;
    if (!state) return;
    const now = this.serverNow();
    for (const seat of /** @type {Seat[]} */ (['first', 'second'])) {
      const line = this.bySeat[seat].presence;
      const present = state.presence[seat];
      const left = state.presence.left_at[seat];
      line.classList.toggle('connected', present && state.computer?.seat !== seat);
      // A bot leaves its game's stream when the game ends: no news then.
      if (state.computer?.seat === seat || (state.bots[seat] && state.result)) {
        line.textContent = '';
      } else if (state.seats[seat] === 'open') {
        line.textContent = t('presence.waiting');
      } else if (present) {
        line.textContent = t('presence.connected');
      } else if (left !== null) {
        line.textContent = goneText(now - left);
      } else {
        line.textContent = t('presence.offline');
      }
    }
  }
}
