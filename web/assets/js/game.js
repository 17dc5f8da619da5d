/**
 * The game page (`/g/{id}`), one address for everything a game goes
 * through: the creator's challenge page while the friend has not joined, the
 * friend's invitation with its Join button, then the game itself (board,
 * player cards with clocks and presence, the opening explained step by step,
 * the move table with review, offers and claims, analysis). The seat token
 * and the invite code are read from the address once and the address is
 * replaced by the plain game address, so copying it gives a spectator link.
 * @module game
 */

import {
  ApiError,
  GameSocket,
  fetchInvitation,
  fetchInviteLink,
  fetchState,
  joinGame,
  sendAction,
  takeRematchSeat,
} from './api.js';
import { AnalysisView } from './analysis_view.js';
import { gameAnalysisUrl } from './analysis_link.js';
import { Board } from './board.js';
import { forgetInviteCode, takeSecretsFromAddress } from './address_secrets.js';
import { ChallengeView, creatorWaits, organiserWaits } from './challenge_view.js';
import { byId } from './dom.js';
import { describeError, errorText } from './error_messages.js';
import { fitDownloads, linkDownloads } from './download_menu.js';
import {
  foulExplanation,
  gameSummary,
  newStoneAnnouncement,
  pageTitle,
  resultText,
} from './game_view.js';
import { JoinView } from './join_view.js';
import { MoveInput } from './move_input.js';
import { renderMoveTable } from './move_table.js';
import { transitionNotice } from './notices.js';
import { choiceLabels, declaredLine, guideText, turnLine } from './opening_guide.js';
import { goneText, PlayerCards } from './player_cards.js';
import { pendingRequest, renderPlatformActions } from './platform_actions.js';
import {
  beep,
  preference,
  setPreference,
  unlockSound,
  unlockSoundOnFirstGesture,
} from './preferences.js';
import { Review, reviewedState } from './review.js';
import { findInvites, rememberToken } from './seat_token.js';
import { bindShareButtons, labelShareButtons, showQr } from './share_links.js';
import { applyStrings, bindLanguageSelect, t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */

const view = {
  notice: byId('notice'),
  pageError: byId('page-error'),
  loading: byId('loading'),
  game: byId('game'),
  board: byId('board'),
  instruction: byId('instruction'),
  guide: byId('guide'),
  declared: byId('declared'),
  result: byId('result'),
  moves: byId('moves'),
  error: byId('error'),
  connection: byId('connection'),
  presence: byId('presence'),
  role: byId('role'),
  announce: byId('announce'),
  swap: /** @type {HTMLButtonElement} */ (byId('swap')),
  keep: /** @type {HTMLButtonElement} */ (byId('keep')),
  placeMore: /** @type {HTMLButtonElement} */ (byId('place-more')),
  declareForm: /** @type {HTMLFormElement} */ (byId('declare-form')),
  declareCount: /** @type {HTMLInputElement} */ (byId('declare-count')),
  pass: /** @type {HTMLButtonElement} */ (byId('pass')),
  coordForm: /** @type {HTMLFormElement} */ (byId('coord-form')),
  resign: /** @type {HTMLButtonElement} */ (byId('resign')),
  pending: byId('pending'),
  claimInfo: byId('claim-info'),
  platformActions: byId('platform-actions'),
  rematchLink: /** @type {HTMLAnchorElement} */ (byId('rematch-link')),
  downloadMenu: byId('download-menu'),
  otherDeviceButton: /** @type {HTMLButtonElement} */ (byId('other-device-button')),
  otherDevice: byId('other-device'),
  privateLink: /** @type {HTMLInputElement} */ (byId('private-link')),
  summary: byId('summary'),
  foulInfo: byId('foul-info'),
  hintsOff: byId('hints-off'),
  reviewBar: byId('review-bar'),
  reviewText: byId('review-text'),
  settings: byId('settings'),
  soundToggle: /** @type {HTMLButtonElement} */ (byId('sound-toggle')),
  optNumbers: /** @type {HTMLInputElement} */ (byId('opt-numbers')),
  optConfirm: /** @type {HTMLInputElement} */ (byId('opt-confirm')),
  optSound: /** @type {HTMLInputElement} */ (byId('opt-sound')),
  optLowTime: /** @type {HTMLInputElement} */ (byId('opt-low-time')),
};

const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const gameUrl = `/g/${encodeURIComponent(id)}`;
/** @type {string | null} */
let token = null;
/** @type {GameState | null} */
let state = null;
/** The viewer's seat, from the first state (socket states do not carry it). */
let mySeat = /** @type {Seat | null} */ (null);
/** @type {Board | null} */
let board = null;
/** @type {GameSocket | null} */
let socket = null;
/** The invite code this page was opened with, if any. */
let inviteCode = /** @type {string | null} */ (null);
/** @type {'loading' | 'challenge' | 'join' | 'game'} */
let mode = 'loading';
/** The seat the invite of this page is for, once looked up. */
let joiningSeat = /** @type {Seat | null} */ (null);
/** Whether this page is taking its seat through the invite right now. */
let joinPending = false;
/** Whether the notice says that the game waits for its second player. */
let waitingNotice = false;
/** The creator's invite link, once known. */
let inviteLink = /** @type {string | null} */ (null);
/** The viewer's own requests it withdrew (so that no "declined" follows). */
const withdrawn = new Set();

const review = new Review(() => drawGame());
const cards = new PlayerCards(byId('card-top'), byId('card-bottom'), (seat) => {
  if (seat === mySeat && view.optLowTime.checked) beep('low');
});
const analysis = new AnalysisView(id, /** @type {HTMLButtonElement} */ (byId('analyse')), byId('analysis'), () =>
  drawBoard(),
);
const challenge = new ChallengeView(cancelGame);
const moves = new MoveInput({
  state: () => state,
  act,
  explain: (message) => showError(message),
  reviewing: () => review.ply !== null,
  backToLive: () => review.go(null),
  redraw: () => drawBoard(),
  focusPoint: (point) => board?.focusPoint(point),
});
const joining = new JoinView(joinThroughInvite);

/**
 * Cancels the game from the challenge page (aborts it) and goes home.
 */
async function cancelGame() {
  if (!token) return;
  try {
    await sendAction(id, token, 'abort');
    location.assign('/');
  } catch (error) {
    showPageError(describeError(error));
  }
}

/**
 * Shows an error sentence (or clears it with null).
 * @param {string | null} message
 */
function showError(message) {
  view.error.textContent = message ?? '';
}

/**
 * Shows a notice above the page (or clears it with null).
 * @param {string | null} text
 */
function showNotice(text) {
  waitingNotice = false;
  view.notice.hidden = !text;
  view.notice.textContent = text ?? '';
}

/**
 * Shows a sentence above the challenge or invitation page (or clears it).
 * @param {string | null} text
 */
function showPageError(text) {
  view.pageError.hidden = !text;
  view.pageError.textContent = text ?? '';
}

/**
 * The actions open to the viewer's seat now.
 * @returns {import('./types.js').ActionName[]}
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
  const withdrawal = /^(draw|takeback|rematch) withdraw$/.exec(action);
  if (withdrawal) withdrawn.add(withdrawal[1]);
  if (socket?.act(action)) return;
  try {
    render(await sendAction(id, token, action));
  } catch (error) {
    showError(describeError(error));
  }
}

/** Draws the board: the live state, or the move under review. */
function drawBoard() {
  if (!state || !board) return;
  const live = review.ply === null;
  const shown = live ? state : reviewedState(state, review.ply ?? 0);
  const result = live ? state.result : null;
  board.render(shown, {
    numbers: view.optNumbers.checked,
    ghost: live ? moves.ghost() : null,
    row: result?.row ?? [],
    foul: result?.foul ?? null,
    best: analysis.mark(),
    reviewing: !live,
  });
}

/**
 * The sentence about an absent opponent: since when they are gone and when
 * a claim opens, or that it is open; null while they are here.
 * @returns {string | null}
 */
function claimSentence() {
  const you = state?.you;
  if (!state || !you || state.result || state.computer) return null;
  const opponent = you === 'first' ? 'second' : 'first';
  const left = state.presence.left_at[opponent];
  if (state.presence[opponent] || left === null || state.seats[opponent] !== 'taken') return null;
  const now = cards.serverNow();
  const gone = goneText(now - left);
  const opens = state.presence.claimable_from[opponent];
  if (opens === null) return t('claim.gone', { gone });
  if (myOpenActions().includes('claim win') || now >= opens) return t('claim.open', { gone });
  return t('claim.soon', { gone, n: Math.ceil((opens - now) / 1000) });
}

/**
 * Says how many watch, when anybody does.
 * @param {number} n
 */
function drawSpectators(n) {
  view.presence.hidden = n === 0;
  view.presence.textContent = n === 0 ? '' : t('presence.spectators', { n });
}

/** Redraws the claim sentence (every second while an opponent is away). */
function drawClaim() {
  const sentence = claimSentence();
  view.claimInfo.hidden = sentence === null;
  view.claimInfo.textContent = sentence ?? '';
}

/** Draws every part of the game for the current state and review. */
function drawGame() {
  const next = state;
  if (!next) return;
  review.setTotal(next.moves.length);
  drawBoard();
  cards.render(next);
  const live = review.ply === null;
  view.reviewBar.hidden = live;
  view.reviewText.textContent = live ? '' : t('review.showing', { n: review.shown(), total: next.moves.length });
  view.summary.textContent = gameSummary(next);
  view.hintsOff.hidden = !(next.config.game === 'renju' && next.hints === false && !next.result);
  view.instruction.textContent = turnLine(next) ?? '';
  view.guide.textContent = guideText(next);
  const declared = declaredLine(next);
  view.declared.hidden = declared === null;
  view.declared.textContent = declared ?? '';
  const result = resultText(next);
  view.result.hidden = result === null;
  view.result.textContent = result ?? '';
  renderMoveTable(view.moves, next, review.shown(), (ply) => review.go(ply));
  document.title = pageTitle(next);
  view.role.textContent = next.you
    ? t(`game.you-play.${next.colors[next.you]}`)
    : t('game.spectating');
  drawSpectators(next.presence.spectators);
  const open = myOpenActions();
  const labels = choiceLabels(next, open);
  for (const [button, label] of /** @type {[HTMLButtonElement, string | null][]} */ ([
    [view.swap, labels.swap],
    [view.keep, labels.keep],
    [view.placeMore, labels.more],
  ])) {
    button.hidden = label === null;
    button.textContent = label ?? '';
  }
  view.declareForm.hidden = !open.includes('declare');
  view.declareCount.max = String(next.declare_max ?? 10);
  view.pass.hidden = !open.includes('pass');
  view.coordForm.hidden = moves.word() === null;
  view.resign.hidden = !(next.you && !next.result);
  renderPlatformActions(view.platformActions, open, act);
  view.pending.textContent = pendingRequest(next) ?? '';
  drawClaim();
  view.rematchLink.hidden = !next.rematch_id;
  if (next.rematch_id) view.rematchLink.href = rematchUrl(next.rematch_id);
  // A tournament's game links back to its tournament.
  const tournamentLink = /** @type {HTMLAnchorElement} */ (byId('tournament-link'));
  tournamentLink.hidden = !next.tournament;
  if (next.tournament) tournamentLink.href = `/t/${encodeURIComponent(next.tournament)}`;
  analysis.update(next, review.shown(), live);
  const boardLink = /** @type {HTMLAnchorElement} */ (byId('analysis-board-link'));
  boardLink.hidden = !AnalysisView.allowed(next);
  if (!boardLink.hidden) boardLink.href = gameAnalysisUrl(next.config, next.moves);
  document.dispatchEvent(new CustomEvent('narabe:state', { detail: next }));
}

/**
 * Switches what the page shows.
 * @param {'loading' | 'challenge' | 'join' | 'game'} next
 */
function setMode(next) {
  mode = next;
  view.loading.hidden = next !== 'loading';
  view.game.hidden = next !== 'game';
  if (next !== 'challenge') challenge.hide();
  if (next !== 'join') joining.hide();
}

/** Shows the challenge page for the state now. */
function showChallenge() {
  if (!state) return;
  setMode('challenge');
  challenge.show(state, {
    invite: inviteLink,
    organiser: state.you ? null : findInvites(id),
    watch: `${location.origin}${gameUrl}`,
  });
}

/**
 * Draws a state (from the socket, without the viewer's seat, or from HTTP).
 * @param {import('./types.js').GameView} incoming
 */
function render(incoming) {
  if (state && incoming.version < state.version) return;
  /** @type {GameState} */
  const next = { ...incoming, you: mySeat };
  const before = state;
  const announcement = newStoneAnnouncement(before, next);
  if (announcement) view.announce.textContent = announcement;
  if (announcement && before && view.optSound.checked) {
    // The new stone is the viewer's own when they acted in the state before
    // (in some openings one player places stones of both colours).
    beep(next.you && before.actor === next.you ? 'own' : 'opponent');
    view.settings.dataset.beeps = String(Number(view.settings.dataset.beeps ?? 0) + 1);
  }
  const notice = before ? transitionNotice(before, next, withdrawn) : null;
  // A notice stays until the next stone, unless a new one replaces it.
  if (notice) showNotice(notice);
  else if (announcement && !waitingNotice) showNotice(null);
  state = next;
  moves.follow(before, next);
  if (mode === 'challenge') {
    if (creatorWaits(next) || organiserWaits(next, id)) {
      challenge.update(next);
      return;
    }
    showNotice(next.result ? null : t(next.you ? 'notice.friend-joined' : 'notice.players-joined'));
  }
  if (mode === 'join') {
    // While this page takes the seat, the seat it is taking looks taken.
    if (joinPending) return;
    const seat = joiningSeat;
    if (seat && next.seats[seat] === 'open' && !next.result) return;
    showNotice(t('notice.invite-used'));
  }
  if (waitingNotice && next.seats.first === 'taken' && next.seats.second === 'taken') showNotice(null);
  if (mode !== 'game') setMode('game');
  if (!board || board.size !== next.config.size) {
    fitDownloads(view.downloadMenu, next.config.size);
    board = new Board(view.board, next.config.size, (point) => moves.choose(point), (foul) => {
      view.foulInfo.textContent = foul ? foulExplanation(foul) : '';
    });
  }
  drawGame();
}

/**
 * The address of a rematch.
 * @param {string} rematchId
 * @returns {string}
 */
function rematchUrl(rematchId) {
  return `/g/${encodeURIComponent(rematchId)}`;
}

/**
 * Goes to a rematch. A player's page first asks for its seat there with the
 * token it holds (no token is carried into a rematch otherwise) and remembers
 * the rematch's own token; when that fails the page says why and stays.
 * @param {string} rematchId
 */
async function goToRematch(rematchId) {
  if (token) {
    try {
      const taken = await takeRematchSeat(rematchId, token);
      rememberToken(rematchId, taken.token);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'seat-taken')) {
        showError(describeError(error));
        return;
      }
      // A rematch made before seats were asked for holds this very token.
      rememberToken(rematchId, token);
    }
  }
  location.assign(rematchUrl(rematchId));
}

