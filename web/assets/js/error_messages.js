/**
 * The reader's sentence for every error the server can send (the codes of
 * docs/api.md, "Error codes"): what happened and what to do, in the
 * language of the page. The server's English message is the fallback for a
 * code the dictionaries do not know (`crates/server/tests/error_codes.rs`
 * fails when the server gains a code without an `error.<code>` sentence).
 * @module error_messages
 */

import { ApiError } from './api.js';
import { hasText, t } from './strings.js';

/**
 * A number some server messages carry, read so that the sentence can say it:
 * the pattern that finds it in the message, the parameter it fills (which
 * picks the `error.<code>.<variant>` sentence) and how to convert it.
 * @typedef {object} MessageNumber
 * @property {RegExp} pattern
 * @property {string} param
 * @property {string} variant
 * @property {(value: number) => number | null} convert  null: not a number to say
 */

/**
 * The numbers in the server's messages (their wording is checked by the
 * Rust test `error_codes`, so a change there fails before it reaches here).
 * @type {Record<string, MessageNumber>}
 */
const MESSAGE_NUMBERS = {
  // "too many requests from your address: try again in 3 s"
  'rate-limited': {
    pattern: /try again in (\d+) s\b/,
    param: 'n',
    variant: 'wait',
    convert: (seconds) => Math.max(1, seconds),
  },
  // "... not gone long enough to claim (possible in 12000 ms)"; a present
  // opponent gives the largest number the server has, which says nothing.
  'opponent-not-gone': {
    pattern: /possible in (\d+) ms\b/,
    param: 'n',
    variant: 'wait',
    convert: (ms) => (ms < 86_400_000 ? Math.max(1, Math.ceil(ms / 1000)) : null),
  },
  // "12 is out of range: declare 1 to 10"
  'count-out-of-range': {
    pattern: /declare 1 to (\d+)/,
    param: 'max',
    variant: 'max',
    convert: (max) => max,
  },
};

/**
 * The numbers a server message of `code` carries, as sentence parameters,
 * with the variant of the sentence that says them (none when it has none).
 * @param {string} code
 * @param {string} serverMessage
 * @returns {{variant: string | null, params: Record<string, number>}}
 */
export function messageNumbers(code, serverMessage) {
  const known = MESSAGE_NUMBERS[code];
  const found = known?.pattern.exec(serverMessage ?? '');
  const value = found && known ? known.convert(Number(found[1])) : null;
  if (!known || value === null) return { variant: null, params: {} };
  return { variant: known.variant, params: { [known.param]: value } };
}

/**
 * The sentence for an error the server sent, in the reader's language:
 * `error.<code>` (or its variant that says the number the message carries,
 * such as the seconds to wait), else the server's own message.
 * @param {string} code  the stable code, such as `occupied`
 * @param {string} serverMessage  the server's English message
 * @param {Record<string, string | number>} [params]  more sentence parameters
 * @returns {string}
 */
export function errorText(code, serverMessage, params = {}) {
  const numbers = messageNumbers(code, serverMessage);
  const all = { ...numbers.params, ...params };
  const keys = numbers.variant ? [`error.${code}.${numbers.variant}`, `error.${code}`] : [`error.${code}`];
  const key = keys.find(hasText);
  return key ? t(key, all) : serverMessage;
}

/**
 * The sentence for anything a request threw: an API error by its code,
 * anything else (a bug) as the generic sentence with its message.
 * @param {unknown} error
 * @returns {string}
 */
export function describeError(error) {
  if (error instanceof ApiError) return errorText(error.code, error.message);
  return t('error.generic', { message: error instanceof Error ? error.message : String(error) });
}
