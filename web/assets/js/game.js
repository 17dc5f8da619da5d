/**
 * The game page (`/g/{id}`): joins through an invite when the URL has one,
 * finds the seat token, draws the state and sends the player's actions.
 * @module game
 */

import { ApiError, GameSocket, fetchState, joinGame, sendAction } from './api.js';
import { Board } from './board.js';
import { ClockView } from './clock_view.js';
import {
  instruction,
  newStoneAnnouncement,
  pageTitle,
  renderMoves,
  resultText,
} from './game_view.js';
import { pendingRequest, renderPlatformActions } from './platform_actions.js';
import { findToken, rememberToken } from './seat_token.js';
import { applyStrings, bindLanguageSelect, t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */

/**
 * The element with `id`, which the page is known to have.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  return /** @type {T} */ (document.getElementById(id));
}

const view = {
  board: byId('board'),
  instruction: byId('instruction'),
  result: byId('result'),
  moves: /** @type {HTMLOListElement} */ (byId('moves')),
  error: byId('error'),
  connection: byId('connection'),
  presence: byId('presence'),
  role: byId('role'),
  announce: byId('announce'),
  swap: /** @type {HTMLButtonElement} */ (byId('swap')),
  keep: /** @type {HTMLButtonElement} */ (byId('keep')),
  declareForm: /** @type {HTMLFormElement} */ (byId('declare-form')),
  declareCount: /** @type {HTMLInputElement} */ (byId('declare-count')),
  pass: /** @type {HTMLButtonElement} */ (byId('pass')),
  coordForm: /** @type {HTMLFormElement} */ (byId('coord-form')),
  coord: /** @type {HTMLInputElement} */ (byId('coord')),
  resign: /** @type {HTMLButtonElement} */ (byId('resign')),
  pending: byId('pending'),
  platformActions: byId('platform-actions'),
  rematchLink: /** @type {HTMLAnchorElement} */ (byId('rematch-link')),
  download: /** @type {HTMLAnchorElement} */ (byId('download')),
  clocks: new ClockView(byId('clocks')),
  otherDevice: byId('other-device'),
  privateLink: /** @type {HTMLInputElement} */ (byId('private-link')),
};

const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
/** @type {string | null} */
let token = null;
/** @type {GameState | null} */
let state = null;
/** The viewer's seat, from the first state (socket states do not carry it). */
let mySeat = /** @type {import('./types.js').Seat | null} */ (null);
/** @type {Board | null} */
let board = null;
/** @type {GameSocket | null} */
let socket = null;

/**
 * Shows an error sentence (or clears it with null).
 * @param {string | null} message
 */
function showError(message) {
  view.error.textContent = message ?? '';
}

/**
 * The actions open to the viewer's seat now.
 * @returns {string[]}
 */
function myOpenActions() {
  if (!state || !state.you) return [];
  return state.open[state.you] ?? [];
}

/**
 * Sends an action: on the socket when it is open, else over HTTP.
 * @param {string} action
 */
