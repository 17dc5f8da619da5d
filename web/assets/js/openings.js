/**
 * The games and the opening rules each allows (docs/game-log.md), the first
 * of each list being the game's default.
 * @module openings
 */

/** @type {Record<string, string[]>} */
export const OPENINGS = {
  renju: ['free', 'rif', 'yamaguchi', 'taraguchi10', 'soosorv8'],
  freestyle: ['free', 'pro', 'long-pro', 'swap1', 'swap2'],
  standard: ['free', 'pro', 'long-pro', 'swap1', 'swap2'],
  caro: ['swap2', 'free'],
  pente: ['tournament', 'free', 'swap2'],
};

/** The board sizes each game allows (RULES.md), the first being its default. */
/** @type {Record<string, number[]>} */
export const SIZES = {
  renju: [15],
  freestyle: [15, 19],
  standard: [15, 19],
  caro: [19],
  pente: [19],
};

/**
 * The opening rule the home page starts each game with, where it is not the
 * game's default: renju is mostly played with Taraguchi-10 online today.
 * @type {Record<string, string>}
 */
export const HOME_OPENINGS = { renju: 'taraguchi10' };

/**
 * The opening rule the home page offers first for `game`.
 * @param {string} game
 * @returns {string}
 */
export function homeOpening(game) {
  return HOME_OPENINGS[game] ?? OPENINGS[game]?.[0] ?? 'free';
}

/** The seat choices of the home page, as the API writes them. */
export const SEAT_CHOICES = ['first', 'second', 'random'];

/** The foul policies of renju, the first being the default. */
export const FOUL_POLICIES = ['loses', 'refused'];

/**
 * The rules page (`/rules/<page>`, served by the server from web/rules/) that
 * describes `opening` in `game`: the game's own page for a free opening, else
 * the opening's page.
 * @param {string} game
 * @param {string} opening
 * @returns {string}
 */
export function rulesPage(game, opening) {
  if (opening === 'free') return game;
  const family = game === 'freestyle' || game === 'standard' ? 'gomoku' : game;
  return `${family}-${opening}`;
}
