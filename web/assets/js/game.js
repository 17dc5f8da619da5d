/**
 * The game page (`/g/{id}`): joins through an invite when the URL has one,
 * finds the seat token, draws the state and sends the player's actions:
 * through move confirmation when it is on (a ghost stone first, sent on a
 * second tap or the Play button), and with the game's foul policy applied
 * before a forbidden point is sent (`refused`: explained, nothing sent;
 * `loses`: a warning to confirm).
 * @module game
 */

import { ApiError, GameSocket, fetchState, joinGame, sendAction } from './api.js';
import { Board } from './board.js';
import { ClockView } from './clock_view.js';
import {
  gameSummary,
  instruction,
  newStoneAnnouncement,
  pageTitle,
  renderMoves,
  resultText,
} from './game_view.js';
import { pendingRequest, renderPlatformActions } from './platform_actions.js';
import { beep, preference, setPreference, unlockSound } from './preferences.js';
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
  captures: byId('captures'),
  summary: byId('summary'),
  foulInfo: byId('foul-info'),
  hintsOff: byId('hints-off'),
  confirmRow: byId('confirm-row'),
  confirmText: byId('confirm-text'),
  confirmMove: /** @type {HTMLButtonElement} */ (byId('confirm-move')),
  cancelMove: /** @type {HTMLButtonElement} */ (byId('cancel-move')),
  settings: byId('settings'),
  optNumbers: /** @type {HTMLInputElement} */ (byId('opt-numbers')),
  optConfirm: /** @type {HTMLInputElement} */ (byId('opt-confirm')),
  optSound: /** @type {HTMLInputElement} */ (byId('opt-sound')),
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
 * The point chosen and drawn as a ghost stone, awaiting confirmation.
 * @type {{word: string, point: string} | null}
 */
let pendingMove = null;

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
 * The word of the action a point stands for now (`place`, `offer` or
 * `choose`), or null when the viewer has none open.
 * @returns {string | null}
 */
function pointWord() {
  const open = myOpenActions();
  return ['place', 'offer', 'choose'].find((word) => open.includes(word)) ?? null;
}

/**
 * The foul at `point` if the viewer, holding Black, would place a stone on
 * a point the state lists as forbidden (with hints off the list is empty and
 * the server alone decides).
 * @param {string} word
 * @param {string} point
 * @returns {import('./types.js').Foul | null}
 */
function foulOfMove(word, point) {
  if (!state || word !== 'place' || !state.you || state.colors[state.you] !== 'black') return null;
  return state.fouls.find((foul) => foul.point === point) ?? null;
}

/**
 * The colour of the stone the next board move puts down: moves alternate
 * colours, move 1 being the game's first colour (White in pente).
 * @returns {import('./types.js').Color}
 */
function nextColor() {
  const first = state?.config.game === 'pente' ? 'white' : 'black';
  const odd = ((state?.moves.length ?? 0) + 1) % 2 === 1;
  return odd === (first === 'black') ? 'black' : 'white';
}

/**
 * Sends the action of a point, after the warning of a losing forbidden
 * point when there is one.
 * @param {string} word
 * @param {string} point
 */
function sendPoint(word, point) {
  const foul = foulOfMove(word, point);
  if (foul && !confirm(t('confirm.foul', { point, kind: t(`foul.${foul.kind}`) }))) return;
  setPending(null);
  act(`${word} ${point}`);
}

/**
 * Sets (or clears) the move awaiting confirmation and redraws.
 * @param {{word: string, point: string} | null} move
 */
function setPending(move) {
  pendingMove = move;
  view.confirmRow.hidden = move === null;
  if (move) {
    view.confirmText.textContent = t('confirm.pending', { point: move.point });
    view.confirmMove.textContent = t('confirm.play', { point: move.point });
  }
  if (state) drawBoard();
}

/**
 * A click, tap, Enter or Space on a point: a stone, an offer or a choice,
 * whichever is open to the viewer now. A forbidden point under the
 * `refused` policy is explained and not sent; with move confirmation on, the
 * first choice of a point only draws its ghost stone.
 * @param {string} point
 */
function onPoint(point) {
  const word = pointWord();
  if (!word || !state) return;
  const foul = foulOfMove(word, point);
  if (foul && state.config.foul_policy === 'refused') {
    setPending(null);
    showError(t('foul.refused', { point, kind: t(`foul.${foul.kind}`) }));
    return;
  }
  const occupied = state.stones.some((stone) => stone.point === point);
  if (view.optConfirm.checked && !occupied && pendingMove?.point !== point) {
    setPending({ word, point });
    return;
  }
  sendPoint(word, point);
}

