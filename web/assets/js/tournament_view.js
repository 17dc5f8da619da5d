/**
 * A tournament in words and tables, as its page draws it: the summary line
 * (game, opening rule, clock, system), the status line, the standings with
 * their tie-breaks, a round's pairings, the cross-table (a round robin's grid
 * of results, a Swiss tournament's opponents, sides and results round by
 * round) and the players. Times are written in the reader's language and
 * time zone (`Intl`).
 * @module tournament_view
 */

import { timeControlText } from './game_facts.js';
import { currentLanguage, hasText, t } from './strings.js';
import { SEPARATOR } from './time_choice.js';

/** @typedef {import('./wire').TournamentView} TournamentView */
/** @typedef {import('./wire').RoundView} RoundView */
/** @typedef {import('./wire').LineView} LineView */
/** @typedef {import('./wire').PlayerView} PlayerView */

/**
 * Who the page is drawn for: the viewer's player id (or null) and, for a
 * player, the link to each of their games (with their seat's token).
 * @typedef {object} Viewer
 * @property {number | null} player
 * @property {(game: string) => string} gameLink  the address of a game for this viewer
 */

/**
 * A new element with a class (or none) and children (text or elements).
 * @param {string} tag
 * @param {string} [className]
 * @param {...(Node | string)} children
 * @returns {HTMLElement}
 */
export function element(tag, className = '', ...children) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.append(...children);
  return made;
}

/**
 * A moment in the reader's language and time zone: `3 Dec 2026, 14:05`.
 * @param {number} ms  since the epoch
 * @returns {string}
 */
