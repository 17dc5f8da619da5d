/**
 * "Your games" on the home page: the games this browser holds a seat in (or
 * organises), as seat_token.js remembers them, each with its game and
 * opening rule, a small picture of its board, whose turn it is ("your turn"
 * stands out and comes first), both clocks or the correspondence deadline,
 * and a link to its page. A game waiting for its opponent says so and links
 * to its page, where the invite link is.
 *
 * The 20 newest remembered games are fetched (`GET /api/games/{id}` with the
 * seat's token). A game that answers 404 (or 401: the token is no longer
 * good there) will never come back and is forgotten; one that cannot be
 * fetched now (network, 5xx) is skipped and kept. Finished games drop off the
 * list at once (`forgetGame`): the list is the games that still need you;
 * a finished game's page, its record and its rematch stay where they were,
 * and its token stays, so its link still knows the seat. The section is
 * hidden when nothing is left to show.
 * @module your_games
 */

import { ApiError, fetchState } from './api.js';
import { LOW_TIME_MS, formatDuration } from './clock_view.js';
import { byId } from './dom.js';
import { forgetGame, rememberedGames, storedToken } from './seat_token.js';
import { currentLanguage, t } from './strings.js';
import { SEPARATOR, timeLabel } from './time_choice.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */

/** How many of the newest remembered games are fetched. */
export const MAX_FETCHED = 20;

/**
 * A fetched game and the local time its state arrived at.
 * @typedef {object} Entry
 * @property {GameState} state
 * @property {number} receivedAt
 */

/** The games shown, your turn first. */
let entries = /** @type {Entry[]} */ ([]);
/** @type {number | undefined} */
let ticker;

/**
 * @param {Seat} seat
 * @returns {Seat}
 */
function other(seat) {
  return seat === 'first' ? 'second' : 'first';
}

/**
 * A clock's figure: `4:05`, `1:02:03`, `0:09.4` under ten seconds.
 * @param {number} ms
 * @returns {string}
 */
function formatClock(ms) {
  return formatDuration(ms, ms < LOW_TIME_MS);
}

/**
 * `in 2 days`, `in 5 hours`, `in 3 minutes` in the page's language.
 * @param {number} ms  from now
 * @returns {string}
 */