/** Keeps the sound toggle in the header and the setting in step. */
function drawSoundToggle() {
  const on = view.optSound.checked;
  view.soundToggle.setAttribute('aria-pressed', String(on));
  view.soundToggle.setAttribute('aria-label', t(on ? 'settings.sound-off' : 'settings.sound-on'));
  view.soundToggle.title = view.soundToggle.getAttribute('aria-label') ?? '';
}

/** Wires the buttons to their actions. */
function bindControls() {
  view.swap.addEventListener('click', () => act('swap'));
  view.keep.addEventListener('click', () => act('keep'));
  view.placeMore.addEventListener('click', () => {
    // Placing or offering happens on the board: say so and go there.
    view.guide.textContent = t(state?.phase === 'taraguchi-choice' ? 'guide.offer-first' : 'guide.place-two');
    board?.focusPoint(state?.config.size === 19 ? 'j10' : 'h8');
  });
  view.pass.addEventListener('click', () => act('pass'));
  view.rematchLink.addEventListener('click', (event) => {
    if (!token || !state?.rematch_id) return;
    event.preventDefault();
    void goToRematch(state.rematch_id);
  });
  view.resign.addEventListener('click', () => {
    if (confirm(t('confirm.resign'))) act('resign');
  });
  view.optNumbers.checked = preference('numbers');
  view.optConfirm.checked = preference('confirm');
  view.optSound.checked = preference('sound');
  view.optLowTime.checked = preference('low-time');
  drawSoundToggle();
  view.optNumbers.addEventListener('change', () => {
    setPreference('numbers', view.optNumbers.checked);
    drawBoard();
  });
  view.optConfirm.addEventListener('change', () => setPreference('confirm', view.optConfirm.checked));
  const soundChanged = () => {
    setPreference('sound', view.optSound.checked);
    if (view.optSound.checked) unlockSound();
    drawSoundToggle();
  };
  view.optSound.addEventListener('change', soundChanged);
  view.soundToggle.addEventListener('click', () => {
    view.optSound.checked = !view.optSound.checked;
    soundChanged();
  });
  view.optLowTime.addEventListener('change', () => {
    setPreference('low-time', view.optLowTime.checked);
    if (view.optLowTime.checked) unlockSound();
  });
  view.declareForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(`declare ${view.declareCount.value}`);
  });
  byId('review-live').addEventListener('click', () => review.go(null));
  byId('review-first').addEventListener('click', () => review.go(0));
  byId('review-prev').addEventListener('click', () => review.go(review.shown() - 1));
  byId('review-next').addEventListener('click', () => review.go(review.shown() + 1));
  byId('review-last').addEventListener('click', () => review.go(null));
  view.otherDeviceButton.addEventListener('click', () => {
    const open = view.otherDevice.hidden;
    view.otherDevice.hidden = !open;
    view.otherDeviceButton.setAttribute('aria-expanded', String(open));
    if (open) showQr(/** @type {HTMLImageElement} */ (byId('private-qr')), view.privateLink.value, t('game.private-qr'));
  });
  bindShareButtons(view.otherDevice);
  setInterval(drawClaim, 1000);
}