/**
 * The sentence that explains a foul: its kind and each line that makes it.
 * @param {import('./types.js').Foul} foul
 * @returns {string}
 */
function foulExplanation(foul) {
  const lines = foul.lines.map((line) => {
    const params = {
      shape: t(`shape.${line.shape}`),
      stones: line.stones.join(' '),
      keys: line.key_points.join(' '),
    };
    return t(line.key_points.length ? 'foul.line-keys' : 'foul.line', params);
  });
  return [t('foul.explain', { point: foul.point, kind: t(`foul.${foul.kind}`) }), ...lines].join(' ');
}

/**
 * Shows (or clears) the explanation of the forbidden point hovered or
 * focused on the board.
 * @param {import('./types.js').Foul | null} foul
 */
function onFoul(foul) {
  view.foulInfo.textContent = foul ? foulExplanation(foul) : '';
}

/** Draws the board of the current state with the viewer's preferences. */
function drawBoard() {
  if (!state || !board) return;
  const ghost = pendingMove ? { point: pendingMove.point, color: nextColor() } : null;
  board.render(state, { numbers: view.optNumbers.checked, ghost });
}

/**
 * Draws a state (from the socket, without the viewer's seat, or from HTTP).
 * @param {import('./types.js').GameView} incoming
 */
function render(incoming) {
  if (state && incoming.version < state.version) return;
  /** @type {GameState} */
  const next = { ...incoming, you: mySeat };
  const announcement = newStoneAnnouncement(state, next);
  if (announcement) view.announce.textContent = announcement;
  // The new stone is the opponent's when the previous state had them act
  // (in some openings one player places stones of both colours).
  if (announcement && state && next.you && state.actor !== next.you && view.optSound.checked) {
    beep();
    view.settings.dataset.beeps = String(Number(view.settings.dataset.beeps ?? 0) + 1);
  }
  const before = state;
  state = next;
  // A move awaiting confirmation lapses when the game moves on.
  if (pendingMove && (!before || before.version !== next.version)) {
    if (!pointWord() || next.stones.some((stone) => stone.point === pendingMove?.point)) {
      pendingMove = null;
      view.confirmRow.hidden = true;
    }
  }
  if (!board || board.size !== next.config.size) {
    board = new Board(view.board, next.config.size, onPoint, onFoul);
  }
  drawBoard();
  if (next.config.game === 'pente' || next.captures.black + next.captures.white > 0) {
    view.captures.hidden = false;
    const target = next.config.keryo ? 15 : 10;
    view.captures.textContent = `${t('captures.title', { n: target })}: ${/** @type {import('./types.js').Color[]} */ (['black', 'white'])
      .map((color) => t('captures.line', { color: t(`color.${color}`), n: next.captures[color] }))
      .join(' · ')}`;
  } else {
    view.captures.hidden = true;
  }
  view.summary.textContent = gameSummary(next);
  view.hintsOff.hidden = !(next.config.game === 'renju' && next.hints === false && !next.result);
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
  // The buttons vanish with the pending move: the keyboard focus goes back
  // to the point on the board.
  view.confirmMove.addEventListener('click', () => {
    const move = pendingMove;
    if (!move) return;
    sendPoint(move.word, move.point);
    if (!pendingMove) board?.focusPoint(move.point);
  });
  view.cancelMove.addEventListener('click', () => {
    const point = pendingMove?.point;
    setPending(null);
    if (point) board?.focusPoint(point);
  });
  view.optNumbers.checked = preference('numbers');
  view.optConfirm.checked = preference('confirm');
  view.optSound.checked = preference('sound');
  view.optNumbers.addEventListener('change', () => {
    setPreference('numbers', view.optNumbers.checked);
    drawBoard();
  });
  view.optConfirm.addEventListener('change', () => {
    setPreference('confirm', view.optConfirm.checked);
    if (!view.optConfirm.checked) setPending(null);
  });
  view.optSound.addEventListener('change', () => {
    setPreference('sound', view.optSound.checked);
    if (view.optSound.checked) unlockSound();
  });
  view.coordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = view.coord.value.trim().toLowerCase();
    if (!isPointOfBoard(text)) {
      showError(t('error.not-a-point', { text }));
      return;
    }
    view.coord.value = '';
    // A typed point is deliberate: it skips move confirmation, not the
    // foul policy.
    const word = pointWord();
    const foul = word ? foulOfMove(word, text) : null;
    if (word && foul && state?.config.foul_policy === 'refused') {
      onPoint(text);
    } else if (word) {
      sendPoint(word, text);
    }
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
    if (pendingMove) setPending(pendingMove);
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