async function act(action) {
  if (!token) return;
  showError(null);
  if (socket?.act(action)) return;
  try {
    render(await sendAction(id, token, action));
  } catch (error) {
    showError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A click (or Enter) on a point: a stone, an offer or a choice, whichever is
 * open to the viewer now.
 * @param {string} point
 */
function onPoint(point) {
  const open = myOpenActions();
  for (const word of ['place', 'offer', 'choose']) {
    if (open.includes(word)) {
      act(`${word} ${point}`);
      return;
    }
  }
}

/**
 * Draws a state.
 * @param {GameState} next
 */
function render(next) {
  if (state && next.version < state.version) return;
  next = { ...next, you: mySeat };
  const announcement = newStoneAnnouncement(state, next);
  if (announcement) view.announce.textContent = announcement;
  state = next;
  if (!board || board.size !== next.config.size) {
    board = new Board(view.board, next.config.size, onPoint);
  }
  board.render(next);
  view.clocks.update(next);
  view.instruction.textContent = instruction(next) ?? '';
  const result = resultText(next);
  view.result.hidden = result === null;
  view.result.textContent = result ?? '';
  renderMoves(view.moves, next);
  document.title = pageTitle(next);
  view.role.textContent = next.you
    ? t('game.you-are', { color: t(`color.${next.colors[next.you]}`) })
    : t('game.spectating');
  view.presence.textContent = t('presence.spectators', { n: next.presence.spectators });
  const open = myOpenActions();
  view.swap.hidden = !open.includes('swap');
  view.keep.hidden = !open.includes('keep');
  view.declareForm.hidden = !open.includes('declare');
  view.declareCount.max = next.config.opening === 'soosorv8' ? '8' : '10';
  view.pass.hidden = !open.includes('pass');
  view.coordForm.hidden = !['place', 'offer', 'choose'].some((word) => open.includes(word));
  view.resign.hidden = !(next.you && !next.result);
  renderPlatformActions(view.platformActions, open, act);
  view.pending.textContent = pendingRequest(next) ?? '';
  view.rematchLink.hidden = !next.rematch_id;
  if (next.rematch_id) view.rematchLink.href = rematchUrl(next.rematch_id);
  document.dispatchEvent(new CustomEvent('narabe:state', { detail: next }));
}

/**
 * The link to a rematch: the players keep their tokens there, so the token
 * is remembered for the new game too.
 * @param {string} rematchId
 * @returns {string}
 */
function rematchUrl(rematchId) {
  if (!token) return `/g/${encodeURIComponent(rematchId)}`;
  rememberToken(rematchId, token);
  return `/g/${encodeURIComponent(rematchId)}#token=${token}`;
}

/**
 * Whether `text` names a point of the current board, such as `h8`.
 * @param {string} text
 * @returns {boolean}
 */
function isPointOfBoard(text) {
  const found = /^([a-z])(\d{1,2})$/.exec(text);
  if (!found || !state) return false;
  const col = found[1].charCodeAt(0) - 97;
  const row = Number(found[2]);
  return col < state.config.size && row >= 1 && row <= state.config.size;
}

/** Wires the buttons to their actions. */
function bindControls() {
  view.swap.addEventListener('click', () => act('swap'));
  view.keep.addEventListener('click', () => act('keep'));
  view.pass.addEventListener('click', () => act('pass'));
  view.resign.addEventListener('click', () => {
    if (confirm(t('confirm.resign'))) act('resign');
  });
  view.coordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = view.coord.value.trim().toLowerCase();
    if (!isPointOfBoard(text)) {
      showError(t('error.not-a-point', { text }));
      return;
    }
    view.coord.value = '';
    onPoint(text);
  });
  view.declareForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(`declare ${view.declareCount.value}`);
  });
}

/**
 * Takes the open seat through the invite in the URL, if any, and replaces
 * the URL with the private link so a reload does not try to join again.
 */
async function joinThroughInvite() {
  const invite = new URLSearchParams(location.search).get('invite');
  if (!invite) return;
  try {
    const joined = await joinGame(id, invite);
    rememberToken(id, joined.token);
    history.replaceState(null, '', `/g/${encodeURIComponent(id)}#token=${joined.token}`);
  } catch (error) {
    history.replaceState(null, '', `/g/${encodeURIComponent(id)}`);
    if (!(error instanceof ApiError && error.code === 'seat-taken')) throw error;
    showError(error.message);
  }
}

/** Starts the page. */
async function main() {
  applyStrings();
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (document.getElementById('language')), () => {
    if (state) render(state);
    else view.instruction.textContent = t('game.loading');
    if (board) {
      view.board.querySelector('svg')?.setAttribute('aria-label', t('board.label', { size: board.size }));
    }
  });
  bindControls();
  view.download.href = `/api/games/${encodeURIComponent(id)}/log`;
  view.download.download = `narabe-${id}.txt`;
  view.instruction.textContent = t('game.loading');
  try {
    await joinThroughInvite();
    token = findToken(id);
    const first = await fetchState(id, token);
    mySeat = first.you ?? null;
    if (token && mySeat) {
      view.privateLink.value = `${location.origin}/g/${encodeURIComponent(id)}#token=${token}`;
      view.otherDevice.hidden = false;
    }
    render(first);
  } catch (error) {
    showError(t('error.generic', { message: error instanceof Error ? error.message : String(error) }));
    return;
  }
  socket = new GameSocket(id, token, {
    onState: render,
    onPresence: (presence) => {
      view.presence.textContent = t('presence.spectators', { n: presence.spectators });
    },
    onError: (_code, message) => showError(message),
    onRematch: (rematchId) => location.assign(rematchUrl(rematchId)),
    onConnection: (connected) => {
      view.connection.textContent = connected ? '' : t('connection.lost');
    },
  });
  socket.connect();
}

main();
