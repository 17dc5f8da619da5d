/**
 * What this browser remembers of the games it takes part in, in
 * localStorage: the seat token per game (so that a reload never loses the
 * seat), the list of those games, newest first (the home page's "Your
 * games"), and an organiser's invite links (an organiser holds no token the
 * server could give them back for).
 * @module seat_token
 */

/** The key of the list of remembered games. */
const GAMES_KEY = 'narabe.games';
/** The most games the list keeps; the oldest fall off. */
const MAX_GAMES = 50;

/**
 * @param {string} id
 * @returns {string}
 */
function storageKey(id) {
  return `narabe.token.${id}`;
}

/**
 * A remembered game of this browser.
 * @typedef {object} RememberedGame
 * @property {string} id
 * @property {number} at  when it was first remembered (ms since the epoch)
 */

/**
 * The games this browser holds a seat in (or organises), newest first.
 * @returns {RememberedGame[]}
 */
export function rememberedGames() {
  try {
    const list = JSON.parse(localStorage.getItem(GAMES_KEY) ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.filter(
      (entry) => entry && typeof entry.id === 'string' && typeof entry.at === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * Puts game `id` at the head of the remembered games (once).
 * @param {string} id
 */
function rememberGame(id) {
  const games = rememberedGames();
  if (games.some((game) => game.id === id)) return;
  games.unshift({ id, at: Date.now() });
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(games.slice(0, MAX_GAMES)));
  } catch {
    // Storage may be disabled or full: the list is a convenience.
  }
}

/**
 * Drops game `id` from the remembered games (its token stays, so its page
 * still knows the seat).
 * @param {string} id
 */
export function forgetGame(id) {
  const games = rememberedGames().filter((game) => game.id !== id);
  try {
    localStorage.setItem(GAMES_KEY, JSON.stringify(games));
  } catch {
    // Nothing to do: the list stays as it was.
  }
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
  rememberGame(id);
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
  return storedToken(id);
}

/**
 * The token remembered for game `id`, or null.
 * @param {string} id
 * @returns {string | null}
 */
export function storedToken(id) {
  try {
    return localStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}

/**
 * The invite links of an organised game, one per seat.
 * @typedef {object} OrganiserInvites
 * @property {string} first
 * @property {string} second
 */

/**
 * Remembers the invite links of a game this browser organises.
 * @param {string} id
 * @param {OrganiserInvites} invites
 */
export function rememberInvites(id, invites) {
  try {
    localStorage.setItem(`narabe.invites.${id}`, JSON.stringify(invites));
  } catch {
    // Storage may be disabled: the links were shown once.
  }
  rememberGame(id);
}

/**
 * The invite links remembered for organised game `id`, or null.
 * @param {string} id
 * @returns {OrganiserInvites | null}
 */
export function findInvites(id) {
  try {
    const value = JSON.parse(localStorage.getItem(`narabe.invites.${id}`) ?? 'null');
    if (value && typeof value.first === 'string' && typeof value.second === 'string') return value;
  } catch {
    // Unreadable: as if none.
  }
  return null;
}
