/**
 * The sentences of the move list and the announcements for what is not a
 * stone: a swap ("White swapped: you now play Black"), a keep, a declaration,
 * the offered fifth moves, a resignation. Each sentence comes in one version
 * per colour, so that every language can inflect the colour as it must.
 * @module record_text
 */

import { t } from './strings.js';

/** @typedef {import('./wire').PlayedSnapshot} Played */
/** @typedef {import('./types.js').Seat} Seat */
/** @typedef {import('./types.js').Color} Color */

/**
 * The other colour.
 * @param {Color} color
 * @returns {Color}
 */
function other(color) {
  return color === 'black' ? 'white' : 'black';
}

/**
 * The sentence of a swap, as the viewer on `you` (null for a spectator)
 * reads it.
 * @param {Played} swap
 * @param {Seat | null} you
 * @returns {string}
 */
export function swapSentence(swap, you) {
  if (swap.player === you) return t(`record.swap-you.${swap.color}`);
  if (you) return t(`record.swap-opponent.${other(swap.color)}`);
  return t(`record.swap-spectator.${swap.color}`);
}

/**
 * The sentence of a record entry that is not a board move, or null for a
 * board move. Consecutive offers are said together: pass them all.
 * @param {Played[]} entries  one entry, or a run of offers by one player
 * @param {Seat | null} you
 * @returns {string | null}
 */
export function eventSentence(entries, you) {
  const entry = entries[0];
  switch (entry.kind) {
    case 'swap':
      return swapSentence(entry, you);
    case 'keep':
      return entry.player === you
        ? t(`record.keep-you.${entry.color}`)
        : t(`record.keep.${entry.color}`);
    case 'declare':
      return t(`record.declare.${entry.color}`, { n: entry.action.split(' ')[1] ?? '' });
    case 'offer':
      return t(`record.offer.${entry.color}`, {
        points: entries.map((offer) => offer.action.split(' ')[1]).join(', '),
      });
    case 'resign':
      return t(`record.resign.${entry.color}`);
    default:
      return null;
  }
}
