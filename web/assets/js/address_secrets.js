/**
 * The secrets a game's address may carry, taken out of it once read: the
 * seat token of a private link (`#token=`, kept in localStorage by
 * seat_token.js) and the invite code of an invite link (`?invite=`, kept in
 * sessionStorage so that a reload of the invitation still works). The
 * address bar then shows the plain game address, so that what a player
 * copies from it is always a spectator link.
 * @module address_secrets
 */

import { findToken } from './seat_token.js';

/**
 * The session storage key of game `id`'s invite code.
 * @param {string} id
 * @returns {string}
 */
function inviteKey(id) {
  return `narabe.invite.${id}`;
}

/**
 * Reads and keeps the secrets of game `id`'s address, and replaces the
 * address with `plainUrl`.
 * @param {string} id
 * @param {string} plainUrl
 * @returns {{token: string | null, inviteCode: string | null}}
 */
export function takeSecretsFromAddress(id, plainUrl) {
  const token = findToken(id);
  const fromAddress = new URLSearchParams(location.search).get('invite');
  let inviteCode = fromAddress;
  try {
    if (fromAddress) sessionStorage.setItem(inviteKey(id), fromAddress);
    inviteCode = fromAddress ?? sessionStorage.getItem(inviteKey(id));
  } catch {
    // Storage may be disabled: the code from the address is all there is.
  }
  if (location.search || location.hash) history.replaceState(null, '', plainUrl);
  return { token, inviteCode };
}

/**
 * Forgets game `id`'s invite code once it is used up (or moot).
 * @param {string} id
 */
export function forgetInviteCode(id) {
  try {
    sessionStorage.removeItem(inviteKey(id));
  } catch {
    // Storage may be disabled: the code is gone from the address anyway.
  }
}
