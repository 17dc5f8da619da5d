/**
 * The client side of the tournament API (`/api/tournaments`): creating one,
 * its state as a token's holder sees it, joining, the players' and the
 * organiser's actions, the exports' addresses, and the live feed, a
 * WebSocket that sends the whole view on connecting and on every change and
 * is opened again with a growing delay when it drops.
 * @module tournament_api
 */

import { ApiError } from './api.js';

/** @typedef {import('./wire').TournamentView} TournamentView */
/** @typedef {import('./wire').TournamentState} TournamentState */
/** @typedef {import('./wire').TournamentCreated} TournamentCreated */
/** @typedef {import('./wire').TournamentJoined} TournamentJoined */
/** @typedef {import('./wire').TournamentJoinRequest} TournamentJoinRequest */
/** @typedef {import('./wire').TournamentActionRequest} TournamentActionRequest */

/**
 * Sends a request to the API and answers its JSON; an error answer (or none
 * at all) throws an {@link ApiError}, as `api.js` does for games.
 * @param {string} method
 * @param {string} path
 * @param {object | null} body
 * @param {string | null} [token]
 * @returns {Promise<any>}
 */
async function request(method, path, body, token = null) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== null) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
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
 * The address of tournament `id`'s API.
 * @param {string} id
 * @returns {string}
 */
function base(id) {
  return `/api/tournaments/${encodeURIComponent(id)}`;
}

/**
 * Creates a tournament: the games' settings as `POST /api/games` takes them,
 * beside the tournament's own fields (docs/tournaments.md).
 * @param {object} body
 * @returns {Promise<TournamentCreated>}
 */
export function createTournament(body) {
  return request('POST', '/api/tournaments', body);
}

/**
 * The tournament and who `token` makes the asker.
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<TournamentState>}
 */
export function fetchTournament(id, token) {
  return request('GET', base(id), null, token);
}

/**
 * Joins under a nickname (and a rating, 0 for none).
 * @param {string} id
 * @param {TournamentJoinRequest} entry
 * @returns {Promise<TournamentJoined>}
 */
export function joinTournament(id, entry) {
  return request('POST', `${base(id)}/join`, entry);
}

/**
 * A player's or the organiser's action; the answer is the new state.
 * @param {string} id
 * @param {string} token
 * @param {TournamentActionRequest} action
 * @returns {Promise<TournamentState>}
 */
export function tournamentAction(id, token, action) {
  return request('POST', `${base(id)}/actions`, action, token);
}

/**
 * The address of an export (an attachment the server names).
 * @param {string} id
 * @param {'trf' | 'csv' | 'txt' | 'sgf' | 'psq' | 'lib'} format
 * @returns {string}
 */
export function exportUrl(id, format) {
  return `${base(id)}/export?format=${format}`;
}

/**
 * What a {@link TournamentSocket} reports.
 * @typedef {object} TournamentSocketHandlers
 * @property {(view: TournamentView) => void} onView  a newer view
 * @property {(connected: boolean) => void} [onConnection]
 */

/**
 * The live feed of one tournament: every view newer than the last one is
 * passed on; when the connection drops it is opened again after 0.5 s, then
 * twice as long each time up to 15 s, and the first message after that is
 * the whole view again.
 */
export class TournamentSocket {
  /**
   * @param {string} id
   * @param {TournamentSocketHandlers} handlers
   */
  constructor(id, handlers) {
    /** @private */ this.id = id;
    /** @private */ this.handlers = handlers;
    /** The last version seen, or -1 before the first view. */
    this.version = -1;
    /** @private @type {WebSocket | null} */ this.socket = null;
    /** @private */ this.delay = 500;
    /** @private */ this.closed = false;
  }

  /** Opens the connection (and keeps it open until {@link close}). */
  connect() {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}${base(this.id)}/ws`);
    this.socket = socket;
    socket.addEventListener('message', (message) => {
      let parsed;
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (parsed?.type !== 'tournament' || !parsed.view) return;
      this.delay = 500;
      this.handlers.onConnection?.(true);
      const view = /** @type {TournamentView} */ (parsed.view);
      if (view.version < this.version) return;
      this.version = view.version;
      this.handlers.onView(view);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.handlers.onConnection?.(false);
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 15000);
    });
  }

  /**
   * Takes note of a view that came another way (an action's answer), so
   * that an older one from the socket is not drawn after it.
   * @param {number} version
   */
  saw(version) {
    this.version = Math.max(this.version, version);
  }

  /** Closes the connection for good. */
  close() {
    this.closed = true;
    this.socket?.close();
  }
}
