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
    words.add(t(`action.${action}`, { due: state.offers_due }));
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
  const detail = result.detail ? ` (${result.detail})` : '';
  if (!result.winner_color) return t('result.draw', { reason }) + detail;
  return t('result.win', { color: t(`color.${result.winner_color}`), reason }) + detail;
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
