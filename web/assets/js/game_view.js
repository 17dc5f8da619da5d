/**
 * The words around the board computed from a state: the result banner, the
 * tab title, the announcement of each new stone for screen readers, the
 * explanation of a forbidden point and the summary line of what is played.
 * @module game_view
 */

import { timeControlText } from './game_facts.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */

/**
 * The result banner's sentence, or null while the game goes on: who won as
 * the viewer sees it ("You win", "Your opponent wins", "Black wins") and why.
 * @param {GameState} state
 * @returns {string | null}
 */
export function resultText(state) {
  const result = state.result;
  if (!result) return null;
  if (result.reason === 'aborted') return t('result.aborted');
  const reason = t(`reason.${result.reason}`);
  // A foul says where and what; the board shows a winning row by itself.
  const detail = result.foul
    ? ` (${t('result.foul-detail', { kind: t(`foul.${result.foul.kind}`), point: result.foul.point })})`
    : '';
  if (!result.winner || !result.winner_color) return t('result.draw', { reason, detail });
  if (state.you === result.winner) return t('result.you-win', { reason, detail });
  if (state.you) return t('result.you-lose', { reason, detail });
  return t(`result.win.${result.winner_color}`, { reason, detail });
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
 * The line that says what is played: game, opening rule, board, clock, the
 * foul policy and hints in renju, Keryo-Pente, takebacks, and the canonical
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
    timeControlText(state.time),
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

/**
 * The sentence that explains a foul: its kind and each line that makes it.
 * @param {import('./types.js').Foul} foul
 * @returns {string}
 */
export function foulExplanation(foul) {
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
