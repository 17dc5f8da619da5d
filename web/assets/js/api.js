/**
 * The client side of the HTTP and WebSocket API (docs/api.md): typed fetch
 * wrappers and a WebSocket client that reconnects and resyncs by itself.
 * @module api
 */

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').GameView} GameView */
/** @typedef {import('./types.js').CreatedGame} CreatedGame */
/** @typedef {import('./types.js').JoinedGame} JoinedGame */
/** @typedef {import('./types.js').ServerMessage} ServerMessage */

/**
 * An error answered by the API: the HTTP status, the stable `code` and the
 * server's message (English, for people). The page shows
 * `errorText(error.code, error.message)` (error_messages.js), the sentence in
 * the reader's language. A server that cannot be reached, or that answers
 * without a JSON error, gives the client's own code `network` (status 0 when
 * there was no answer at all).
 */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    /** The HTTP status. */
    this.status = status;
    /** The stable code, such as `occupied` or `seat-taken`. */
    this.code = code;
  }
}

/**
 * Sends a request to the API and parses its JSON answer.
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
  const response = await send(path, {
    method,
    headers,
    body: body === null ? undefined : JSON.stringify(body),
  });
  return response.json().catch(() => null);
}

/**
 * Sends a request and answers the response when it is a success; otherwise
 * throws the API's error (the client's own `network` when there was no
 * answer, or one without the API's JSON).
 * @param {string} path
 * @param {RequestInit} init
 * @returns {Promise<Response>}
 */
async function send(path, init) {
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (response.ok) return response;
  const value = await response.json().catch(() => null);
  if (response.status === 429 && !value?.code) {
    // A proxy's 429 without the API's body: said as the server's own.
    const wait = Number(response.headers.get('Retry-After')) || 1;
    throw new ApiError(429, 'rate-limited', `too many requests: try again in ${wait} s`);
  }
  throw new ApiError(response.status, value?.code ?? 'network', value?.message ?? response.statusText);
}

/**
 * Settings of a new game, as `POST /api/games` takes them.
 * @typedef {object} NewGameSettings
 * @property {string} game
 * @property {string} [opening]
 * @property {string} [time]
 * @property {number} [size]
 * @property {string} [foul]       renju: `loses` or `refused`
 * @property {boolean} [hints]     renju: whether forbidden points are shown
 * @property {boolean} [takebacks]
 * @property {boolean} [keryo]     pente: Keryo-Pente
 * @property {'first' | 'second' | 'random'} [seat]
 * @property {boolean} [organiser] the creator takes no seat
 * @property {{computer: number}} [opponent] the engine holds the other seat
 */

/**
 * Creates a game; the answer holds the creator's token and the links.
 * @param {NewGameSettings} settings
 * @returns {Promise<CreatedGame>}
 */
export function createGame(settings) {
  return request('POST', '/api/games', settings);
}

/**
 * Takes the open seat through an invite code.
 * @param {string} id
 * @param {string} invite
 * @returns {Promise<JoinedGame>}
 */
export function joinGame(id, invite) {
  return request('POST', `/api/games/${encodeURIComponent(id)}/join`, { invite });
}

/**
 * The state of a game, as seen by the seat of `token` (or a spectator).
 * @param {string} id
 * @param {string | null} token
 * @returns {Promise<GameState>}
 */
export function fetchState(id, token) {
  return request('GET', `/api/games/${encodeURIComponent(id)}`, null, token);
}

/**
 * Sends an action over HTTP; the answer is the new state.
 * @param {string} id
 * @param {string} token
 * @param {string} action  the text form, `place h8`
 * @returns {Promise<GameState>}
 */
export function sendAction(id, token, action) {
  return request(
    'POST',
    `/api/games/${encodeURIComponent(id)}/actions`,
    { action },
    token,
  );
}

/**
 * Asks the engine about the game's position after `ply` board moves (the
 * final position when null).
 * @param {string} id
 * @param {number | null} ply
 * @returns {Promise<import('./types.js').Analysis>}
 */
export function analyseGame(id, ply) {
  return request('POST', `/api/games/${encodeURIComponent(id)}/analysis`, ply === null ? {} : { ply });
}

/**
 * A position by its rules, set-up and moves, as the analysis endpoints take
 * it (docs/api.md, "Any position").
 * @typedef {import('./wire').PositionRequest} PositionRequest
 */

/**
 * The facts of a position without the engine: its stones, captures, outcome,
 * Black's forbidden points with their explanations and the opening's name.
 * @param {PositionRequest} position
 * @returns {Promise<import('./wire').PositionFacts>}
 */
export function fetchPositionFacts(position) {
  return request('POST', '/api/position', position);
}

/**
 * Asks the engine about any position, for its `lines` best moves.
 * @param {PositionRequest} position
 * @param {number} lines  1 to 5
 * @returns {Promise<import('./types.js').Analysis>}
 */
export function analysePosition(position, lines) {
  return request('POST', '/api/analysis', { ...position, lines });
}

