/**
 * The tournament page (`/t/{id}`): what is played and how, the status (the
 * registration, the round, an arena's time left, the end), the organiser's
 * announcements, the join form, the player's own box ("your game", pause,
 * resume, withdraw, the private link), the organiser's controls, the current
 * round's pairings, the standings, the cross-table, the previous rounds, the
 * players and the exports. A private link's token is read from the address
 * once (tournament_token.js) and the address is cleaned. Everything follows
 * the tournament's live feed: no reload, no polling.
 * @module tournament
 */

import { ApiError } from './api.js';
import { byId } from './dom.js';
import { describeError } from './error_messages.js';
import { bindShareButtons, labelShareButtons, showQr } from './share_links.js';
import { applyStrings, bindLanguageSelect, currentLanguage, hasText, t } from './strings.js';
import {
  TournamentSocket,
  exportUrl,
  fetchTournament,
  joinTournament,
  tournamentAction,
} from './tournament_api.js';
import { OrganiserTools } from './tournament_organiser.js';
import { forgetTournamentToken, rememberTournamentToken, takeTournamentTokens } from './tournament_token.js';
import {
  currentRound,
  element,
  formatDuration,
  formatMoment,
  playerStateText,
  playersById,
  renderCrossTable,
  renderPairings,
  renderStandings,
  renderTiebreakLegend,
  statusText,
  summaryLine,
} from './tournament_view.js';

/** @typedef {import('./wire').TournamentView} TournamentView */
/** @typedef {import('./wire').LineView} LineView */
/** @typedef {import('./wire').RoundView} RoundView */
/** @typedef {import('./tournament_view.js').Viewer} Viewer */

const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const pageUrl = `/t/${encodeURIComponent(id)}`;

/** The tokens this browser holds for the tournament. */
let tokens = /** @type {{player: string | null, organiser: string | null}} */ ({ player: null, organiser: null });
/** The viewer's player id, when the player token is good. */
let me = /** @type {number | null} */ (null);
/** Whether the organiser token is good. */
let organising = false;
/** The view drawn last. */
let view = /** @type {TournamentView | null} */ (null);
/** The rounds of the view drawn before (null before the first). */
let roundsSeen = /** @type {number | null} */ (null);
/** The announcements of the view drawn before. */
let announcementsSeen = /** @type {number | null} */ (null);
/** @type {TournamentSocket | null} */
let socket = null;

const organiserTools = new OrganiserTools({
  act: (action) => act(action, 'organiser', byId('organiser-error')),
  view: () => view,
});

/** @type {Viewer} */
const viewer = {
  get player() {
    return me;
  },
  gameLink(game) {
    const path = `/g/${encodeURIComponent(game)}`;
    return tokens.player ? `${path}#token=${tokens.player}` : path;
  },
};

/**
 * The sentence of a refusal on this page: the tournament's own words where
 * the game's would mislead (`not-found`, `unauthorized`), else the error's.
 * @param {unknown} error
 * @returns {string}
 */
function errorSentence(error) {
  if (error instanceof ApiError) {
    const key = `tournament.error.${error.code}`;
    if (hasText(key)) return t(key);
  }
  return describeError(error);
}

/**
 * Sends an action with the token of `role` and draws the answer; a refusal
 * is said in `errorLine`.
 * @param {import('./wire').TournamentActionRequest} action
 * @param {'player' | 'organiser'} role
 * @param {HTMLElement} errorLine
 * @returns {Promise<boolean>} whether it was taken
 */
async function act(action, role, errorLine) {
  const token = tokens[role];
  errorLine.textContent = '';
  if (!token) return false;
  try {
    const state = await tournamentAction(id, token, action);
    socket?.saw(state.tournament.version);
    render(state.tournament);
    return true;
  } catch (error) {
    errorLine.textContent = errorSentence(error);
    return false;
  }
}

/**
 * The line of the viewer's game still to be played (the newest), with its
 * round; null when none waits.
 * @param {TournamentView} shown
 * @returns {{round: RoundView, line: LineView} | null}
 */
function myPendingGame(shown) {
  if (me === null || shown.status !== 'running') return null;
  for (const round of [...shown.rounds].reverse()) {
    const line = round.lines.find((each) => each.first === me || each.second === me);
    if (line?.game && line.result === null) return { round, line };
    // Swiss and round robin: only the current round counts.
    if (shown.system.kind !== 'arena') return line && line.second === null ? { round, line } : null;
  }
  return null;
}

