/**
 * What changed between two states that deserves a sentence of its own: a
 * swap ("White swapped: you now play Black"), and the answer to the viewer's
 * own offer or request (declined, or declined by a move, or a takeback
 * granted). The page shows it in its notice line.
 * @module notices
 */

import { swapSentence } from './record_text.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */

/**
 * The notice for the step from `previous` to `next`, or null.
 * @param {GameState} previous
 * @param {GameState} next
 * @param {Set<string>} withdrawn  the viewer's requests it withdrew itself
 *   (`draw`, `takeback`, `rematch`); a withdrawal is no refusal, and the
 *   entry is used up here
 * @returns {string | null}
 */
export function transitionNotice(previous, next, withdrawn) {
  const swap = next.record.slice(previous.record.length).find((entry) => entry.kind === 'swap');
  if (swap && next.record.length > previous.record.length) return swapSentence(swap, next.you);
  const you = next.you;
  if (!you) return null;
  const moved = next.moves.length !== previous.moves.length;
  /** @type {[string, 'draw_offer' | 'takeback_request' | 'rematch_offer'][]} */
  const requests = [
    ['draw', 'draw_offer'],
    ['takeback', 'takeback_request'],
    ['rematch', 'rematch_offer'],
  ];
  for (const [name, field] of requests) {
    if (previous[field] !== you || next[field] === you) continue;
    if (withdrawn.delete(name)) return null;
    if (name === 'draw' && next.result) return null;
    if (name === 'rematch' && (next.rematch_agreed || next.rematch_id)) return null;
    if (name === 'takeback' && next.moves.length < previous.moves.length) return t('notice.takeback-granted');
    if (name === 'draw' && moved) return t('notice.draw-declined-by-move');
    return t(`notice.${name}-declined`);
  }
  return null;
}