function relativeTime(ms) {
  // `always`: "in 2 days" is 48 hours, where "the day after tomorrow"
  // would name a calendar day.
  const format = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: 'always' });
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return format.format(Math.max(1, minutes), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/**
 * The time left to `seat` now, in local time, or null without a clock.
 * @param {Entry} entry
 * @param {Seat} seat
 * @returns {number | null}
 */
function remaining(entry, seat) {
  const clock = entry.state.clock;
  if (clock.running === seat && clock.deadline !== null) {
    return clock.deadline - (clock.now + (Date.now() - entry.receivedAt));
  }
  return seat === 'first' ? clock.first_ms : clock.second_ms;
}

/**
 * An element with a class and a text.
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The fewest lines a card's board picture shows across. */
const MINI_WINDOW = 9;

/**
 * The first line of a window of `width` lines over a board of `size` lines
 * that centres the stones' span `low`..`high` (1-based).
 * @param {number} low
 * @param {number} high
 * @param {number} width
 * @param {number} size
 * @returns {number}
 */
function windowStart(low, high, width, size) {
  const start = Math.round((low + high) / 2 - (width - 1) / 2);
  return Math.min(Math.max(start, 1), size - width + 1);
}

/**
 * A small picture of the game's board (decorative: the text beside it says
 * everything): the part where the stones are, nine lines across at least
 * (the centre before the first stone), so that stones stay visible on a
 * thumbnail of a 15x15 or 19x19 board.
 * @param {GameState} state
 * @returns {SVGSVGElement}
 */
function miniBoard(state) {
  const size = state.config.size;
  const step = 10;
  const stones = state.stones.map((stone) => ({
    color: stone.color,
    column: stone.point.charCodeAt(0) - 96,
    row: Number(stone.point.slice(1)),
  }));
  const centre = Math.ceil(size / 2);
  const columns = stones.length ? stones.map((stone) => stone.column) : [centre];
  const rows = stones.length ? stones.map((stone) => stone.row) : [centre];
  const span = Math.max(Math.max(...columns) - Math.min(...columns), Math.max(...rows) - Math.min(...rows)) + 1;
  const width = Math.min(size, Math.max(MINI_WINDOW, span + 4));
  const left = windowStart(Math.min(...columns), Math.max(...columns), width, size);
  const bottom = windowStart(Math.min(...rows), Math.max(...rows), width, size);
  const top = bottom + width - 1;
  /** The SVG y of row `row`: row 1 at the bottom. */
  const y = (/** @type {number} */ row) => (size + 1 - row) * step;

  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `${(left - 0.5) * step} ${y(top) - step / 2} ${width * step} ${width * step}`);
  svg.setAttribute('class', 'mini-board');
  svg.setAttribute('aria-hidden', 'true');
  const wood = document.createElementNS(SVG, 'rect');
  wood.setAttribute('class', 'pic-wood');
  wood.setAttribute('width', String((size + 1) * step));
  wood.setAttribute('height', String((size + 1) * step));
  const grid = document.createElementNS(SVG, 'path');
  grid.setAttribute('class', 'pic-grid');
  let d = '';
  for (let i = 1; i <= size; i++) {
    d += `M${step} ${i * step}H${size * step}M${i * step} ${step}V${size * step}`;
  }
  grid.setAttribute('d', d);
  svg.append(wood, grid);
  for (const stone of stones) {
    const circle = document.createElementNS(SVG, 'circle');
    circle.setAttribute('cx', String(stone.column * step));
    circle.setAttribute('cy', String(y(stone.row)));
    circle.setAttribute('r', '4.6');
    circle.setAttribute('class', `mini-stone ${stone.color}`);
    svg.append(circle);
  }
  return svg;
}

/**
 * One clock of a game card: a stone of the seat's colour, who, the time.
 * @param {Entry} entry
 * @param {Seat} seat
 * @param {string} who
 * @returns {HTMLElement}
 */
function clockFace(entry, seat, who) {
  const state = entry.state;
  const face = element('span', 'mini-clock');
  face.dataset.seat = seat;
  const running = state.clock.running === seat;
  face.classList.toggle('running', running);
  face.append(element('span', `stone-dot ${state.colors[seat]}`));
  face.append(element('span', 'mini-clock-who', who));
  const left = remaining(entry, seat);
  face.append(element('span', 'mini-clock-time', left === null ? '–' : formatClock(left)));
  return face;
}

/**
 * What a game card says about whose turn it is, and whether it is yours.
 * @param {GameState} state
 * @returns {{text: string, yours: boolean, waiting: boolean}}
 */
function turn(state) {
  const you = state.you;
  if (!you) {
    if (state.seats.first === 'open' || state.seats.second === 'open') {
      return { text: t('home.waiting-players'), yours: false, waiting: true };
    }
    const actor = state.actor ?? 'first';
    return { text: t('home.to-move', { color: t(`color.${state.colors[actor]}`) }), yours: false, waiting: false };
  }
  if (state.seats[other(you)] === 'open') {
    return { text: t('home.waiting-opponent'), yours: false, waiting: true };
  }
  if (state.actor === you) return { text: t('game.your-turn'), yours: true, waiting: false };
  return { text: t('home.their-turn'), yours: false, waiting: false };
}

/**
 * The card of one game: a link to its page.
 * @param {Entry} entry
 * @returns {HTMLLIElement}
 */