/**
 * The viewer's board number in a round (games only, from 1).
 * @param {RoundView} round
 * @param {LineView} line
 * @returns {number}
 */
function boardOf(round, line) {
  return round.lines.filter((each) => each.second !== null).indexOf(line) + 1;
}

/** Draws "your game": the call to go to it, or the bye. */
function drawYourGame() {
  const box = byId('your-game');
  const shown = view;
  const pending = shown ? myPendingGame(shown) : null;
  box.hidden = pending === null;
  if (!shown || !pending) return;
  const players = playersById(shown);
  const { round, line } = pending;
  const link = /** @type {HTMLAnchorElement} */ (byId('your-game-link'));
  const arena = shown.system.kind === 'arena';
  byId('your-game-title').textContent = arena
    ? t('tournament.your-game-arena')
    : t('tournament.your-game-round', { n: round.number });
  if (line.second === null || !line.game) {
    byId('your-game-text').textContent = t('tournament.your-bye');
    link.hidden = true;
    box.classList.add('bye');
    return;
  }
  box.classList.remove('bye');
  const opponent = players.get(line.first === me ? line.second : line.first)?.name ?? '';
  const board = boardOf(round, line);
  byId('your-game-text').textContent = t(line.first === me ? 'tournament.your-game-starts' : 'tournament.your-game-replies', {
    board,
    name: opponent,
  });
  link.hidden = false;
  link.href = viewer.gameLink(line.game);
  link.textContent = t('tournament.go-to-game');
}

/** Draws the announcements, newest first. */
function drawAnnouncements() {
  const shown = view;
  const box = byId('announcements');
  box.hidden = !shown || shown.announcements.length === 0;
  if (!shown) return;
  byId('announcement-list').replaceChildren(
    ...[...shown.announcements].reverse().map((announcement) => {
      const time = /** @type {HTMLTimeElement} */ (element('time', '', formatMoment(announcement.at)));
      time.dateTime = new Date(announcement.at).toISOString();
      return element('li', '', time, element('span', 'announcement-text', announcement.text));
    }),
  );
}

/** Draws the viewer's own box: their state, the buttons, the private link. */
function drawMe() {
  const shown = view;
  const box = byId('me');
  const player = shown && me !== null ? shown.players.find((each) => each.id === me) : undefined;
  box.hidden = !player;
  if (!shown || !player) return;
  byId('me-title').textContent = t('tournament.me-title', { name: player.name });
  const over = shown.status === 'finished';
  byId('me-state').textContent = over
    ? t('tournament.me-over')
    : t(`tournament.me-state.${player.removed ? 'removed' : player.state}`);
  byId('pause').hidden = over || player.state !== 'active';
  byId('resume').hidden = over || player.state !== 'paused';
  byId('withdraw').hidden = over || player.state === 'withdrawn';
  const field = /** @type {HTMLInputElement} */ (byId('private-link'));
  field.value = `${location.origin}${pageUrl}#token=${tokens.player ?? ''}`;
}

/** Draws the join form when the viewer may join. */
function drawJoin() {
  const shown = view;
  // The organiser may play too, but only signs up before the start: later
  // the form would crowd their page for a rare case.
  byId('join').hidden =
    !shown || !shown.joining_open || me !== null || (organising && shown.status !== 'registration');
}

/** Draws the head: name, summary, status, the rules of the day. */
function drawHead() {
  const shown = view;
  if (!shown) return;
  byId('t-name').textContent = shown.name;
  byId('t-summary').textContent = summaryLine(shown);
  drawStatus();
  /** @type {string[]} */
  const rules = [];
  if (shown.system.kind !== 'arena') {
    rules.push(
      shown.manual_rounds
        ? t('tournament.rounds-manual')
        : shown.break_seconds
          ? t('tournament.rounds-automatic', { time: formatDuration(shown.break_seconds) })
          : t('tournament.rounds-at-once'),
    );
  }
  rules.push(t('tournament.forfeit-after', { time: formatDuration(shown.forfeit_after_seconds) }));
  if (shown.status === 'registration') {
    const max = shown.max_players.toLocaleString(currentLanguage());
    rules.push(t('tournament.max-players', { n: shown.max_players, max }));
  }
  byId('t-rules').textContent = rules.join(' ');
}

/** Draws the status line (every second while something counts down). */
function drawStatus() {
  if (!view) return;
  byId('t-status').textContent = statusText(view, Date.now());
}

