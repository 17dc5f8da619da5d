/**
 * Every step of the game said in words before anyone clicks: the turn line
 * ("Your turn: play move 3 (Black)"), the guide under it (where the stone may
 * go, which fifth moves are offered, what a swap does) and the labels of the
 * choice buttons ("Swap: play Black", "Keep: play White", Swap2's third way).
 * Everything comes from the state the server sends: the phase, the zone, the
 * colour of the next stone, the offers and the declared count.
 * @module opening_guide
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Color} Color */

/**
 * The other colour.
 * @param {Color} color
 * @returns {Color}
 */
function otherColor(color) {
  return color === 'black' ? 'white' : 'black';
}

/**
 * The number of the next board move.
 * @param {GameState} state
 * @returns {number}
 */
function nextMove(state) {
  return state.moves.length + 1;
}

/**
 * What the actor is asked to do now, as a phrase ("play move 3 (Black)").
 * @param {GameState} state
 * @returns {string}
 */
function whatToDo(state) {
  switch (state.phase) {
    case 'swap-or-keep':
      return t('what.swap-or-keep');
    case 'swap2-choice':
      return t('what.swap2-choice');
    case 'taraguchi-choice':
      return t('what.taraguchi-choice');
    case 'declare':
      return t('what.declare', { max: state.declare_max ?? 10 });
    case 'offer':
      return t('what.offer', {
        k: state.offers.length + 1,
        total: state.offers.length + state.offers_due,
      });
    case 'choose':
      return t('what.choose');
    default:
      return t(`what.place.${state.turn}`, { n: nextMove(state) });
  }
}

/**
 * The turn line: who acts now and what they do; null once the game is over.
 * @param {GameState} state
 * @returns {string | null}
 */
export function turnLine(state) {
  if (state.result || !state.actor) return null;
  const what = whatToDo(state);
  if (state.you === state.actor) return t('instruction.you', { what });
  if (state.computer?.seat === state.actor) return t('turn.computer', { what });
  if (state.you) return t('turn.opponent', { what });
  return t(`instruction.${state.colors[state.actor]}`, { what });
}

/**
 * Where the next stone may go, in words, or '' when anywhere goes in normal
 * play.
 * @param {GameState} state
 * @returns {string}
 */
function zoneText(state) {
  const zone = state.zone;
  const n = nextMove(state);
  if (!zone) return '';
  switch (zone.kind) {
    case 'exactly':
      return t('zone.exactly', { n, point: zone.center ?? '' });
    case 'within': {
      const side = 2 * (zone.distance ?? 0) + 1;
      return t('zone.within', { n, side, center: zone.center ?? '' });
    }
    case 'at-least':
      return t('zone.at-least', { n, d: zone.distance ?? 0, center: zone.center ?? '' });
    default:
      return state.phase === 'place' && isOpening(state) ? t('zone.anywhere', { n }) : '';
  }
}

/**
 * Whether the opening protocol is still going on (its phases, or stones whose
 * zone it sets).
 * @param {GameState} state
 * @returns {boolean}
 */
function isOpening(state) {
  return state.phase !== 'place' || (state.zone !== null && state.zone.kind !== 'anywhere');
}

/**
 * The guide under the turn line: the zone, the offers, what each choice
 * means; '' when there is nothing to add.
 * @param {GameState} state
 * @returns {string}
 */
export function guideText(state) {
  if (state.result || !state.actor) return '';
  const mine = state.you === state.actor;
  const actorColor = state.colors[state.actor];
  const offers = state.offers.join(', ');
  switch (state.phase) {
    case 'swap-or-keep':
      return t(mine ? `guide.swap-you.${actorColor}` : `guide.swap-other.${actorColor}`);
    case 'swap2-choice':
      return t(mine ? 'guide.swap2-you' : 'guide.swap2-other');
    case 'taraguchi-choice':
      return t(mine ? 'guide.taraguchi-you' : 'guide.taraguchi-other');
    case 'declare':
      return t('guide.declare', { max: state.declare_max ?? 10 });
    case 'offer': {
      const so = offers ? ` ${t('guide.offers-so-far', { points: offers })}` : '';
      return `${t(mine ? 'guide.offer-you' : 'guide.offer-other')}${so}`;
    }
    case 'choose':
      return t(mine ? 'guide.choose-you' : 'guide.choose-other', { points: offers });
    default:
      return zoneText(state);
  }
}

/**
 * The labels of the choice buttons open to the viewer now: `swap`, `keep`
 * and the third way of Swap2 and Taraguchi-10 (placing two more stones, or
 * offering ten fifth moves), each null when not open.
 * @param {GameState} state
 * @param {import('./types.js').ActionName[]} open  the viewer's open actions
 * @returns {{swap: string | null, keep: string | null, more: string | null}}
 */
export function choiceLabels(state, open) {
  const own = state.you ? state.colors[state.you] : 'black';
  const labels = {
    swap: open.includes('swap') ? t(`button.swap-to.${otherColor(own)}`) : null,
    keep: open.includes('keep') ? t(`button.keep-as.${own}`) : null,
    more: /** @type {string | null} */ (null),
  };
  if (state.phase === 'swap2-choice' && open.includes('place')) labels.more = t('button.place-two');
  if (state.phase === 'taraguchi-choice' && open.includes('offer')) labels.more = t('button.offer-ten');
  return labels;
}

/**
 * The declared number of fifth moves for everyone to see, from the moment
 * it is declared; null before (or in openings without a declaration).
 * @param {GameState} state
 * @returns {string | null}
 */
export function declaredLine(state) {
  if (state.declared === null) return null;
  return t('game.declared', { n: state.declared });
}