function card(entry) {
  const state = entry.state;
  const item = document.createElement('li');
  const link = /** @type {HTMLAnchorElement} */ (element('a', 'game-card'));
  link.href = `/g/${encodeURIComponent(state.id)}`;
  link.dataset.game = state.id;
  const status = turn(state);
  link.classList.toggle('your-turn', status.yours);
  link.classList.toggle('waiting-opponent', status.waiting);
  link.append(miniBoard(state));

  const text = element('span', 'game-card-text');
  const config = state.config;
  const title = [t(`game.${config.game}`), t(`opening.${config.opening}`)];
  if (config.game === 'freestyle' || config.game === 'standard') title.push(t(`size.${config.size}`));
  text.append(element('span', 'game-card-title', title.join(SEPARATOR)));
  const details = [timeLabel(state.time)];
  if (state.computer) details.push(t('home.vs-computer', { level: state.computer.level }));
  else if (!state.you) details.push(t('home.organising'));
  text.append(element('span', 'game-card-details', details.join(SEPARATOR)));
  text.append(element('span', 'game-card-status', status.text));

  const clock = state.clock;
  if (!status.waiting && clock.first_ms !== null && clock.second_ms !== null) {
    const clocks = element('span', 'game-card-clocks');
    if (state.you) {
      clocks.append(clockFace(entry, state.you, t('home.you')));
      clocks.append(clockFace(entry, other(state.you), t('home.opponent')));
    } else {
      for (const seat of /** @type {Seat[]} */ (['first', 'second'])) {
        clocks.append(clockFace(entry, seat, t(`color.${state.colors[seat]}`)));
      }
    }
    text.append(clocks);
  } else if (!status.waiting && clock.deadline !== null && state.time.endsWith('d')) {
    const due = clock.deadline - (clock.now + (Date.now() - entry.receivedAt));
    text.append(element('span', 'game-card-deadline', t('home.deadline', { when: relativeTime(due) })));
  }
  link.append(text);
  item.append(link);
  return item;
}

/** Redraws the list from the fetched states (after a language switch too). */
export function renderYourGames() {
  const section = byId('your-games');
  const list = byId('your-games-list');
  if (!section || !list) return;
  list.replaceChildren(...entries.map(card));
  section.hidden = entries.length === 0;
}

/** Updates the running clocks' figures in place (links keep their focus). */
function tick() {
  for (const entry of entries) {
    const running = entry.state.clock.running;
    if (!running || entry.state.clock.first_ms === null) continue;
    const face = document.querySelector(
      `.game-card[data-game="${CSS.escape(entry.state.id)}"] .mini-clock[data-seat="${running}"] .mini-clock-time`,
    );
    const left = remaining(entry, running);
    if (face && left !== null) face.textContent = formatClock(left);
  }
}

/**
 * Fetches the state of remembered game `id`, or null when it is not to be
 * shown (forgotten when it never will be again).
 * @param {string} id
 * @returns {Promise<Entry | null>}
 */
async function fetchEntry(id) {
  try {
    const state = await fetchState(id, storedToken(id));
    if (state.result) {
      forgetGame(id);
      return null;
    }
    return { state, receivedAt: Date.now() };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) forgetGame(id);
    return null;
  }
}

/** Fetches the remembered games and shows those still going on. */
export async function showYourGames() {
  const games = rememberedGames().slice(0, MAX_FETCHED);
  const fetched = await Promise.all(games.map((game) => fetchEntry(game.id)));
  const going = /** @type {Entry[]} */ (fetched.filter((entry) => entry !== null));
  // Your turn first; otherwise newest first, as remembered.
  entries = [
    ...going.filter((entry) => turn(entry.state).yours),
    ...going.filter((entry) => !turn(entry.state).yours),
  ];
  renderYourGames();
  const ticking = entries.some((entry) => entry.state.clock.running && entry.state.clock.first_ms !== null);
  if (ticking && ticker === undefined) ticker = window.setInterval(tick, 200);
}

// A tab left open for a while shows fresh turns and clocks when it comes back.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') showYourGames();
});
