/**
 * The words around the board: the instruction line, the result banner, the
 * move list and the tab title, each computed from a game state.
 * @module game_view
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Seat} Seat */

/**
 * What the open actions ask for, in words: `place a stone`, `swap or keep…`.
 * @param {GameState} state
 * @returns {string}
 */
function describeActions(state) {
  const words = new Set();
  for (const action of state.open_actions) {
    if (action === 'keep' && state.open_actions.includes('swap')) continue;
    // Taraguchi-10's move 5 owes no offer yet: offering starts the ten.
    const key = action === 'offer' && state.phase === 'taraguchi-choice' ? 'offer-first' : action;
    words.add(t(`action.${key}`, { due: state.offers_due }));
  }
  return [...words].join(t('instruction.or'));
}

/**
 * A player named by seat and colour: `Black (First player)`.
 * @param {GameState} state
 * @param {Seat} seat
 * @returns {string}
 */
export function playerName(state, seat) {
  return `${t(`color.${state.colors[seat]}`)} (${t(`seat.${seat}`)})`;
}

/**
 * The one line saying who acts now and what they do, or null once over.
 * @param {GameState} state
 * @returns {string | null}
 */
export function instruction(state) {
  if (state.result || !state.actor) return null;
  const what = describeActions(state);
  if (state.you === state.actor) return t('instruction.you', { what });
  return t('instruction.other', { who: playerName(state, state.actor), what });
}

/**
 * The result banner's sentence, or null while the game goes on.
 * @param {GameState} state
 * @returns {string | null}
 */
export function resultText(state) {
  const result = state.result;
  if (!result) return null;
  if (result.reason === 'aborted') return t('result.aborted');
  const reason = t(`reason.${result.reason}`);
  // The points of a row or the kind of a foul say more; a sentence like
  // "second resigned" only repeats the reason.
  const wordy = ['resignation', 'agreement', 'abandonment', 'timeout'].includes(result.reason);
  const detail = result.detail && !wordy ? ` (${result.detail})` : '';
  if (!result.winner_color) return t('result.draw', { reason, detail });
  return t('result.win', { color: t(`color.${result.winner_color}`), reason, detail });
}

/**
 * Fills `list` with the board moves, numbered.
 * @param {HTMLOListElement} list
 * @param {GameState} state
 */
export function renderMoves(list, state) {
  list.replaceChildren(
    ...state.moves.map((move) => {
      const item = document.createElement('li');
      item.textContent = move;
      return item;
    }),
  );
}

/**
 * The tab title: "Your turn" first when the viewer acts now.
 * @param {GameState} state
 * @returns {string}
 */
export function pageTitle(state) {
  const yourTurn = !state.result && state.you !== null && state.you === state.actor;
  return yourTurn ? `${t('game.your-turn')} · narabe` : 'narabe';
}

/**
 * The sentence that announces the newest stone to screen readers, or null
 * when `next` has no stone newer than `previous`.
 * @param {GameState | null} previous
 * @param {GameState} next
 * @returns {string | null}
 */
export function newStoneAnnouncement(previous, next) {
  const newest = next.stones.reduce(
    (best, stone) => (best && best.move > stone.move ? best : stone),
    /** @type {import('./types.js').Stone | null} */ (null),
  );
  const before = previous ? previous.stones.reduce((n, stone) => Math.max(n, stone.move), 0) : 0;
  if (!previous || !newest || newest.move <= before) return null;
  return t('announce.move', {
    move: newest.move,
    color: t(`color.${newest.color}`),
    point: newest.point,
  });
}

/**
 * The line that says what is played: game, opening rule, board, the foul
 * policy and hints in renju, Keryo-Pente, takebacks, and the canonical
 * opening's name once moves 1-3 name one.
 * @param {GameState} state
 * @returns {string}
 */
export function gameSummary(state) {
  const config = state.config;
  const parts = [
    t(`game.${config.game}`),
    t(`opening.${config.opening}`),
    t(`size.${config.size}`),
  ];
  if (config.game === 'renju') {
    parts.push(t(`foul-policy.${config.foul_policy}`));
    if (state.hints === false) parts.push(t('summary.no-hints'));
  }
  if (config.keryo) parts.push('Keryo-Pente');
  if (state.takebacks) parts.push(t('summary.takebacks'));
  if (state.opening_name) {
    parts.push(t('summary.opening-name', { code: state.opening_name.code, name: state.opening_name.name }));
  }
  return parts.join(' · ');
}
