/**
 * The analysis board's link: everything the board shows, in the URL's
 * fragment, so that the link alone restores it in any browser (nothing is
 * stored on the server). `#g=renju&s=15&b=h8,i9&w=j10&m=white&t=h8.h9(i9)&at=h8.i9`:
 * the game, the board size, Keryo-Pente (`k=1`), the set-up stones of each
 * colour, who moves first after the set-up, the tree (analysis_tree.js) and
 * the moves to the node shown. docs/web-client.md has the grammar.
 * @module analysis_link
 */

import { AnalysisTree } from './analysis_tree.js';

/**
 * What a link holds.
 * @typedef {object} AnalysisLink
 * @property {string} game  `freestyle`, `standard`, `renju`, `caro` or `pente`
 * @property {number | null} size  null for the game's default
 * @property {boolean} keryo
 * @property {{black: string[], white: string[], toMove: 'black' | 'white' | null}} setup
 * @property {AnalysisTree} tree
 * @property {string[]} cursor  the moves from the root to the node shown
 */

const GAMES = ['freestyle', 'standard', 'renju', 'caro', 'pente'];
const POINT = /^[a-z]\d{1,2}$/;

/**
 * The fragment of `link`, without the `#`.
 * @param {AnalysisLink} link
 * @returns {string}
 */
export function linkText(link) {
  const parts = [`g=${link.game}`];
  if (link.size !== null) parts.push(`s=${link.size}`);
  if (link.keryo) parts.push('k=1');
  if (link.setup.black.length > 0) parts.push(`b=${link.setup.black.join(',')}`);
  if (link.setup.white.length > 0) parts.push(`w=${link.setup.white.join(',')}`);
  if (link.setup.toMove) parts.push(`m=${link.setup.toMove}`);
  const tree = link.tree.toText();
  if (tree) parts.push(`t=${tree}`);
  if (link.cursor.length > 0) parts.push(`at=${link.cursor.map((move) => (move === 'pass' ? '-' : move)).join('.')}`);
  return parts.join('&');
}

/**
 * The link a fragment holds; null when it holds none (an empty fragment) or
 * something else. A wrong part makes the whole link wrong, so that a broken
 * link says so instead of showing half of itself.
 * @param {string} fragment  with or without the leading `#`
 * @returns {AnalysisLink | null}
 */
export function readLink(fragment) {
  const text = fragment.replace(/^#/, '');
  if (!text) return null;
  /** @type {Map<string, string>} */
  const parts = new Map();
  for (const part of text.split('&')) {
    const equals = part.indexOf('=');
    if (equals < 1) return null;
    const key = part.slice(0, equals);
    if (parts.has(key)) return null;
    parts.set(key, part.slice(equals + 1));
  }
  const known = new Set(['g', 's', 'k', 'b', 'w', 'm', 't', 'at']);
  if ([...parts.keys()].some((key) => !known.has(key))) return null;
  const game = parts.get('g') ?? '';
  if (!GAMES.includes(game)) return null;
  const sizeText = parts.get('s');
  const size = sizeText === undefined ? null : Number(sizeText);
  if (size !== null && !(Number.isInteger(size) && size >= 5 && size <= 26)) return null;
  const points = (/** @type {string | undefined} */ value) =>
    value === undefined || value === '' ? [] : value.split(',');
  const black = points(parts.get('b'));
  const white = points(parts.get('w'));
  if (![...black, ...white].every((point) => POINT.test(point))) return null;
  const toMove = parts.get('m') ?? null;
  if (toMove !== null && toMove !== 'black' && toMove !== 'white') return null;
  const tree = AnalysisTree.fromText(parts.get('t') ?? '');
  if (!tree) return null;
  const cursorText = parts.get('at');
  const cursor = cursorText ? cursorText.split('.').map((move) => (move === '-' ? 'pass' : move)) : [];
  return {
    game,
    size,
    keryo: parts.get('k') === '1',
    setup: { black, white, toMove },
    tree,
    cursor,
  };
}

/**
 * The analysis board's address for a game's moves: its rules and board, its
 * board moves as the main line, shown at the end.
 * @param {import('./wire').ConfigSnapshot} config
 * @param {string[]} moves  the board moves played, points and `pass`
 * @returns {string}
 */
export function gameAnalysisUrl(config, moves) {
  const tree = new AnalysisTree();
  let at = tree.root;
  for (const move of moves) at = tree.play(at, move);
  const game = config.game === 'keryo-pente' ? 'pente' : config.game;
  const fragment = linkText({
    game,
    size: config.size,
    keryo: config.keryo,
    setup: { black: [], white: [], toMove: null },
    tree,
    cursor: moves,
  });
  return `/analysis#${fragment}`;
}