/** Sets the aria-labels of the page's icon controls in the current language. */
function labelControls() {
  for (const element of document.querySelectorAll('[data-t-label]')) {
    element.setAttribute('aria-label', t(element.getAttribute('data-t-label') ?? ''));
    element.setAttribute('title', t(element.getAttribute('data-t-label') ?? ''));
  }
}

/** Takes the seat through the invite (the Join button). */
async function joinThroughInvite() {
  if (!inviteCode) return;
  joinPending = true;
  showPageError(null);
  try {
    const joined = await joinGame(id, inviteCode);
    token = joined.token;
    mySeat = joined.seat;
    rememberToken(id, joined.token);
    dropInviteCode();
    socket?.close();
    const first = await fetchState(id, token);
    setMode('game');
    render(first);
    showPrivateLink();
    connect();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'seat-taken') {
      dropInviteCode();
      setMode('game');
      if (state) render(state);
      showNotice(t('notice.invite-used'));
      return;
    }
    showPageError(describeError(error));
  } finally {
    joinPending = false;
  }
}

/** Offers the private link of the viewer's seat for another device. */
function showPrivateLink() {
  if (!token || !mySeat) return;
  view.privateLink.value = `${location.origin}${gameUrl}#token=${token}`;
  view.otherDeviceButton.hidden = false;
}

