/**
 * The sentence for an error code the server answered, in the reader's
 * language (`error.<code>` in the dictionaries); the server's own English
 * message when the code has none.
 * @module error_messages
 */

import { t } from './strings.js';

/**
 * The sentence for `code`.
 * @param {string} code
 * @param {string} serverMessage
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function errorText(code, serverMessage, params = {}) {
  const key = `error.${code}`;
  const text = t(key, params);
  return text === key ? serverMessage : text;
}
