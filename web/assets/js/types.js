/**
 * The client's names for the wire JSON (docs/api.md, docs/game-log.md). The
 * shapes come from `wire.d.ts`, generated from the Rust types by
 * `scripts/generate-wire-types`. This module exports nothing at run time; other
 * modules import its types with `import('./types.js').GameState`.
 * @module types
 */

/** @typedef {import('./wire').Player} Seat */
/** @typedef {import('./wire').Color} Color */
/** @typedef {import('./wire').Phase} Phase */
/** @typedef {import('./wire').SessionActionKind} ActionName */

/** @typedef {import('./wire').ConfigSnapshot} GameConfig */
/** @typedef {import('./wire').StoneSnapshot} Stone */
/** @typedef {import('./wire').ZoneSnapshot} Zone */
/** @typedef {import('./wire').FoulLineSnapshot} FoulLine */
/** @typedef {import('./wire').FoulSnapshot} Foul */
/** @typedef {import('./wire').ResultSnapshot} GameResult */
/** @typedef {import('./wire').ClockSnapshot} Clock */
/** @typedef {import('./wire').PresenceView} Presence */

/**
 * The state of a game as snapshots and events carry it.
 * @typedef {import('./wire').GameView} GameView
 */

/**
 * The state of a game as `GET /api/games/{id}` answers it: the view and the
 * seat the token holds.
 * @typedef {import('./wire').GameState} GameState
 */

/**
 * The answer to `POST /api/games`.
 * @typedef {import('./wire').Created} CreatedGame
 */

/**
 * The answer to `POST /api/games/{id}/join`.
 * @typedef {import('./wire').Joined} JoinedGame
 */

/**
 * A message the server sends on the game's WebSocket.
 * @typedef {import('./wire').ServerMessage} ServerMessage
 */

/**
 * A message the client sends on the game's WebSocket.
 * @typedef {import('./wire').ClientMessage} ClientMessage
 */

/**
 * The settings of a new game (`POST /api/games`, besides `seat` and `organiser`).
 * @typedef {import('./wire').SessionSettings} SessionSettings
 */

/**
 * The answer to `POST /api/games/{id}/analysis`.
 * @typedef {import('./wire').Analysis} Analysis
 */

export {};
