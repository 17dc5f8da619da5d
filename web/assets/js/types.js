/**
 * JSDoc typedefs of the wire JSON (docs/api.md, docs/game-log.md). This
 * module exports nothing at run time; other modules import its types with
 * `import('./types.js').GameState`.
 * @module types
 */

/** @typedef {'first' | 'second'} Seat */
/** @typedef {'black' | 'white'} Color */

/**
 * @typedef {object} GameConfig
 * @property {string} game
 * @property {number} size
 * @property {string} opening
 * @property {string} foul_policy
 * @property {boolean} keryo
 */

/**
 * @typedef {object} Stone
 * @property {string} point  renju notation, `h8`
 * @property {Color} color
 * @property {number} move   the number of the move that placed it
 */

/**
 * @typedef {object} Zone
 * @property {'anywhere' | 'exactly' | 'within' | 'at-least'} kind
 * @property {string | null} center
 * @property {number | null} distance
 */

/**
 * @typedef {object} FoulLine
 * @property {string} shape
 * @property {string} direction
 * @property {string[]} stones
 * @property {string[]} key_points
 */

/**
 * @typedef {object} Foul
 * @property {string} point
 * @property {'overline' | 'double-four' | 'double-three'} kind
 * @property {FoulLine[]} lines
 */

/**
 * @typedef {object} GameResult
 * @property {Seat | null} winner
 * @property {Color | null} winner_color
 * @property {string} reason
 * @property {string | null} detail
 */

/**
 * @typedef {object} Clock
 * @property {number | null} first_ms
 * @property {number | null} second_ms
 * @property {Seat | null} running
 * @property {number | null} deadline
 * @property {number} now
 */

/**
 * @typedef {object} Presence
 * @property {boolean} first
 * @property {boolean} second
 * @property {number} spectators
 */

/**
 * The state of a game as `GET /api/games/{id}` answers it.
 * @typedef {object} GameState
 * @property {string} id
 * @property {number} version
 * @property {GameConfig} config
 * @property {string} phase
 * @property {Seat | null} actor
 * @property {{first: Color, second: Color}} colors
 * @property {string[]} open_actions
 * @property {Zone | null} zone
 * @property {number} offers_due
 * @property {string[]} offers
 * @property {string[]} excluded
 * @property {number | null} declared
 * @property {{code: string, name: string} | null} opening_name
 * @property {Stone[]} stones
 * @property {string[]} moves
 * @property {{black: number, white: number}} captures
 * @property {string[]} forbidden
 * @property {Foul[]} fouls
 * @property {GameResult | null} result
 * @property {number} ply
 * @property {string} time
 * @property {Clock} clock
 * @property {{first: string[], second: string[]}} open
 * @property {{first: 'taken' | 'open', second: 'taken' | 'open'}} seats
 * @property {Presence} presence
 * @property {Seat | null} you
 * @property {Seat | null} draw_offer        who has a draw offer open
 * @property {Seat | null} takeback_request  who asks to take back
 * @property {Seat | null} rematch_offer     who offers a rematch
 * @property {string | null} rematch_id      the rematch, once created
 * @property {{seat: Seat, level: number} | null} [computer]  the computer's seat and level, against the computer
 */

/**
 * The answer to `POST /api/games`.
 * @typedef {object} CreatedGame
 * @property {string} id
 * @property {string} [token]
 * @property {Seat} [seat]
 * @property {string} [invite]
 * @property {string} [play]
 * @property {string} watch
 */

/**
 * The answer to `POST /api/games/{id}/join`.
 * @typedef {object} JoinedGame
 * @property {string} token
 * @property {Seat} seat
 * @property {string} play
 */

/**
 * A message the server sends on the game's WebSocket.
 * @typedef {{type: 'welcome', seat: Seat | null, version: number}
 *   | {type: 'snapshot', state: GameState}
 *   | {type: 'event', version: number, seat: string, action: string, at: number, state?: GameState}
 *   | {type: 'presence', first: boolean, second: boolean, spectators: number}
 *   | {type: 'ack', ref: string, version: number}
 *   | {type: 'error', ref?: string, code: string, message: string}
 *   | {type: 'rematch', id: string}} ServerMessage
 */

export {};