/** Draws the current round's pairings (an arena: the games going on). */
function drawCurrent() {
  const shown = view;
  const section = byId('current');
  // Once the tournament is over its last round is one of the previous ones.
  const round = shown && shown.status !== 'finished' ? currentRound(shown) : null;
  section.hidden = !shown || !round;
  if (!shown || !round) return;
  const table = /** @type {HTMLTableElement} */ (byId('pairings'));
  if (shown.system.kind === 'arena') {
    const lines = shown.rounds.flatMap((each) => each.lines).filter((line) => line.game && line.result === null);
    section.hidden = lines.length === 0;
    byId('current-title').textContent = t('tournament.arena-games');
    renderPairings(table, shown, { ...round, lines }, viewer);
    return;
  }
  byId('current-title').textContent = t('tournament.round-title', { n: round.number });
  renderPairings(table, shown, round, viewer);
}

/** Draws the previous rounds, newest first, each folded. */
function drawPrevious() {
  const shown = view;
  const section = byId('previous');
  const container = byId('previous-rounds');
  if (!shown) return;
  const arena = shown.system.kind === 'arena';
  const rounds = arena
    ? shown.rounds.filter((round) => round.lines.some((line) => line.result !== null || line.second === null))
    : shown.status === 'finished'
      ? shown.rounds
      : shown.rounds.slice(0, -1);
  section.hidden = rounds.length === 0;
  byId('previous-title').textContent = t(
    arena ? 'tournament.arena-finished' : shown.status === 'finished' ? 'tournament.rounds-title' : 'tournament.previous-rounds',
  );
  const open = new Set(
    [...container.querySelectorAll('details[open]')].map((details) => /** @type {HTMLElement} */ (details).dataset.round),
  );
  container.replaceChildren(
    ...[...rounds].reverse().map((round) => {
      const details = element('details', 'round-box');
      details.dataset.round = String(round.number);
      if (open.has(String(round.number))) details.setAttribute('open', '');
      const title = arena
        ? t('tournament.arena-batch', { time: formatMoment(round.started_at) })
        : t('tournament.round-title', { n: round.number });
      const summary = element('summary', '', title);
      const table = /** @type {HTMLTableElement} */ (element('table', 't-table pairings'));
      const lines = arena ? round.lines.filter((line) => line.result !== null || line.second === null) : round.lines;
      renderPairings(table, shown, { ...round, lines }, viewer);
      const scroll = element('div', 'table-scroll', table);
      details.append(summary, scroll);
      return details;
    }),
  );
}

/** Draws the players with their states (and the organiser's buttons). */
function drawPlayers() {
  const shown = view;
  if (!shown) return;
  byId('players-title').textContent = t('tournament.players-title', { n: shown.players.length });
  const table = /** @type {HTMLTableElement} */ (byId('players'));
  const headCells = [t('tournament.col-number'), t('tournament.col-name'), t('tournament.col-rating'), t('tournament.col-state')];
  if (organising) headCells.push(t('tournament.col-action'));
  const headRow = element('tr');
  headCells.forEach((text, index) => {
    const th = element('th', index === 0 || index === 2 ? 'num' : '', text);
    th.setAttribute('scope', 'col');
    headRow.append(th);
  });
  const body = element('tbody');
  for (const player of shown.players) {
    const row = element('tr');
    if (player.id === me) row.classList.add('you');
    const name = element('td', 'name', player.name);
    if (player.id === me) name.append(' ', element('span', 'you-badge', t('tournament.you')));
    row.append(
      element('td', 'num', String(player.id)),
      name,
      element('td', 'num', player.rating > 0 ? String(player.rating) : '–'),
      element('td', `state state-${player.removed ? 'removed' : player.state}`, playerStateText(player)),
    );
    if (organising) {
      const cell = element('td', 'action');
      if (shown.status !== 'finished') {
        const readmit = player.state === 'withdrawn';
        const button = /** @type {HTMLButtonElement} */ (element('button', readmit ? '' : 'danger small', t(readmit ? 'tournament.readmit' : 'tournament.remove')));
        if (readmit) button.classList.add('small');
        button.type = 'button';
        button.setAttribute('aria-label', `${button.textContent} – ${player.name}`);
        button.addEventListener('click', () => {
          if (!readmit && !confirm(t('tournament.confirm-remove', { name: player.name }))) return;
          void act({ action: readmit ? 'readmit' : 'remove', player: player.id }, 'organiser', byId('players-error'));
        });
        cell.append(button);
      }
      row.append(cell);
    }
    body.append(row);
  }
  table.replaceChildren(element('thead', '', headRow), body);
}

