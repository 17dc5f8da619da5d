/**
 * Where a player's seat token lives in the browser: the URL fragment of the
 * private link (`#token=...`, never sent to a server) and localStorage, per
 * game, so that a reload never loses the seat.
 * @module seat_token
 */

/**
 * @param {string} id
 * @returns {string}
 */
function storageKey(id) {
  return `narabe.token.${id}`;
}

/**
 * Remembers the token of the seat held in game `id`.
 * @param {string} id
 * @param {string} token
 */
export function rememberToken(id, token) {
  try {
    localStorage.setItem(storageKey(id), token);
  } catch {
    // Storage may be disabled; the private link still holds the token.
  }
}

/**
 * The token for game `id`: from the URL fragment first (and then remembered),
 * else from localStorage, else null (a spectator).
 * @param {string} id
 * @returns {string | null}
 */
export function findToken(id) {
  const fragment = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fragment) {
    rememberToken(id, fragment);
    return fragment;
  }
  try {
    return localStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}
