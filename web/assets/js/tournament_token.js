/**
 * What this browser remembers of a tournament, in localStorage: the
 * player's token (`narabe.tournament.<id>.player`) and the organiser's
 * (`narabe.tournament.<id>.organiser`), each kept apart, so that an
 * organiser who also plays keeps both on one device. A private link's
 * fragment (`#token=` for a player, `#organiser=` for the organiser) is read
 * once, remembered, and taken out of the address, so that what anyone
 * copies from the address bar is the public link.
 * @module tournament_token
 */

/** @typedef {'player' | 'organiser'} TournamentRole */

/**
 * @param {string} id
 * @param {TournamentRole} role
 * @returns {string}
 */
function storageKey(id, role) {
  return `narabe.tournament.${id}.${role}`;
}

/**
 * Remembers the token of `role` in tournament `id`.
 * @param {string} id
 * @param {TournamentRole} role
 * @param {string} token
 */
export function rememberTournamentToken(id, role, token) {
  try {
    localStorage.setItem(storageKey(id, role), token);
  } catch {
    // Storage may be disabled: the private link still holds the token.
  }
}

/**
 * The token of `role` remembered for tournament `id`, or null.
 * @param {string} id
 * @param {TournamentRole} role
 * @returns {string | null}
 */
export function storedTournamentToken(id, role) {
  try {
    return localStorage.getItem(storageKey(id, role));
  } catch {
    return null;
  }
}

/**
 * Forgets the token of `role` (one the server does not know).
 * @param {string} id
 * @param {TournamentRole} role
 */
export function forgetTournamentToken(id, role) {
  try {
    localStorage.removeItem(storageKey(id, role));
  } catch {
    // Nothing to do.
  }
}

/**
 * Reads the tokens of tournament `id`'s address (remembering them), replaces
 * the address with `plainUrl`, and answers the tokens this browser holds.
 * @param {string} id
 * @param {string} plainUrl
 * @returns {{player: string | null, organiser: string | null}}
 */
export function takeTournamentTokens(id, plainUrl) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const player = fragment.get('token');
  const organiser = fragment.get('organiser');
  if (player) rememberTournamentToken(id, 'player', player);
  if (organiser) rememberTournamentToken(id, 'organiser', organiser);
  if (location.hash || location.search) history.replaceState(null, '', plainUrl);
  return {
    player: storedTournamentToken(id, 'player'),
    organiser: storedTournamentToken(id, 'organiser'),
  };
}
