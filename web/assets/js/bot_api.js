/**
 * The client side of a bot's page (docs/bot-api.md): the bot's public view
 * (`GET /api/bots/{name}`), a person's challenge to it (`POST
 * /api/bot/{name}/challenge`), the challenge's answer as its maker sees it
 * with their secret (`GET /api/challenge/{id}`, with the seat token once
 * accepted), and taking it back (`POST /api/challenge/{id}/cancel`). The
 * secret of a challenge waiting for its answer is kept in sessionStorage,
 * so that a reload keeps waiting for it.
 * @module bot_api
 */

import { ApiError } from './api.js';

/** @typedef {import('./wire').BotView} BotView */
/** @typedef {import('./wire').ChallengeView} ChallengeView */

/**
 * Sends a request to the API and answers its JSON; an error answer (or none
 * at all) throws an {@link ApiError}, as `api.js` does for games.
 * @param {string} method
 * @param {string} path
 * @param {object | null} body
 * @param {string | null} [secret]
 * @returns {Promise<any>}
 */
async function request(method, path, body, secret = null) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== null) headers['Content-Type'] = 'application/json';
  if (secret) headers.Authorization = `Bearer ${secret}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === null ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  const value = await response.json().catch(() => null);
  if (response.ok) return value;
  if (response.status === 429 && !value?.code) {
    const wait = Number(response.headers.get('Retry-After')) || 1;
    throw new ApiError(429, 'rate-limited', `too many requests: try again in ${wait} s`);
  }
  throw new ApiError(response.status, value?.code ?? 'network', value?.message ?? response.statusText);
}

/**
 * The bot named `name`: what it plays, its record and its games.
 * @param {string} name
 * @returns {Promise<BotView>}
 */
export function fetchBot(name) {
  return request('GET', `/api/bots/${encodeURIComponent(name)}`, null);
}

/**
 * A challenge of bot `name` to a game of `settings` (with `seat`, the
 * challenger's); the answer holds the challenge's secret, shown once.
 * @param {string} name
 * @param {object} settings
 * @returns {Promise<ChallengeView>}
 */
export function challengeBot(name, settings) {
  return request('POST', `/api/bot/${encodeURIComponent(name)}/challenge`, settings);
}

/**
 * Challenge `id` as the person holding `secret` sees it.
 * @param {string} id
 * @param {string} secret
 * @returns {Promise<ChallengeView>}
 */
export function fetchChallenge(id, secret) {
  return request('GET', `/api/challenge/${encodeURIComponent(id)}`, null, secret);
}

/**
 * Takes challenge `id` back.
 * @param {string} id
 * @param {string} secret
 * @returns {Promise<ChallengeView>}
 */
export function cancelChallenge(id, secret) {
  return request('POST', `/api/challenge/${encodeURIComponent(id)}/cancel`, {}, secret);
}

/**
 * A challenge this browser waits for: its id, its secret and when it
 * expires (this browser's clock).
 * @typedef {{id: string, secret: string, expires: number}} PendingChallenge
 */

/** @param {string} bot @returns {string} */
function storageKey(bot) {
  return `narabe.challenge.${bot.toLowerCase()}`;
}

/**
 * Remembers the challenge of bot `bot` this tab waits for.
 * @param {string} bot
 * @param {PendingChallenge} pending
 */
export function rememberPending(bot, pending) {
  try {
    sessionStorage.setItem(storageKey(bot), JSON.stringify(pending));
  } catch {
    // Storage may be disabled: a reload then forgets the challenge.
  }
}

/**
 * The challenge of bot `bot` this tab waits for, or null.
 * @param {string} bot
 * @returns {PendingChallenge | null}
 */
export function pendingChallenge(bot) {
  try {
    const value = JSON.parse(sessionStorage.getItem(storageKey(bot)) ?? 'null');
    if (value && typeof value.id === 'string' && typeof value.secret === 'string') return value;
  } catch {
    // Nothing readable kept.
  }
  return null;
}

/**
 * Forgets the challenge of bot `bot` this tab waited for.
 * @param {string} bot
 */
export function forgetPending(bot) {
  try {
    sessionStorage.removeItem(storageKey(bot));
  } catch {
    // Storage may be disabled.
  }
}