/** Draws the standings, the legend and the cross-table. */
function drawTables() {
  const shown = view;
  if (!shown) return;
  const hasStandings = shown.standings.length > 0 && shown.status !== 'registration';
  byId('standings-section').hidden = !hasStandings;
  byId('standings-title').textContent = t(shown.status === 'finished' ? 'tournament.final-standings' : 'tournament.standings');
  if (hasStandings) {
    renderStandings(/** @type {HTMLTableElement} */ (byId('standings')), shown, viewer);
    renderTiebreakLegend(byId('tiebreak-legend'), shown);
  }
  const cross = renderCrossTable(/** @type {HTMLTableElement} */ (byId('cross-table')), shown, viewer);
  byId('cross-section').hidden = !cross;
  byId('cross-legend').textContent = t(
    shown.system.kind === 'round_robin' ? 'tournament.cross-legend-rr' : 'tournament.cross-legend-swiss',
  );
}

/** Points the export links at the tournament; RenLib only for 15x15. */
function drawExports() {
  const shown = view;
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('#export-menu a[data-format]'))) {
    const format = /** @type {'trf' | 'csv' | 'sgf' | 'lib'} */ (link.dataset.format);
    link.href = exportUrl(id, format);
    link.download = `narabe-tournament-${id}.${format}`;
    const item = link.closest('li');
    if (item && format === 'lib') item.hidden = (shown?.game.size ?? 15) !== 15;
  }
}

/** The header's line: who the viewer is here. */
function drawRole() {
  const shown = view;
  const player = shown && me !== null ? shown.players.find((each) => each.id === me) : undefined;
  byId('role').textContent = organising
    ? t('tournament.role-organiser')
    : player
      ? t('tournament.role-player', { name: player.name })
      : t('tournament.role-spectator');
}

/** The tab's title: the viewer's waiting game first. */
function drawTitle() {
  if (!view) return;
  const waiting = myPendingGame(view)?.line.game;
  document.title = waiting ? `${t('tournament.title-your-game')} · ${view.name} · narabe` : `${view.name} · narabe`;
}

/**
 * Says what changed that deserves a sentence of its own: a new round (with
 * the viewer's game), the end, a new announcement.
 * @param {TournamentView} next
 */
function announceChanges(next) {
  /** @type {string[]} */
  const said = [];
  if (roundsSeen !== null && next.rounds.length > roundsSeen && next.system.kind !== 'arena') {
    const round = /** @type {RoundView} */ (currentRound(next));
    const mine = myPendingGame(next);
    said.push(
      mine?.line.game
        ? t('tournament.notice-round-yours', { n: round.number })
        : t('tournament.notice-round', { n: round.number }),
    );
  } else if (roundsSeen !== null && next.system.kind === 'arena' && view) {
    const before = view.rounds.flatMap((round) => round.lines).filter((line) => line.first === me || line.second === me).length;
    const after = next.rounds.flatMap((round) => round.lines).filter((line) => line.first === me || line.second === me).length;
    if (after > before && myPendingGame(next)?.line.game) said.push(t('tournament.notice-arena-game'));
  }
  if (view && view.status !== 'finished' && next.status === 'finished') said.push(t('tournament.notice-finished'));
  if (view && view.status === 'registration' && next.status === 'running' && next.system.kind === 'arena') {
    said.push(t('tournament.notice-started'));
  }
  if (announcementsSeen !== null && next.announcements.length > announcementsSeen) {
    said.push(t('tournament.notice-announcement', { text: /** @type {import('./wire').AnnouncementView} */ (next.announcements.at(-1)).text }));
  }
  roundsSeen = next.rounds.length;
  announcementsSeen = next.announcements.length;
  if (said.length === 0) return;
  const notice = byId('notice');
  notice.hidden = false;
  notice.textContent = said.join(' ');
  byId('live').textContent = said.join(' ');
}

/**
 * Draws a view (from the socket, or an action's answer).
 * @param {TournamentView} next
 */
function render(next) {
  if (view && next.version < view.version) return;
  announceChanges(next);
  view = next;
  draw();
}

/** Draws every part for the view now. */
function draw() {
  if (!view) return;
  byId('loading').hidden = true;
  byId('tournament').hidden = false;
  drawRole();
  drawHead();
  drawYourGame();
  drawAnnouncements();
  drawJoin();
  drawMe();
  byId('organiser').hidden = !organising;
  if (organising) organiserTools.draw(view);
  drawCurrent();
  drawTables();
  drawPrevious();
  drawPlayers();
  drawExports();
  drawTitle();
}

