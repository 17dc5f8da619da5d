/**
 * What a game is, in words: the list of its settings the challenge and join
 * pages show ("Game: Renju", "Time control: 10 min + 5 s", "Your colour:
 * decided by the swap"), and the time control as people write it.
 * @module game_facts
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').GameView} GameView */
/** @typedef {import('./types.js').Seat} Seat */

/**
 * A time control for people: `No clock`, `10 min + 5 s`, `3 days per move`.
 * @param {string} time  the API's text: `none`, `10+5`, `0.5+0`, `3d`
 * @returns {string}
 */
export function timeControlText(time) {
  if (time === 'none') return t('time.none');
  const days = /^(\d+)d$/.exec(time);
  if (days) return t('time.days', { n: Number(days[1]) });
  const real = /^(\d+(?:\.\d+)?)\+(\d+)$/.exec(time);
  if (!real) return time;
  const minutes = Number(real[1]);
  const increment = Number(real[2]);
  const base = Number.isInteger(minutes)
    ? t('time.minutes', { n: minutes })
    : t('time.seconds', { n: Math.round(minutes * 60) });
  return increment > 0 ? `${base} + ${t('time.increment', { n: increment })}` : base;
}

/**
 * The colour `seat` will play, in words: the colour itself, or that the
 * opening's swap decides it (while it has not yet).
 * @param {GameView} state
 * @param {Seat} seat
 * @returns {string}
 */
export function seatColorText(state, seat) {
  const undecided = state.config.colors_by_swap && state.record.length === 0;
  return undecided ? t('facts.by-swap') : t(`color.${state.colors[seat]}`);
}

/**
 * Fills `list` (a `<dl>`) with the game's settings and, when `seat` is given,
 * the colour that seat plays (under the label `colorKey`).
 * @param {HTMLElement} list
 * @param {GameView} state
 * @param {{seat: Seat, colorKey: string} | null} colorOf
 */
export function renderFacts(list, state, colorOf) {
  const config = state.config;
  /** @type {[string, string][]} */
  const rows = [
    [t('facts.game'), t(`game.${config.game}`)],
    [t('facts.opening'), t(`opening.${config.opening}`)],
    [t('facts.board'), t(`size.${config.size}`)],
    [t('facts.time'), timeControlText(state.time)],
  ];
  if (config.game === 'renju') {
    const hints = state.hints ? t('facts.hints-on') : t('facts.hints-off');
    rows.push([t('facts.fouls'), `${t(`foul-policy.${config.foul_policy}`)} · ${hints}`]);
  }
  /** @type {string[]} */
  const options = [];
  if (config.keryo) options.push('Keryo-Pente');
  options.push(state.takebacks ? t('facts.takebacks-on') : t('facts.takebacks-off'));
  rows.push([t('facts.options'), options.join(' · ')]);
  if (colorOf) rows.push([t(colorOf.colorKey), seatColorText(state, colorOf.seat)]);
  list.replaceChildren(
    ...rows.flatMap(([term, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      return [dt, dd];
    }),
  );
}