/** Drops the invite code once it is used up. */
function dropInviteCode() {
  inviteCode = null;
  forgetInviteCode(id);
}

/** Opens the game's socket with the token this page holds. */
function connect() {
  socket = new GameSocket(id, token, {
    onState: render,
    onPresence: (presence) => {
      if (state) state = { ...state, presence };
      cards.presence(presence);
      drawSpectators(presence.spectators);
      drawClaim();
    },
    onError: (code, message) => showError(errorText(code, message)),
    onRematch: (rematchId) => void goToRematch(rematchId),
    onConnection: (connected) => {
      view.connection.textContent = connected ? '' : t('connection.lost');
    },
  });
  socket.connect();
}

/**
 * Decides what the first state calls for: the challenge page for a waiting
 * creator or organiser, the invitation for a visitor with an open invite,
 * else the game (with a sentence when the invite was used up, or when the
 * game still waits for its second player).
 * @param {GameState} first
 */
async function chooseMode(first) {
  state = first;
  if (creatorWaits(first)) {
    // A browser holding a seat never joins through the invite again.
    dropInviteCode();
    if (token) {
      inviteLink = await fetchInviteLink(id, token).then(
        (answer) => answer.invite,
        () => null,
      );
    }
    showChallenge();
    return;
  }
  if (!first.you && inviteCode) {
    const invitation = await fetchInvitation(id, inviteCode).catch(() => null);
    if (invitation?.open && !first.result) {
      joiningSeat = invitation.seat;
      setMode('join');
      joining.show(first, invitation.seat);
      return;
    }
    dropInviteCode();
    const cancelled = first.result?.reason === 'aborted' && first.record.length === 0;
    showNotice(t(cancelled ? 'notice.cancelled' : invitation ? 'notice.invite-used' : 'notice.invite-bad'));
  } else if (organiserWaits(first, id)) {
    showChallenge();
    return;
  } else if (!first.you && !first.result && (first.seats.first === 'open' || first.seats.second === 'open')) {
    showNotice(t('notice.waiting-second'));
    waitingNotice = true;
  }
  state = null;
  setMode('game');
  render(first);
}

/** Starts the page. */
async function main() {
  applyStrings();
  labelControls();
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), () => {
    labelControls();
    labelShareButtons(document);
    drawSoundToggle();
    challenge.draw();
    joining.draw();
    if (state && mode === 'game') drawGame();
    moves.relabel();
    if (board) {
      view.board.querySelector('svg')?.setAttribute('aria-label', t('board.label', { size: board.size }));
    }
  });
  bindControls();
  unlockSoundOnFirstGesture();
  linkDownloads(view.downloadMenu, id);
  ({ token, inviteCode } = takeSecretsFromAddress(id, gameUrl));
  try {
    let first;
    try {
      first = await fetchState(id, token);
    } catch (error) {
      // A token this game does not know (another browser's, a stale one):
      // the page goes on as a spectator.
      if (!(error instanceof ApiError && error.code === 'unauthorized') || !token) throw error;
      token = null;
      first = await fetchState(id, null);
    }
    mySeat = first.you ?? null;
    showPrivateLink();
    await chooseMode(first);
  } catch (error) {
    view.loading.hidden = true;
    showPageError(describeError(error));
    return;
  }
  connect();
}

main();