/**
 * Asks who a stored token makes the viewer; a token the tournament does not
 * know is forgotten.
 * @param {'player' | 'organiser'} role
 * @returns {Promise<TournamentView | null>}
 */
async function checkToken(role) {
  const token = tokens[role];
  if (!token) return null;
  const state = await fetchTournament(id, token);
  if (role === 'player' && state.you.role === 'player') me = state.you.player;
  else if (role === 'organiser' && state.you.role === 'organiser') organising = true;
  else {
    forgetTournamentToken(id, role);
    tokens[role] = null;
  }
  return state.tournament;
}

/** Joins with the form's nickname and rating. */
async function join() {
  const nameField = /** @type {HTMLInputElement} */ (byId('join-name'));
  const ratingField = /** @type {HTMLInputElement} */ (byId('join-rating'));
  const errorLine = byId('join-error');
  errorLine.textContent = '';
  const name = nameField.value.trim();
  const rating = ratingField.value.trim() === '' ? 0 : Number(ratingField.value);
  if (!Number.isInteger(rating) || rating < 0 || rating > 4000) {
    errorLine.textContent = t('tournament.rating-error');
    ratingField.setAttribute('aria-invalid', 'true');
    return;
  }
  ratingField.removeAttribute('aria-invalid');
  const button = /** @type {HTMLButtonElement} */ (byId('join-form').querySelector('button[type=submit]'));
  button.disabled = true;
  try {
    const joined = await joinTournament(id, rating > 0 ? { name, rating } : { name });
    tokens.player = joined.token;
    rememberTournamentToken(id, 'player', joined.token);
    me = joined.player;
    const state = await fetchTournament(id, joined.token);
    /** @type {HTMLDetailsElement} */ (byId('private-box')).open = true;
    showQr(/** @type {HTMLImageElement} */ (byId('private-qr')), `${location.origin}${pageUrl}#token=${joined.token}`, t('tournament.private-qr'));
    const notice = byId('notice');
    notice.hidden = false;
    notice.textContent = t('tournament.notice-joined', { name });
    byId('live').textContent = notice.textContent;
    render(state.tournament);
  } catch (error) {
    errorLine.textContent = errorSentence(error);
  } finally {
    button.disabled = false;
  }
}

/** Wires the forms and buttons. */
function bindControls() {
  byId('join-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void join();
  });
  const meError = byId('me-error');
  byId('pause').addEventListener('click', () => void act({ action: 'pause' }, 'player', meError));
  byId('resume').addEventListener('click', () => void act({ action: 'resume' }, 'player', meError));
  byId('withdraw').addEventListener('click', () => {
    if (confirm(t('tournament.confirm-withdraw'))) void act({ action: 'withdraw' }, 'player', meError);
  });
  byId('private-box').addEventListener('toggle', () => {
    const field = /** @type {HTMLInputElement} */ (byId('private-link'));
    showQr(/** @type {HTMLImageElement} */ (byId('private-qr')), field.value, t('tournament.private-qr'));
  });
  bindShareButtons(document);
  organiserTools.bind();
  setInterval(drawStatus, 1000);
}

/** Opens the live feed. */
function connect() {
  socket = new TournamentSocket(id, {
    onView: render,
    onConnection: (connected) => {
      byId('connection').textContent = connected ? '' : t('connection.lost');
    },
  });
  if (view) socket.saw(view.version);
  socket.connect();
}

/** Starts the page. */
async function main() {
  applyStrings();
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), () => {
    labelShareButtons(document);
    draw();
  });
  tokens = takeTournamentTokens(id, pageUrl);
  bindControls();
  try {
    const [asPlayer, asOrganiser] = await Promise.all([checkToken('player'), checkToken('organiser')]);
    const first = asPlayer ?? asOrganiser ?? (await fetchTournament(id, null)).tournament;
    if (organising && tokens.organiser) organiserTools.setLinks(`${location.origin}${pageUrl}`, `${location.origin}${pageUrl}#organiser=${tokens.organiser}`);
    roundsSeen = first.rounds.length;
    announcementsSeen = first.announcements.length;
    view = first;
    draw();
  } catch (error) {
    byId('loading').hidden = true;
    const line = byId('page-error');
    line.hidden = false;
    line.textContent = errorSentence(error);
    return;
  }
  connect();
}

main();
