/**
 * The home page's time controls: the presets renju and gomoku sites offer,
 * the custom clock (minutes + increment, or days per move) checked before
 * anything is sent, and the words for a time control. The texts are those
 * `POST /api/games` takes (docs/api.md): `none`, `5+3`, `0.5+0`, `3d`.
 * @module time_choice
 */

import { currentLanguage, t } from './strings.js';

/**
 * What separates the parts of a summary line: a dot that never starts a
 * line (the space before it does not break).
 */
export const SEPARATOR = '\u00a0· ';

/** The presets, in the order the page shows them. */
export const TIME_PRESETS = ['1+0', '3+2', '5+3', '10+5', '15+10', '30+20', '1d', '3d', '7d', 'none'];

/** The time control a first visit gets. */
export const DEFAULT_TIME = '10+5';

/**
 * The server's bounds (crates/game/src/time_control.rs), except the lowest
 * base: the server takes a 1-second clock, the page offers a quarter of a
 * minute at least, as the big sites do.
 */
export const CUSTOM_LIMITS = {
  minMinutes: 0.25,
  maxMinutes: 180,
  maxIncrement: 180,
  minDays: 1,
  maxDays: 14,
};

/**
 * What the custom fields hold, as typed.
 * @typedef {object} CustomTime
 * @property {'clock' | 'days'} kind
 * @property {string} minutes
 * @property {string} increment
 * @property {string} days
 */

/**
 * A checked custom time control: the text to send, or the key of the
 * sentence that says what is wrong and the field it is about.
 * @typedef {{time: string} | {error: string, field: 'minutes' | 'increment' | 'days'}} CustomResult
 */

/**
 * A whole number typed by a person (digits only), or null.
 * @param {string} text
 * @returns {number | null}
 */
function wholeNumber(text) {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * A decimal number typed by a person, with a point or a comma (Czech,
 * Estonian and Russian write `0,5`), or null.
 * @param {string} text
 * @returns {number | null}
 */
function decimalNumber(text) {
  const trimmed = text.trim().replace(',', '.');
  return /^(\d{1,4}(\.\d{1,3})?|\.\d{1,3})$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Checks the custom fields and gives the time control text the server takes.
 * @param {CustomTime} custom
 * @returns {CustomResult}
 */
export function customTime(custom) {
  const limits = CUSTOM_LIMITS;
  if (custom.kind === 'days') {
    const days = wholeNumber(custom.days);
    if (days === null || days < limits.minDays || days > limits.maxDays) {
      return { error: 'home.custom-days-error', field: 'days' };
    }
    return { time: `${days}d` };
  }
  const minutes = decimalNumber(custom.minutes);
  if (minutes === null || minutes < limits.minMinutes || minutes > limits.maxMinutes) {
    return { error: 'home.custom-minutes-error', field: 'minutes' };
  }
  const increment = wholeNumber(custom.increment);
  if (increment === null || increment > limits.maxIncrement) {
    return { error: 'home.custom-increment-error', field: 'increment' };
  }
  // `String(0.5)` is `0.5`, `String(10)` is `10`: the server's own form.
  return { time: `${String(minutes)}+${increment}` };
}

/**
 * The number of days of a correspondence control (`3d`), or null.
 * @param {string} time
 * @returns {number | null}
 */
export function correspondenceDays(time) {
  const found = /^(\d+)d$/.exec(time);
  return found ? Number(found[1]) : null;
}

/**
 * `3 days` in the page's language (plural forms by the browser's Intl).
 * Estonian takes the short form: the long one is `ööpäev`, the 24 hours,
 * where players say `päev`.
 * @param {number} days
 * @returns {string}
 */
export function formatDays(days) {
  const lang = currentLanguage();
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: 'day',
    unitDisplay: lang === 'et' ? 'short' : 'long',
  }).format(days);
}

/**
 * The speed class of a real-time control, by the usual estimate of a game's
 * length (the base and forty increments): bullet under 3 minutes, blitz
 * under 8, rapid under 25, else classical.
 * @param {string} time  `<minutes>+<seconds>`
 * @returns {'bullet' | 'blitz' | 'rapid' | 'classical' | null}
 */
export function speedClass(time) {
  const found = /^([\d.]+)\+(\d+)$/.exec(time);
  if (!found) return null;
  const seconds = Number(found[1]) * 60 + Number(found[2]) * 40;
  if (seconds < 180) return 'bullet';
  if (seconds < 480) return 'blitz';
  if (seconds < 1500) return 'rapid';
  return 'classical';
}

/**
 * A time control in words for the summary line: `10+5`, `3 days per move`,
 * `No clock`.
 * @param {string} time
 * @returns {string}
 */
export function timeLabel(time) {
  if (time === 'none') return t('time.none');
  const days = correspondenceDays(time);
  if (days !== null) return t('home.time-days', { days: formatDays(days) });
  return time;
}
