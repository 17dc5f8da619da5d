/**
 * The home page's view of the catalogue of games (`catalog.js`, generated
 * from the rules crate, the same data as `GET /api/catalog`): the games in
 * menu order, each game's opening rules and board sizes (its default first)
 * and rules pages; plus the home page's own choices that are no rules (which
 * opening a game starts with on the home page, the seat choices).
 * @module openings
 */

import { CATALOG } from './catalog.js';

/** @typedef {import('./wire').CatalogGame} CatalogGame */
/** @typedef {import('./wire').Opening} Opening */

/** The games, in menu order. */
export const GAMES = CATALOG.games.map((entry) => entry.game);

/** The foul policies of renju, the default first. */
export const FOUL_POLICIES = CATALOG.foul_policies;

/**
 * The catalogue's entry of `game`.
 * @param {string} game
 * @returns {CatalogGame | undefined}
 */
export function catalogGame(game) {
  return CATALOG.games.find((entry) => entry.game === game);
}

/**
 * The opening rules of `game`, its default first.
 * @param {string} game
 * @returns {Opening[]}
 */
export function openingsOf(game) {
  return catalogGame(game)?.openings.map((entry) => entry.opening) ?? [];
}

/**
 * The board sizes `game` may be created with, its default first.
 * @param {string} game
 * @returns {number[]}
 */
export function sizesOf(game) {
  return catalogGame(game)?.sizes ?? [];
}

/**
 * The rules page (`/rules/<page>`) that describes `opening` in `game`, or
 * the game's own page when the opening is unknown.
 * @param {string} game
 * @param {string} opening
 * @returns {string}
 */
export function rulesPageOf(game, opening) {
  const entry = catalogGame(game);
  return entry?.openings.find((each) => each.opening === opening)?.rules_page ?? entry?.rules_page ?? game;
}

/**
 * The opening rule the home page starts each game with, where it is not the
 * game's default: renju is mostly played with Taraguchi-10 online today.
 * @type {Record<string, Opening>}
 */
export const HOME_OPENINGS = { renju: 'taraguchi10' };

/**
 * The opening rule the home page offers first for `game`.
 * @param {string} game
 * @returns {string}
 */
export function homeOpening(game) {
  return HOME_OPENINGS[game] ?? openingsOf(game)[0] ?? 'free';
}

/** The seat choices of the home page, as the API writes them. */
export const SEAT_CHOICES = ['first', 'second', 'random'];