export function formatMoment(ms) {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/**
 * A time to go, as clocks write it: `4:05`, `1:02:03`, or whole days and
 * hours past a day (`2 d 3 h`, in the reader's language).
 * @param {number} ms
 * @returns {string}
 */
export function formatCountdown(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) {
    const unit = (/** @type {'day' | 'hour'} */ name, /** @type {number} */ value) =>
      new Intl.NumberFormat(currentLanguage(), { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
    return `${unit('day', days)} ${unit('hour', hours)}`;
  }
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/**
 * A length of time in words, for the forfeit and the break: `3 minutes`,
 * `1 day`, `90 seconds` (the largest unit that divides it).
 * @param {number} seconds
 * @returns {string}
 */
export function formatDuration(seconds) {
  /** @type {[Intl.NumberFormatOptions['unit'], number][]} */
  const units = [['day', 86400], ['hour', 3600], ['minute', 60]];
  const found = units.find(([, size]) => seconds >= size && seconds % size === 0);
  const [unit, size] = found ?? ['second', 1];
  return new Intl.NumberFormat(currentLanguage(), { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
}

/**
 * The pairing system in words: `Swiss system, 5 rounds`, `Round robin,
 * double`, `Arena, 60 min`.
 * @param {TournamentView} view
 * @returns {string}
 */
export function systemText(view) {
  const system = view.system;
  if (system.kind === 'swiss') return t('tournament.system-swiss', { n: system.rounds ?? 0 });
  if (system.kind === 'round_robin') {
    return t(system.cycles === 2 ? 'tournament.system-double-round-robin' : 'tournament.system-round-robin');
  }
  if (system.kind === 'arena') return t('tournament.system-arena', { minutes: formatDuration((system.minutes ?? 0) * 60) });
  return system.kind;
}

/**
 * The one line that says what is played: `Renju · Taraguchi-10 · 10 min +
 * 5 s · Swiss system, 5 rounds`.
 * @param {TournamentView} view
 * @returns {string}
 */
export function summaryLine(view) {
  const game = view.game;
  const parts = [t(`game.${game.game}`)];
  if (game.game === 'freestyle' || game.game === 'standard') parts.push(t(`size.${game.size ?? 15}`));
  parts.push(t(`opening.${game.opening ?? 'free'}`));
  parts.push(timeControlText(game.time ?? 'none'));
  if (game.game === 'renju' && game.foul === 'refused') parts.push(t('home.summary-refused'));
  if (game.game === 'pente' && game.keryo) parts.push(t('home.summary-keryo'));
  parts.push(systemText(view));
  return parts.join(SEPARATOR);
}

/**
 * The round the tournament is at (the last paired), or null.
 * @param {TournamentView} view
 * @returns {RoundView | null}
 */
export function currentRound(view) {
  return view.rounds.at(-1) ?? null;
}

/**
 * Whether every game of a round has its result.
 * @param {RoundView} round
 * @returns {boolean}
 */
export function roundComplete(round) {
  return round.lines.every((line) => line.result !== null || line.game === null);
}

/**
 * The status line: registration (with the start if set), the round, an
 * arena's time left, halted, waiting for the organiser, or finished.
 * @param {TournamentView} view
 * @param {number} now  ms since the epoch
 * @returns {string}
 */
export function statusText(view, now) {
  if (view.status === 'registration') {
    const players = t('tournament.players-count', { n: view.players.length });
    const start =
      view.start_at !== null
        ? t('tournament.starts-at', { time: formatMoment(view.start_at) })
        : t('tournament.starts-by-organiser');
    return `${t('tournament.status-registration')} ${players} ${start}`;
  }
  if (view.status === 'finished') {
    const when = view.ended_at !== null ? formatMoment(view.ended_at) : '';
    return t(view.end_reason === 'organiser' ? 'tournament.status-ended' : 'tournament.status-finished', { time: when });
  }
  /** @type {string[]} */
  const parts = [];
  const round = currentRound(view);
  if (view.system.kind === 'arena') {
    parts.push(
      view.ends_at !== null
        ? t('tournament.arena-left', { time: formatCountdown(view.ends_at - now) })
        : t('tournament.status-running'),
    );
  } else if (round) {
    parts.push(t('tournament.round-of', { n: round.number, total: view.planned_rounds ?? view.rounds.length }));
  } else {
    parts.push(t('tournament.status-running'));
  }
  if (view.halted) {
    parts.push(t('tournament.halted'));
  } else if (view.next_round_at !== null) {
    const left = view.next_round_at - now;
    parts.push(
      left < 3600_000
        ? t('tournament.next-round-in', { time: formatCountdown(left) })
        : t('tournament.next-round-at', { time: formatMoment(view.next_round_at) }),
    );
  } else if (view.system.kind !== 'arena' && view.manual_rounds && round && roundComplete(round)) {
    parts.push(t('tournament.waiting-organiser'));
  }
  return parts.join(' ');
}

/**
 * The players by id.
 * @param {TournamentView} view
 * @returns {Map<number, PlayerView>}
 */
export function playersById(view) {
  return new Map(view.players.map((player) => [player.id, player]));
}

/**
 * A player's name (or `#id` if unknown).
 * @param {Map<number, PlayerView>} players
 * @param {number | null} id
 * @returns {string}
 */
function nameOf(players, id) {
  if (id === null) return '';
  return players.get(id)?.name ?? `#${id}`;
}

/**
 * The marks of a result for each side: `1` and `0`, `½`, `+` and `−` for a
 * forfeit; null while the game goes on.
 * @param {string | null} result
 * @returns {{first: string, second: string, forfeit: boolean} | null}
 */
export function resultMarks(result) {
  switch (result) {
    case 'first_wins':
      return { first: '1', second: '0', forfeit: false };
    case 'second_wins':
      return { first: '0', second: '1', forfeit: false };
    case 'draw':
      return { first: '½', second: '½', forfeit: false };
    case 'first_wins_by_forfeit':
      return { first: '+', second: '−', forfeit: true };
    case 'second_wins_by_forfeit':
      return { first: '−', second: '+', forfeit: true };
    case 'both_forfeit':
      return { first: '−', second: '−', forfeit: true };
    default:
      return null;
  }
}

/**
 * A line's result in words, for a title and for screen readers.
 * @param {Map<number, PlayerView>} players
 * @param {LineView} line
 * @returns {string}
 */
export function resultWords(players, line) {
  const first = nameOf(players, line.first);
  const second = nameOf(players, line.second);
  switch (line.result) {
    case 'first_wins':
      return t('tournament.result-wins', { name: first });
    case 'second_wins':
      return t('tournament.result-wins', { name: second });
    case 'draw':
      return t('tournament.result-draw');
    case 'first_wins_by_forfeit':
      return t('tournament.result-wins-forfeit', { name: first });
    case 'second_wins_by_forfeit':
      return t('tournament.result-wins-forfeit', { name: second });
    case 'both_forfeit':
      return t('tournament.result-both-forfeit');
    default:
      return t('tournament.result-pending');
  }
}

/**
 * A cell with a player's name, marked when it is the viewer.
 * @param {Map<number, PlayerView>} players
 * @param {number | null} id
 * @param {Viewer} viewer
 * @param {string} [tag]
 * @returns {HTMLElement}
 */
function nameCell(players, id, viewer, tag = 'td') {
  const cell = element(tag, 'name', nameOf(players, id));
  if (id !== null && id === viewer.player) {
    cell.append(' ', element('span', 'you-badge', t('tournament.you')));
  }
  const player = id === null ? undefined : players.get(id);
  if (player && player.state !== 'active') cell.classList.add(`state-${player.state}`);
  return cell;
}

/**
 * A table header row.
 * @param {(string | HTMLElement)[]} cells
 * @returns {HTMLElement}
 */
function headRow(cells) {
  const row = element('tr');
  for (const cell of cells) {
    if (typeof cell === 'string') {
      const th = element('th', '', cell);
      th.setAttribute('scope', 'col');
      row.append(th);
    } else {
      row.append(cell);
    }
  }
  return element('thead', '', row);
}

/**
 * A tie-break's short name in the reader's language (the server's, when the
 * dictionaries do not know it).
 * @param {TournamentView} view
 * @param {number} index
 * @returns {string}
 */
export function tiebreakShort(view, index) {
  const key = `tournament.tiebreak-short.${view.tiebreaks[index]}`;
  return hasText(key) ? t(key) : (view.tiebreak_names[index] ?? '');
}

/**
 * A tie-break's full name in the reader's language.
 * @param {string} tiebreak  `buchholz`, ...
 * @returns {string}
 */
export function tiebreakName(tiebreak) {
  const key = `tournament.tiebreak.${tiebreak}`;
  return hasText(key) ? t(key) : tiebreak;
}

/**
 * How many tie-breaks a narrow screen (a phone held upright) shows: the
 * later ones and the games column are `wide-only` there (tournament.css),
 * so the place, name, points and first tie-breaks fit without sideways
 * scrolling.
 */
export const NARROW_TIEBREAKS = 2;

/**
 * Fills the standings table: place, name, points, the tie-breaks by their
 * short names, the games won, drawn and lost; the viewer's row marked. On
 * a narrow screen only the first {@link NARROW_TIEBREAKS} tie-breaks show.
 * @param {HTMLTableElement} table
 * @param {TournamentView} view
 * @param {Viewer} viewer
 */
export function renderStandings(table, view, viewer) {
  const players = playersById(view);
  /** @param {number} index */
  const tiebreakClass = (index) => (index < NARROW_TIEBREAKS ? 'num' : 'num wide-only');
  const tiebreakHeads = view.tiebreaks.map((tiebreak, index) => {
    const th = element('th', tiebreakClass(index));
    th.setAttribute('scope', 'col');
    const abbr = element('abbr', '', tiebreakShort(view, index));
    abbr.title = tiebreakName(tiebreak);
    th.append(abbr);
    return th;
  });
  const gamesHead = element('th', 'num wide-only');
  gamesHead.setAttribute('scope', 'col');
  const gamesAbbr = element('abbr', '', t('tournament.col-games'));
  gamesAbbr.title = t('tournament.games-legend');
  gamesHead.append(gamesAbbr);
  const head = headRow([
    t('tournament.col-rank'),
    t('tournament.col-name'),
    t('tournament.col-points'),
    ...tiebreakHeads,
    gamesHead,
  ]);
  head.querySelectorAll('th')[0].classList.add('num');
  head.querySelectorAll('th')[2].classList.add('num');
  const body = element('tbody');
  for (const row of view.standings) {
    const tr = element('tr');
    if (row.player === viewer.player) tr.classList.add('you');
    const rank = element('td', 'num rank', String(row.rank));
    tr.append(
      rank,
      nameCell(players, row.player, viewer),
      element('td', 'num points', row.points),
      ...row.tiebreaks.map((value, index) => element('td', tiebreakClass(index), value ?? '–')),
      element('td', 'num wdl wide-only', `+${row.wins} =${row.draws} −${row.losses}`),
    );
    body.append(tr);
  }
  table.replaceChildren(head, body);
}

/**
 * The legend under the standings: each tie-break's short and full name, in
 * the order they count.
 * @param {HTMLElement} list  a `<dl>`
 * @param {TournamentView} view
 */
export function renderTiebreakLegend(list, view) {
  const items = view.tiebreaks.flatMap((tiebreak, index) => [
    element('dt', '', tiebreakShort(view, index)),
    element('dd', '', tiebreakName(tiebreak)),
  ]);
  items.push(element('dt', '', t('tournament.col-games')), element('dd', '', t('tournament.games-legend')));
  list.replaceChildren(...items);
}

/**
 * A bye's reason in words.
 * @param {string | null} bye
 * @returns {string}
 */
function byeWords(bye) {
  const key = `tournament.bye.${bye}`;
  return hasText(key) ? t(key) : t('tournament.bye.absent');
}

/**
 * Fills a round's pairings table: board, the player who starts, the result,
 * the opponent, and a link to the game (the viewer's own says "Play").
 * Byes follow the games.
 * @param {HTMLTableElement} table
 * @param {TournamentView} view
 * @param {RoundView} round
 * @param {Viewer} viewer
 */
export function renderPairings(table, view, round, viewer) {
  const players = playersById(view);
  const head = headRow([
    t('tournament.col-board'),
    t('tournament.col-starts'),
    t('tournament.col-result'),
    t('tournament.col-opponent'),
    element('th', 'game-link', element('span', 'visually-hidden', t('tournament.col-game'))),
  ]);
  head.querySelectorAll('th')[0].classList.add('num');
  head.querySelectorAll('th')[2].classList.add('result');
  const body = element('tbody');
  let board = 0;
  for (const line of round.lines) {
    const tr = element('tr');
    const mine = viewer.player !== null && (line.first === viewer.player || line.second === viewer.player);
    if (mine) tr.classList.add('you');
    if (line.second === null) {
      tr.classList.add('bye');
      const reason = element('td', 'bye-reason', byeWords(line.bye));
      reason.setAttribute('colspan', '3');
      tr.append(element('td', 'num', ''), nameCell(players, line.first, viewer), reason);
      body.append(tr);
      continue;
    }
    board += 1;
    const marks = resultMarks(line.result);
    const result = element('td', 'result', marks ? `${marks.first}–${marks.second}` : '');
    if (marks) {
      result.title = resultWords(players, line);
      result.setAttribute('aria-label', result.title);
    }
    const link = element('td', 'game-link');
    if (line.game) {
      const anchor = /** @type {HTMLAnchorElement} */ (element('a'));
      const pending = line.result === null;
      anchor.href = mine ? viewer.gameLink(line.game) : `/g/${encodeURIComponent(line.game)}`;
      anchor.textContent = mine && pending ? t('tournament.play') : pending ? t('tournament.watch') : t('tournament.view-game');
      if (mine && pending) anchor.className = 'play-link';
      link.append(anchor);
    }
    tr.append(
      element('td', 'num', String(board)),
      nameCell(players, line.first, viewer),
      result,
      nameCell(players, line.second, viewer),
      link,
    );
    body.append(tr);
  }
  table.replaceChildren(head, body);
}

/**
 * Each player's games, round by round: for every round, the line they are
 * on (or none).
 * @param {TournamentView} view
 * @param {number} player
 * @returns {(LineView | null)[]}
 */
function linesOf(view, player) {
  return view.rounds.map(
    (round) => round.lines.find((line) => line.first === player || line.second === player) ?? null,
  );
}

/**
 * A player's mark in a line: `1`, `½`, `0`, `+`, `−`, `·` while it goes on.
 * @param {LineView} line
 * @param {number} player
 * @returns {string}
 */
function markFor(line, player) {
  const marks = resultMarks(line.result);
  if (!marks) return '·';
  return line.first === player ? marks.first : marks.second;
}

/**
 * Fills the cross-table. A round robin: a grid of every player against every
 * other (a double round robin's two games side by side), in the order of the
 * standings. A Swiss tournament: each player's opponent (by their number in
 * the table), side and result in each round. An arena has none (its players
 * meet whoever is free).
 * @param {HTMLTableElement} table
 * @param {TournamentView} view
 * @param {Viewer} viewer
 * @returns {boolean} whether there is a cross-table to show
 */
export function renderCrossTable(table, view, viewer) {
  if (view.system.kind === 'arena' || view.rounds.length === 0) {
    table.replaceChildren();
    return false;
  }
  const players = playersById(view);
  const order = view.standings.map((row) => row.player);
  const number = new Map(order.map((id, index) => [id, index + 1]));
  const points = new Map(view.standings.map((row) => [row.player, row.points]));
  const body = element('tbody');
  /** @type {(string | HTMLElement)[]} */
  let heads;
  if (view.system.kind === 'round_robin') {
    heads = [t('tournament.col-number'), t('tournament.col-name'), ...order.map((_, index) => String(index + 1)), t('tournament.col-points')];
    for (const id of order) {
      const tr = element('tr');
      if (id === viewer.player) tr.classList.add('you');
      tr.append(element('td', 'num', String(number.get(id))), nameCell(players, id, viewer));
      for (const other of order) {
        if (other === id) {
          tr.append(element('td', 'cross self', ''));
          continue;
        }
        const marks = view.rounds
          .flatMap((round) => round.lines)
          .filter((line) => (line.first === id && line.second === other) || (line.first === other && line.second === id))
          .map((line) => markFor(line, id));
        tr.append(element('td', 'cross', marks.join(' ')));
      }
      tr.append(element('td', 'num points', points.get(id) ?? ''));
      body.append(tr);
    }
  } else {
    heads = [
      t('tournament.col-number'),
      t('tournament.col-name'),
      ...view.rounds.map((round) => t('tournament.round-short', { n: round.number })),
      t('tournament.col-points'),
    ];
    for (const id of order) {
      const tr = element('tr');
      if (id === viewer.player) tr.classList.add('you');
      tr.append(element('td', 'num', String(number.get(id))), nameCell(players, id, viewer));
      for (const line of linesOf(view, id)) {
        const cell = element('td', 'cross');
        if (!line) {
          cell.textContent = '';
        } else if (line.second === null) {
          cell.textContent = t('tournament.bye-short');
          cell.title = byeWords(line.bye);
        } else {
          const starts = line.first === id;
          const opponent = starts ? line.second : line.first;
          const side = element('span', `side ${starts ? 'starts' : 'replies'}`);
          side.title = t(starts ? 'tournament.side-starts' : 'tournament.side-replies');
          side.setAttribute('role', 'img');
          side.setAttribute('aria-label', side.title);
          cell.append(side, element('span', 'opponent', String(number.get(opponent) ?? '?')), element('b', 'mark', markFor(line, id)));
          cell.title = `${nameOf(players, opponent)} · ${side.title} · ${resultWords(players, line)}`;
        }
        tr.append(cell);
      }
      tr.append(element('td', 'num points', points.get(id) ?? ''));
      body.append(tr);
    }
  }
  const head = headRow(heads);
  const ths = head.querySelectorAll('th');
  ths[0].classList.add('num');
  ths[ths.length - 1].classList.add('num');
  table.replaceChildren(head, body);
  return true;
}

/**
 * A player's state in words: active, paused, withdrawn, removed.
 * @param {PlayerView} player
 * @returns {string}
 */
export function playerStateText(player) {
  if (player.removed) return t('tournament.state.removed');
  const key = `tournament.state.${player.state}`;
  return hasText(key) ? t(key) : player.state;
}