/**
 * Looks for a victory by continuous fours (`vcf`) or threats (`vct`) of
 * `side` in a position, whoever is to move there.
 * @param {PositionRequest} position
 * @param {'black' | 'white'} side
 * @param {'vcf' | 'vct'} kind
 * @returns {Promise<import('./wire').ThreatAnalysis>}
 */
export function searchThreats(position, side, kind) {
  return request('POST', '/api/analysis/threats', { ...position, side, kind });
}

/**
 * Reads a record file (any format narabe reads) into trees.
 * @param {Blob | string} file
 * @param {string | null} format  null to let the server tell from the bytes
 * @returns {Promise<import('./wire').ImportedRecords>}
 */
export async function importRecord(file, format) {
  const query = format ? `?format=${encodeURIComponent(format)}` : '';
  const response = await send(`/api/records/import${query}`, { method: 'POST', body: file });
  return response.json();
}

/**
 * Writes a tree as a record file.
 * @param {import('./wire').RecordView} record
 * @param {'sgf' | 'lib' | 'psq' | 'txt'} format
 * @returns {Promise<Blob>}
 */
export async function exportRecord(record, format) {
  const response = await send(`/api/records/export?format=${format}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(record),
  });
  return response.blob();
}

/**
 * The seat an invite code is for and whether it is still open; it takes
 * nothing.
 * @param {string} id
 * @param {string} code
 * @returns {Promise<import('./wire').InvitationView>}
 */
export function fetchInvitation(id, code) {
  return request(
    'GET',
    `/api/games/${encodeURIComponent(id)}/invitation?code=${encodeURIComponent(code)}`,
    null,
  );
}

/**
 * The invite link of the creator's game again, for the seat token's holder.
 * @param {string} id
 * @param {string} token
 * @returns {Promise<import('./wire').InviteLink>}
 */
export function fetchInviteLink(id, token) {
  return request('GET', `/api/games/${encodeURIComponent(id)}/invite`, null, token);
}

/**
 * Takes this player's seat of rematch `rematchId` with the seat token of the
 * game before: no token is carried into a rematch unless the page holding it
 * asks. The answer holds the rematch's own token (the same for every device
 * that asks with the same token).
 * @param {string} rematchId
 * @param {string} token  the seat token of the game before
 * @returns {Promise<JoinedGame>}
 */
export function takeRematchSeat(rematchId, token) {
  return request('POST', `/api/games/${encodeURIComponent(rematchId)}/rematch-seat`, null, token);
}

/**
 * What a {@link GameSocket} reports to its owner.
 * @typedef {object} SocketHandlers
 * @property {(state: GameView) => void} onState   a new state (snapshot or event)
 * @property {(presence: import('./types.js').Presence) => void} [onPresence]
 * @property {(code: string, message: string) => void} [onError]  a refused action
 * @property {(connected: boolean) => void} [onConnection]
 * @property {(id: string) => void} [onRematch]  the rematch was created
 */

/**
 * The live connection to one game: says hello with the last version seen and
 * the seat token, passes every state on, and reconnects with a growing delay
 * (resyncing from its last version) when the connection drops.
 */
export class GameSocket {
  /**
   * @param {string} id
   * @param {string | null} token
   * @param {SocketHandlers} handlers
   */
  constructor(id, token, handlers) {
    /** @private */ this.id = id;
    /** @private */ this.token = token;
    /** @private */ this.handlers = handlers;
    /** The last version seen, or null before the first state. */
    this.version = /** @type {number | null} */ (null);
    /** @private @type {WebSocket | null} */ this.socket = null;
    /** @private */ this.delay = 500;
    /** @private */ this.closed = false;
    /** @private */ this.nextRef = 1;
  }

  /** Opens the connection (and keeps it open until {@link close}). */
  connect() {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${scheme}://${location.host}/api/games/${encodeURIComponent(this.id)}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      /** @type {Record<string, unknown>} */
      const hello = { type: 'hello', version: this.version };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (message) => {
      this.receive(JSON.parse(String(message.data)));
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onConnection?.(false);
      if (this.closed) return;
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 15000);
    });
  }

  /**
   * Handles one message of the server.
   * @private
   * @param {ServerMessage} message
   */
  receive(message) {
    switch (message.type) {
      case 'welcome':
        this.delay = 500;
        this.handlers.onConnection?.(true);
        break;
      case 'snapshot':
        this.version = message.state.version;
        this.handlers.onState(message.state);
        break;
      case 'event':
        this.version = message.version;
        if (message.state) this.handlers.onState(message.state);
        break;
      case 'presence':
        this.handlers.onPresence?.(message);
        break;
      case 'error':
        this.handlers.onError?.(message.code, message.message);
        break;
      case 'rematch':
        this.handlers.onRematch?.(message.id);
        break;
      default:
        break;
    }
  }

  /**
   * Sends an action on the socket; false when not connected (the caller may
   * use {@link sendAction} instead).
   * @param {string} action
   * @returns {boolean}
   */
  act(action) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    const ref = `a${this.nextRef++}`;
    this.socket.send(JSON.stringify({ type: 'action', action, ref }));
    return true;
  }

  /** Closes the connection for good. */
  close() {
    this.closed = true;
    this.socket?.close();
  }
}
