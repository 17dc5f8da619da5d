// Generated from the Rust types by `scripts/generate-wire-types`
// (crates/server/src/wire_types.rs). Do not edit by hand.

export type Player = "first" | "second";

export type Color = "black" | "white";

export type Phase = "place" | "swap-or-keep" | "declare" | "offer" | "choose" | "taraguchi-choice" | "swap2-choice" | "over";

export type ActionKind = "place" | "pass" | "swap" | "keep" | "declare" | "offer" | "choose" | "resign";

export type SessionActionKind = "place" | "pass" | "swap" | "keep" | "declare" | "offer" | "choose" | "resign" | "draw offer" | "draw accept" | "draw decline" | "draw withdraw" | "takeback request" | "takeback accept" | "takeback decline" | "takeback withdraw" | "abort" | "claim win" | "claim draw" | "rematch offer" | "rematch accept" | "rematch decline" | "rematch withdraw" | "timeout" | "credit";

export type Opening = "free" | "rif" | "yamaguchi" | "taraguchi10" | "soosorv8" | "pro" | "long-pro" | "swap1" | "swap2" | "tournament";

export type FoulPolicy = "loses" | "refused";

export type ZoneKind = "anywhere" | "exactly" | "within" | "at-least";

export type FoulKind = "overline" | "double-four" | "double-three";

export type LineShape = "overline" | "four" | "three";

export type Direction = "horizontal" | "vertical" | "diagonal" | "anti-diagonal";

export type ResultCode = "five" | "overline" | "foul" | "captures" | "double-pass" | "full-board" | "resignation" | "timeout" | "agreement" | "abandonment" | "aborted";

export type CatalogOpening = { 
/**
 * The opening rule.
 */
opening: Opening, 
/**
 * The rules page that describes it in this game: the game's own page for
 * the free opening, else the opening rule's (`renju-rif`, `gomoku-swap2`).
 */
rules_page: string, 
/**
 * The most fifth moves one may declare (Yamaguchi 10, Soosõrv-8 8).
 */
declare_max: number | null, 
/**
 * Whether the colours are decided by a swap in the opening.
 */
colors_by_swap: boolean, };

export type CatalogGame = { 
/**
 * The name the API and the game log take: `freestyle`, `standard`,
 * `renju`, `caro`, `pente` (Keryo-Pente is pente's `keryo` option).
 */
game: string, 
/**
 * The board sizes a game may be created with, the default first.
 */
sizes: Array<number>, 
/**
 * The opening rules, the default first.
 */
openings: Array<CatalogOpening>, 
/**
 * The rules page of the game (`/rules/<page>`).
 */
rules_page: string, 
/**
 * The colour of the first stone (White in Pente).
 */
first_color: Color, 
/**
 * Whether Black has forbidden moves (renju: the foul policy and the
 * forbidden-point hints apply).
 */
forbidden_moves: boolean, 
/**
 * The captured stones that win, in a game with captures.
 */
capture_goal: number | null, 
/**
 * The captured stones that win with the Keryo option, where it exists.
 */
keryo_capture_goal: number | null, };

export type Catalog = { 
/**
 * The games, in menu order.
 */
games: Array<CatalogGame>, 
/**
 * The foul policies of renju, the default first.
 */
foul_policies: Array<FoulPolicy>, };

export type SeatState = "taken" | "open";

export type ActorView = "first" | "second" | "server";

export type ConfigSnapshot = { 
/**
 * `freestyle`, `standard`, `renju`, `caro` or `pente` (Keryo-Pente too).
 */
game: string, 
/**
 * The number of lines of the board.
 */
size: number, 
/**
 * The opening rule.
 */
opening: Opening, 
/**
 * What a foul does: `loses` or `refused`.
 */
foul_policy: FoulPolicy, 
/**
 * Whether the Keryo option is on.
 */
keryo: boolean, 
/**
 * Whether the opening rule decides the colours by a swap, so that who
 * plays Black is only known once the opening gets there.
 */
colors_by_swap: boolean, 
/**
 * The captured stones that win, in a game with captures (Pente 10,
 * Keryo-Pente 15).
 */
capture_goal: number | null, };

export type ColorsSnapshot = { 
/**
 * The first player's.
 */
first: Color, 
/**
 * The second player's.
 */
second: Color, };

export type ZoneSnapshot = { 
/**
 * `anywhere`, `exactly`, `within` or `at-least` ([`Zone::kind`]).
 */
kind: ZoneKind, 
/**
 * The only point (`exactly`) or the centre the distance is measured from.
 */
center: string | null, 
/**
 * The largest (`within`) or smallest (`at-least`) Chebyshev distance.
 */
distance: number | null, };

export type OpeningNameSnapshot = { 
/**
 * `1D` .. `13D`, `1I` .. `13I`.
 */
code: string, 
/**
 * The name, e.g. `Kyōgetsu`.
 */
name: string, };

export type StoneSnapshot = { 
/**
 * Where it stands.
 */
point: string, 
/**
 * Its colour.
 */
color: Color, 
/**
 * The number of the move that placed it (move 1 is the first stone).
 */
move: number, };

export type PlayedSnapshot = { 
/**
 * Who took it.
 */
player: Player, 
/**
 * The action in the game-log text form (`place h8`, `swap`, `declare 3`).
 */
action: string, 
/**
 * Its kind: `place`, `pass`, `swap`, `keep`, `declare`, `offer`, `choose`
 * or `resign`.
 */
kind: ActionKind, 
/**
 * The colour the player holds after it.
 */
color: Color, 
/**
 * The board move it made (a stone or a pass), counting from 1.
 */
move: number | null, 
/**
 * The colour of the stone it placed, for a stone.
 */
stone: Color | null, 
/**
 * The stones it captured (Pente).
 */
captured: Array<string>, };

export type FoulLineSnapshot = { 
/**
 * `overline`, `four` or `three`.
 */
shape: LineShape, 
/**
 * `horizontal`, `vertical`, `diagonal` or `anti-diagonal`.
 */
direction: Direction, 
/**
 * The black stones of the shape, the forbidden point included.
 */
stones: Array<string>, 
/**
 * The empty points that complete the shape: a four's five, a three's
 * straight-four points.
 */
key_points: Array<string>, };

export type FoulSnapshot = { 
/**
 * The point.
 */
point: string, 
/**
 * `overline`, `double-four` or `double-three` ([`crate::FoulKind::code`]).
 */
kind: FoulKind, 
/**
 * The lines that make the foul.
 */
lines: Array<FoulLineSnapshot>, };

export type CapturesSnapshot = { 
/**
 * Captured by Black.
 */
black: number, 
/**
 * Captured by White.
 */
white: number, };

export type ResultSnapshot = { 
/**
 * The winner, or `None` for a draw.
 */
winner: Player | null, 
/**
 * The winner's colour, or `None` for a draw.
 */
winner_color: Color | null, 
/**
 * Why the game ended: the board's reasons and a resignation here, the
 * platform's too in a session's snapshot.
 */
reason: ResultCode, 
/**
 * The points of the winning row (`h8 h9 h10 h11 h12`), the foul
 * (`double-three at h8`), the captured stones (`10 stones`) or who resigned
 * (`second resigned`); `None` for draws.
 */
detail: string | null, 
/**
 * The points of the winning row, five or longer, for a UI to highlight;
 * empty when the game did not end in a row.
 */
row: Array<string>, 
/**
 * The foul that lost the game, explained on the board it was played on;
 * `None` unless the game ended in a foul.
 */
foul: FoulSnapshot | null, };

export type GameSnapshot = { 
/**
 * The configuration.
 */
config: ConfigSnapshot, 
/**
 * The phase ([`crate::Phase::name`]).
 */
phase: Phase, 
/**
 * Who acts now; `None` once the game is over.
 */
actor: Player | null, 
/**
 * The colour each player holds now.
 */
colors: ColorsSnapshot, 
/**
 * The colour of the next stone, whoever places it.
 */
turn: Color, 
/**
 * The most fifth moves that may be declared now (Yamaguchi's N up to 10,
 * Soosõrv's k up to 8), during a declaration only.
 */
declare_max: number | null, 
/**
 * The actions open to the actor; `resign` is always open to both players
 * until the end and is not listed.
 */
open_actions: Array<ActionKind>, 
/**
 * Where a stone or an offer may go now, when one may.
 */
zone: ZoneSnapshot | null, 
/**
 * How many fifth moves are still to be offered.
 */
offers_due: number, 
/**
 * The fifth moves offered so far.
 */
offers: Array<string>, 
/**
 * The empty points excluded because they are symmetric to an offer.
 */
excluded: Array<string>, 
/**
 * The declared number (Yamaguchi's N, Soosõrv's k).
 */
declared: number | null, 
/**
 * The canonical opening of moves 1-3 (renju opening rules other than free).
 */
opening_name: OpeningNameSnapshot | null, 
/**
 * The stones on the board, each with the move that placed it, in move order.
 */
stones: Array<StoneSnapshot>, 
/**
 * The board moves played, stones and `pass`, in order.
 */
moves: Array<string>, 
/**
 * Every action in effect, in order, with who took it: the move list with
 * the opening's swaps, declarations, offers and choice ([`Game::played`]).
 */
record: Array<PlayedSnapshot>, 
/**
 * The stones captured by each colour (Pente).
 */
captures: CapturesSnapshot, 
/**
 * Black's forbidden points (renju, while the game goes on; else empty).
 */
forbidden: Array<string>, 
/**
 * Why each of `forbidden` is forbidden, in the same order: its kind and the
 * lines that make it, for a UI to draw on hover or focus.
 */
fouls: Array<FoulSnapshot>, 
/**
 * The result, once the game has ended.
 */
result: ResultSnapshot | null, 
/**
 * The number of actions in the log.
 */
ply: number, };

export type ClockSnapshot = { 
/**
 * First's remaining real-time bank in ms (`None` without a real-time clock).
 */
first_ms: number | null, 
/**
 * Second's remaining real-time bank in ms.
 */
second_ms: number | null, 
/**
 * Whose clock runs, if any.
 */
running: Player | null, 
/**
 * When the running player's time is up (server time, ms): the flag or the
 * correspondence deadline.
 */
deadline: number | null, 
/**
 * The server time of this snapshot, so clients can tick locally.
 */
now: number, };

export type OpenActionsSnapshot = { 
/**
 * Open to the first player.
 */
first: Array<SessionActionKind>, 
/**
 * Open to the second player.
 */
second: Array<SessionActionKind>, };

export type SessionSnapshot = { 
/**
 * The number of accepted actions: the version of this state.
 */
version: number, 
/**
 * The time control text (`none`, `5+3`, `3d`).
 */
time: string, 
/**
 * Whether takebacks may be asked for.
 */
takebacks: boolean, 
/**
 * Whether forbidden-point hints are shown.
 */
hints: boolean, 
/**
 * The clocks at the moment of the snapshot.
 */
clock: ClockSnapshot, 
/**
 * Who has offered a draw, if anyone.
 */
draw_offer: Player | null, 
/**
 * Who has asked for a takeback, if anyone.
 */
takeback_request: Player | null, 
/**
 * Who has offered a rematch, if anyone.
 */
rematch_offer: Player | null, 
/**
 * Whether a rematch was agreed.
 */
rematch_agreed: boolean, 
/**
 * The actions open to each player ([`Session::open_actions`]).
 */
open: OpenActionsSnapshot, 
/**
 * The configuration.
 */
config: ConfigSnapshot, 
/**
 * The phase ([`crate::Phase::name`]).
 */
phase: Phase, 
/**
 * Who acts now; `None` once the game is over.
 */
actor: Player | null, 
/**
 * The colour each player holds now.
 */
colors: ColorsSnapshot, 
/**
 * The colour of the next stone, whoever places it.
 */
turn: Color, 
/**
 * The most fifth moves that may be declared now (Yamaguchi's N up to 10,
 * Soosõrv's k up to 8), during a declaration only.
 */
declare_max: number | null, 
/**
 * The actions open to the actor; `resign` is always open to both players
 * until the end and is not listed.
 */
open_actions: Array<ActionKind>, 
/**
 * Where a stone or an offer may go now, when one may.
 */
zone: ZoneSnapshot | null, 
/**
 * How many fifth moves are still to be offered.
 */
offers_due: number, 
/**
 * The fifth moves offered so far.
 */
offers: Array<string>, 
/**
 * The empty points excluded because they are symmetric to an offer.
 */
excluded: Array<string>, 
/**
 * The declared number (Yamaguchi's N, Soosõrv's k).
 */
declared: number | null, 
/**
 * The canonical opening of moves 1-3 (renju opening rules other than free).
 */
opening_name: OpeningNameSnapshot | null, 
/**
 * The stones on the board, each with the move that placed it, in move order.
 */
stones: Array<StoneSnapshot>, 
/**
 * The board moves played, stones and `pass`, in order.
 */
moves: Array<string>, 
/**
 * Every action in effect, in order, with who took it: the move list with
 * the opening's swaps, declarations, offers and choice ([`Game::played`]).
 */
record: Array<PlayedSnapshot>, 
/**
 * The stones captured by each colour (Pente).
 */
captures: CapturesSnapshot, 
/**
 * Black's forbidden points (renju, while the game goes on; else empty).
 */
forbidden: Array<string>, 
/**
 * Why each of `forbidden` is forbidden, in the same order: its kind and the
 * lines that make it, for a UI to draw on hover or focus.
 */
fouls: Array<FoulSnapshot>, 
/**
 * The result, once the game has ended.
 */
result: ResultSnapshot | null, 
/**
 * The number of actions in the log.
 */
ply: number, };

export type SeatsView = { 
/**
 * The first seat's.
 */
first: SeatState, 
/**
 * The second seat's.
 */
second: SeatState, };

export type BotsView = { 
/**
 * The first seat's bot.
 */
first: string | null, 
/**
 * The second seat's bot.
 */
second: string | null, };

export type ComputerView = { 
/**
 * Its seat.
 */
seat: Player, 
/**
 * 1 (weakest) to 8 (full strength).
 */
level: number, };

export type SeatTimesView = { 
/**
 * The first player's.
 */
first: number | null, 
/**
 * The second player's.
 */
second: number | null, };

export type PresenceView = { 
/**
 * Whether the first player has a live connection.
 */
first: boolean, 
/**
 * Whether the second player has a live connection.
 */
second: boolean, 
/**
 * How many spectators are connected.
 */
spectators: number, 
/**
 * Since when each player has been gone (server time, ms): `null` while
 * connected, for the computer, and for a seat nobody holds.
 */
left_at: SeatTimesView, 
/**
 * When a claim against each player opens (their opponent may then claim
 * the win or a draw): `null` while they are connected, in correspondence
 * games and once the game is over.
 */
claimable_from: SeatTimesView, 
/**
 * The server time of this message, so that clients can count down.
 */
now: number, };

export type GameView = { 
/**
 * The game id.
 */
id: string, 
/**
 * Whether each seat is `taken` or `open`.
 */
seats: SeatsView, 
/**
 * Who is connected.
 */
presence: PresenceView, 
/**
 * The rematch game, once agreed and created.
 */
rematch_id: string | null, 
/**
 * The computer's seat and level in a game against it; `null` otherwise.
 */
computer: ComputerView | null, 
/**
 * The tournament this game is a pairing of (`/t/<id>`); `null` otherwise.
 */
tournament: string | null, 
/**
 * The bots holding the seats (`/bot/<name>`), by name; `null` for a
 * seat a person holds (or nobody yet).
 */
bots: BotsView, 
/**
 * The number of accepted actions: the version of this state.
 */
version: number, 
/**
 * The time control text (`none`, `5+3`, `3d`).
 */
time: string, 
/**
 * Whether takebacks may be asked for.
 */
takebacks: boolean, 
/**
 * Whether forbidden-point hints are shown.
 */
hints: boolean, 
/**
 * The clocks at the moment of the snapshot.
 */
clock: ClockSnapshot, 
/**
 * Who has offered a draw, if anyone.
 */
draw_offer: Player | null, 
/**
 * Who has asked for a takeback, if anyone.
 */
takeback_request: Player | null, 
/**
 * Who has offered a rematch, if anyone.
 */
rematch_offer: Player | null, 
/**
 * Whether a rematch was agreed.
 */
rematch_agreed: boolean, 
/**
 * The actions open to each player ([`Session::open_actions`]).
 */
open: OpenActionsSnapshot, 
/**
 * The configuration.
 */
config: ConfigSnapshot, 
/**
 * The phase ([`crate::Phase::name`]).
 */
phase: Phase, 
/**
 * Who acts now; `None` once the game is over.
 */
actor: Player | null, 
/**
 * The colour each player holds now.
 */
colors: ColorsSnapshot, 
/**
 * The colour of the next stone, whoever places it.
 */
turn: Color, 
/**
 * The most fifth moves that may be declared now (Yamaguchi's N up to 10,
 * Soosõrv's k up to 8), during a declaration only.
 */
declare_max: number | null, 
/**
 * The actions open to the actor; `resign` is always open to both players
 * until the end and is not listed.
 */
open_actions: Array<ActionKind>, 
/**
 * Where a stone or an offer may go now, when one may.
 */
zone: ZoneSnapshot | null, 
/**
 * How many fifth moves are still to be offered.
 */
offers_due: number, 
/**
 * The fifth moves offered so far.
 */
offers: Array<string>, 
/**
 * The empty points excluded because they are symmetric to an offer.
 */
excluded: Array<string>, 
/**
 * The declared number (Yamaguchi's N, Soosõrv's k).
 */
declared: number | null, 
/**
 * The canonical opening of moves 1-3 (renju opening rules other than free).
 */
opening_name: OpeningNameSnapshot | null, 
/**
 * The stones on the board, each with the move that placed it, in move order.
 */
stones: Array<StoneSnapshot>, 
/**
 * The board moves played, stones and `pass`, in order.
 */
moves: Array<string>, 
/**
 * Every action in effect, in order, with who took it: the move list with
 * the opening's swaps, declarations, offers and choice ([`Game::played`]).
 */
record: Array<PlayedSnapshot>, 
/**
 * The stones captured by each colour (Pente).
 */
captures: CapturesSnapshot, 
/**
 * Black's forbidden points (renju, while the game goes on; else empty).
 */
forbidden: Array<string>, 
/**
 * Why each of `forbidden` is forbidden, in the same order: its kind and the
 * lines that make it, for a UI to draw on hover or focus.
 */
fouls: Array<FoulSnapshot>, 
/**
 * The result, once the game has ended.
 */
result: ResultSnapshot | null, 
/**
 * The number of actions in the log.
 */
ply: number, };

export type ServerMessage = { "type": "welcome", 
/**
 * The seat the token holds, or `None` for a spectator.
 */
seat: Player | null, 
/**
 * The version of the game now.
 */
version: number, } | { "type": "snapshot", 
/**
 * The state.
 */
state: GameView, } | { "type": "event", 
/**
 * The version after the action.
 */
version: number, 
/**
 * Who acted: `first`, `second` or `server`.
 */
seat: ActorView, 
/**
 * The action in the game-log text form.
 */
action: string, 
/**
 * Server time of the action (ms since the Unix epoch).
 */
at: number, 
/**
 * The state after the action. Live events always carry it; of the
 * events a reconnecting client missed, only the last one does.
 */
state?: GameView, } | { "type": "presence" } & PresenceView | { "type": "rematch", 
/**
 * The new game.
 */
id: string, } | { "type": "ack", 
/**
 * The client's reference, echoed.
 */
ref: string | null, 
/**
 * The version after the action.
 */
version: number, } | { "type": "error", 
/**
 * The client's reference, echoed, when the error answers an action.
 */
ref: string | null, 
/**
 * A stable code.
 */
code: string, 
/**
 * A sentence for people.
 */
message: string, };

export type ClientMessage = { "type": "hello", 
/**
 * The last version seen, `None` for a fresh client.
 */
version?: number, 
/**
 * A seat token; spectators send none.
 */
token?: string, } | { "type": "action", 
/**
 * The action, e.g. `place h8` or `draw offer`.
 */
action: string, 
/**
 * A reference the server echoes in its ack or error.
 */
ref?: string, };

export type SessionSettings = { 
/**
 * `freestyle`, `standard`, `renju`, `caro` or `pente`.
 */
game: string, 
/**
 * Board lines (15 or 19 where the game allows a choice).
 */
size?: number, 
/**
 * The opening rule (`free`, `rif`, `yamaguchi`, ...).
 */
opening?: string, 
/**
 * The forbidden-move policy, `loses` (default) or `refused`.
 */
foul?: string, 
/**
 * Keryo-Pente captures (pente only).
 */
keryo: boolean, 
/**
 * The time control: `none` (default), `5+3` or `3d` (see [`TimeControl`]).
 */
time?: string, 
/**
 * Whether takebacks may be asked for.
 */
takebacks: boolean, 
/**
 * Whether forbidden-point hints are shown (default on).
 */
hints: boolean, };

export type InviteLinks = { 
/**
 * Takes the first seat.
 */
first: string, 
/**
 * Takes the second seat.
 */
second: string, };

export type Created = { 
/**
 * The game id.
 */
id: string, 
/**
 * The creator's seat token (not in organiser mode).
 */
token?: string, 
/**
 * The creator's seat (not in organiser mode).
 */
seat?: Player, 
/**
 * The invite link for the open seat (not in organiser mode).
 */
invite?: string, 
/**
 * One invite link per seat (organiser mode).
 */
invites?: InviteLinks, 
/**
 * The creator's private link to their seat, for another device.
 */
play?: string, 
/**
 * The link for spectators.
 */
watch: string, 
/**
 * The computer's seat and level, in a game against the computer.
 */
computer?: ComputerView, };

export type JoinRequest = { 
/**
 * The invite code from the invite link.
 */
invite: string, };

export type Joined = { 
/**
 * The new seat token.
 */
token: string, 
/**
 * The seat it holds.
 */
seat: Player, 
/**
 * The private link to the seat, for another device.
 */
play: string, };

export type InvitationView = { 
/**
 * The seat the invite takes.
 */
seat: Player, 
/**
 * Whether the seat is still free: `false` once somebody took it.
 */
open: boolean, };

export type InviteLink = { 
/**
 * The invite link for the opponent's seat.
 */
invite: string, 
/**
 * Whether that seat is still free.
 */
open: boolean, };

export type ActionRequest = { 
/**
 * The action in the game-log text form (`place h8`, `swap`, `draw offer`,
 * `resign`, ...).
 */
action: string, };

export type AnalysisRequest = { 
/**
 * The number of board moves played in the position (all of them when
 * left out).
 */
ply?: number, 
/**
 * How many of the best moves to answer, 1 to 5 (1 when left out).
 */
lines?: number, };

export type PositionSetup = { 
/**
 * Black's stones (none when left out).
 */
black?: Array<string>, 
/**
 * White's stones (none when left out).
 */
white?: Array<string>, 
/**
 * Who moves next. Left out: Black when Black has no more stones than
 * White, else White (the turn of a game that alternated from Black).
 */
to_move?: Color, };

export type PositionRequest = { 
/**
 * The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
 */
game: string, 
/**
 * The number of lines (the game's default when left out).
 */
size?: number, 
/**
 * Pente with Keryo's captures.
 */
keryo?: boolean, 
/**
 * Stones put on the empty board before the moves, and who moves first
 * after them (none when left out).
 */
setup?: PositionSetup, 
/**
 * The moves, points (`h8`) or `pass`, in order, colours alternating: from
 * the empty board the game's first colour first, after a set-up its
 * `to_move` (none when left out).
 */
moves?: Array<string>, };

export type PositionAnalysisRequest = { 
/**
 * How many of the best moves to answer, 1 to 5 (1 when left out).
 */
lines?: number, 
/**
 * The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
 */
game: string, 
/**
 * The number of lines (the game's default when left out).
 */
size?: number, 
/**
 * Pente with Keryo's captures.
 */
keryo?: boolean, 
/**
 * Stones put on the empty board before the moves, and who moves first
 * after them (none when left out).
 */
setup?: PositionSetup, 
/**
 * The moves, points (`h8`) or `pass`, in order, colours alternating: from
 * the empty board the game's first colour first, after a set-up its
 * `to_move` (none when left out).
 */
moves?: Array<string>, };

export type ScoreView = { "kind": "value", 
/**
 * Positive is good for the side to move.
 */
value: number, } | { "kind": "win-in", 
/**
 * Plies to the win.
 */
plies: number, } | { "kind": "loss-in", 
/**
 * Plies to the loss.
 */
plies: number, };

export type AnalysisLine = { 
/**
 * The move: a point, or `pass`.
 */
move: string, 
/**
 * The evaluation after it, for the side that plays it.
 */
score: ScoreView, 
/**
 * The expected continuation, from the move.
 */
line: Array<string>, };

export type Analysis = { 
/**
 * The board moves of the analysed position.
 */
ply: number, 
/**
 * The colour to move.
 */
to_move: Color, 
/**
 * The best move found: a point, or `pass`.
 */
best_move: string, 
/**
 * The evaluation for the side to move.
 */
score: ScoreView, 
/**
 * The deepest completed iteration.
 */
depth: number, 
/**
 * Nodes searched.
 */
nodes: number, 
/**
 * The expected continuation, from the best move.
 */
line: Array<string>, 
/**
 * A forced win (VCF or VCT) for the side to move, move by move, when found.
 */
forced_win: Array<string> | null, 
/**
 * Time the search took, in milliseconds.
 */
elapsed_ms: number, 
/**
 * The best moves, best first, as many as asked for (fewer when fewer
 * are worth listing: the replies to a four, the defences against a
 * VCF); the first is `best_move` with `score` and `line`.
 */
lines: Array<AnalysisLine>, };

export type TreeNodeView = { 
/**
 * The index of the parent in `nodes`; `null` for the root.
 */
parent: number | null, 
/**
 * The move that leads here: a point (`h8`) or `pass`; `null` for the
 * root.
 */
move: string | null, 
/**
 * The multi-line comment.
 */
comment: string, 
/**
 * The one-line comment (RenLib's, SGF's `N`).
 */
title: string, };

export type RecordView = { 
/**
 * The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
 */
game: string, 
/**
 * The number of lines.
 */
size: number, 
/**
 * Pente with Keryo's captures.
 */
keryo: boolean, 
/**
 * The player who held Black at the end of the game.
 */
black: string | null, 
/**
 * The player who held White at the end of the game.
 */
white: string | null, 
/**
 * The event or tournament.
 */
event: string | null, 
/**
 * The date, as the file writes it.
 */
date: string | null, 
/**
 * The result in narabe's words (`black five`, `white resignation`,
 * `draw`).
 */
result: string | null, 
/**
 * The opening's name (`2D Kagetsu`), when the file says.
 */
opening_name: string | null, 
/**
 * The tree: the root (the empty board, no parent, no move) first, then
 * every node after its parent, siblings in their order (the main
 * continuation first).
 */
nodes: Array<TreeNodeView>, };

export type ImportedRecords = { 
/**
 * The format the file was read as (`sgf`, `lib`, `psq`, `txt`, `rif`,
 * `playok`, `pos`, `bdt`).
 */
format: string, 
/**
 * How many games the file holds.
 */
games_in_file: number, 
/**
 * The games, at most [`MAX_IMPORTED_GAMES`] of them, in the file's order.
 */
games: Array<RecordView>, };

export type StonesView = { 
/**
 * Black's.
 */
black: Array<string>, 
/**
 * White's.
 */
white: Array<string>, };

export type OutcomeView = { 
/**
 * The winner, or `null` for a draw.
 */
winner: Color | null, 
/**
 * Why: `five`, `overline`, `foul`, `captures`, `double-pass` or
 * `full-board`.
 */
reason: ResultCode, 
/**
 * The points of the winning row, or the black stones of the foul's shape
 * (its lines together, the foul's point included); empty otherwise.
 */
line: Array<string>, 
/**
 * The foul that lost, explained on the board without its stone; `null`
 * unless `reason` is `foul`.
 */
foul: FoulSnapshot | null, };

export type PositionFacts = { 
/**
 * Moves played, set-up stones counted (each set-up stone is one).
 */
ply: number, 
/**
 * The colour to move (after the end: the one that would have been).
 */
to_move: Color, 
/**
 * The stones on the board (captured ones taken off), by row then column.
 */
stones: StonesView, 
/**
 * The stones captured by each colour (pente).
 */
captures: CapturesSnapshot, 
/**
 * How the position ended, or `null` while it goes on.
 */
outcome: OutcomeView | null, 
/**
 * Black's forbidden points (renju, while the position goes on; else
 * empty), by row then column.
 */
forbidden: Array<string>, 
/**
 * Why each of `forbidden` is forbidden, in the same order: the same
 * explanations as a game's `fouls`.
 */
fouls: Array<FoulSnapshot>, 
/**
 * The name of the canonical renju opening (`Kagetsu`, `Kyōgetsu`) the
 * first three stones form in any orientation, in renju; else `null`.
 */
opening_name: string | null, };

export type ThreatKindView = "vcf" | "vct";

export type ThreatRequest = { 
/**
 * The attacker, whoever is to move.
 */
side: Color, 
/**
 * `vcf` (fours only) or `vct` (fours and open threes).
 */
kind: ThreatKindView, 
/**
 * The game: `freestyle`, `standard`, `renju`, `caro` or `pente`.
 */
game: string, 
/**
 * The number of lines (the game's default when left out).
 */
size?: number, 
/**
 * Pente with Keryo's captures.
 */
keryo?: boolean, 
/**
 * Stones put on the empty board before the moves, and who moves first
 * after them (none when left out).
 */
setup?: PositionSetup, 
/**
 * The moves, points (`h8`) or `pass`, in order, colours alternating: from
 * the empty board the game's first colour first, after a set-up its
 * `to_move` (none when left out).
 */
moves?: Array<string>, };

export type ThreatAnalysis = { 
/**
 * The attacker asked about.
 */
side: Color, 
/**
 * The kind of threats searched.
 */
kind: ThreatKindView, 
/**
 * The winning line: the attacker's threats and the defender's replies
 * alternating, ending with the five (or the four that cannot be
 * stopped); `null` when none was found.
 */
line: Array<string> | null, 
/**
 * Whether the search went through every line within its depth (30 fours;
 * a VCT, 7 threats) before its budget ran out: with no line, there is
 * then none of that depth; `false` means none was found in the time.
 */
complete: boolean, 
/**
 * Time the search took, in milliseconds.
 */
elapsed_ms: number, };

export type SystemView = { 
/**
 * `swiss`, `round_robin` or `arena`.
 */
kind: string, 
/**
 * A Swiss tournament's rounds.
 */
rounds: number | null, 
/**
 * A round robin's cycles.
 */
cycles: number | null, 
/**
 * An arena's length in minutes.
 */
minutes: number | null, };

export type PlayerView = { 
/**
 * Their id (the order of joining, from 1).
 */
id: number, 
/**
 * Their nickname.
 */
name: string, 
/**
 * Their rating, 0 when none.
 */
rating: number, 
/**
 * `active`, `paused` or `withdrawn`.
 */
state: string, 
/**
 * Whether the organiser removed them (a withdrawal on the organiser's word).
 */
removed: boolean, };

export type StandingView = { 
/**
 * The place; players level on everything share it.
 */
rank: number, 
/**
 * Who.
 */
player: number, 
/**
 * Their points, as `2.5`.
 */
points: string, 
/**
 * The tie-breaks in order, as numbers written out; `null` where one says
 * nothing.
 */
tiebreaks: Array<string | null>, 
/**
 * Games won over the board.
 */
wins: number, 
/**
 * Games drawn.
 */
draws: number, 
/**
 * Games lost over the board.
 */
losses: number, };

export type LineView = { 
/**
 * The player who starts the opening (a game), or the one without a
 * game (a bye).
 */
first: number, 
/**
 * The other player of a game.
 */
second: number | null, 
/**
 * The game's id, when it is played on narabe.
 */
game: string | null, 
/**
 * `first_wins`, `second_wins`, `draw`, `first_wins_by_forfeit`,
 * `second_wins_by_forfeit`, `both_forfeit`; `null` while it goes on.
 */
result: string | null, 
/**
 * A bye's reason: `pairing_allocated` (a point), `absent`, `rest`.
 */
bye: string | null, };

export type RoundView = { 
/**
 * Its number, from 1.
 */
number: number, 
/**
 * When it was paired.
 */
started_at: number, 
/**
 * Its lines in board order, then the byes.
 */
lines: Array<LineView>, };

export type AnnouncementView = { 
/**
 * When.
 */
at: number, 
/**
 * What.
 */
text: string, };

export type AdjustmentView = { 
/**
 * When.
 */
at: number, 
/**
 * The round, from 1.
 */
round: number, 
/**
 * The line, from 0.
 */
line: number, 
/**
 * The result set.
 */
result: string, 
/**
 * Why.
 */
reason: string, };

export type TournamentView = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its name.
 */
name: string, 
/**
 * Grows with every entry of its log; a socket's messages carry it.
 */
version: number, 
/**
 * `registration`, `running` or `finished`.
 */
status: string, 
/**
 * Whether the organiser halted the pairing.
 */
halted: boolean, 
/**
 * The settings of its games.
 */
game: SessionSettings, 
/**
 * The pairing system.
 */
system: SystemView, 
/**
 * The set start, if it starts at a time.
 */
start_at: number | null, 
/**
 * Whether the organiser starts each round (Swiss, round robin).
 */
manual_rounds: boolean, 
/**
 * The break between automatic rounds, in seconds.
 */
break_seconds: number | null, 
/**
 * After how long a player who has not moved forfeits.
 */
forfeit_after_seconds: number, 
/**
 * The tie-breaks in force, in order: `buchholz`, `median_buchholz`,
 * `sonneborn_berger`, `wins`, `direct_encounter`.
 */
tiebreaks: Array<string>, 
/**
 * Their short names (`BH`, `MBH`, `SB`, `WIN`, `DE`).
 */
tiebreak_names: Array<string>, 
/**
 * The most players it takes.
 */
max_players: number, 
/**
 * Whether a new player may join now.
 */
joining_open: boolean, 
/**
 * When it was created, started, and ended.
 */
created_at: number, 
/**
 * When it started.
 */
started_at: number | null, 
/**
 * When an arena's time is up.
 */
ends_at: number | null, 
/**
 * When it ended.
 */
ended_at: number | null, 
/**
 * `completed` or `organiser`, once it ended.
 */
end_reason: string | null, 
/**
 * How many rounds it has (none for an arena).
 */
planned_rounds: number | null, 
/**
 * When the next automatic round is paired, if one is waiting.
 */
next_round_at: number | null, 
/**
 * Everyone who joined, in the order they joined.
 */
players: Array<PlayerView>, 
/**
 * The standings, best first.
 */
standings: Array<StandingView>, 
/**
 * The rounds (an arena's batches of games), first first.
 */
rounds: Array<RoundView>, 
/**
 * The organiser's messages, oldest first.
 */
announcements: Array<AnnouncementView>, 
/**
 * The results the organiser set, with their reasons.
 */
adjustments: Array<AdjustmentView>, };

export type YouView = { 
/**
 * `spectator`, `player` or `organiser`.
 */
role: string, 
/**
 * The player's id.
 */
player: number | null, };

export type TournamentState = { 
/**
 * The tournament.
 */
tournament: TournamentView, 
/**
 * Who the request's token makes the asker.
 */
you: YouView, };

export type TournamentCreated = { 
/**
 * The tournament's id.
 */
id: string, 
/**
 * The public link: players join and spectators watch there.
 */
url: string, 
/**
 * The organiser's private link (its fragment holds the token).
 */
organiser: string, 
/**
 * The organiser's token, for `Authorization: Bearer`.
 */
organiser_token: string, };

export type TournamentJoinRequest = { 
/**
 * The nickname, unique within the tournament.
 */
name: string, 
/**
 * A rating for the initial ranking (0 or left out: none).
 */
rating?: number, };

export type TournamentJoined = { 
/**
 * The new player's id.
 */
player: number, 
/**
 * Their token: it holds their place and their seat in each of their games.
 */
token: string, 
/**
 * Their private link, for this device and others.
 */
link: string, };

export type TournamentActionRequest = { 
/**
 * `withdraw`, `pause`, `resume` (a player's); `start`, `next_round`,
 * `halt`, `continue`, `end`, `remove`, `readmit`, `adjust`, `announce`
 * (the organiser's).
 */
action: string, 
/**
 * The player of `remove` and `readmit`.
 */
player?: number, 
/**
 * The round of `adjust`, from 1.
 */
round?: number, 
/**
 * The line of `adjust` in its round, from 0.
 */
line?: number, 
/**
 * The result of `adjust`.
 */
result?: string, 
/**
 * Why, for `adjust`.
 */
reason?: string, 
/**
 * The message of `announce`.
 */
text?: string, };

export type Speed = "bullet" | "blitz" | "rapid" | "classical" | "correspondence" | "untimed";

export type DeclineReason = "generic" | "later" | "game" | "board" | "opening" | "timeControl" | "tooFast" | "tooSlow" | "noBot";

export type AcceptedGame = { 
/**
 * The game word of `POST /api/games`: `freestyle`, `standard`, `renju`,
 * `caro`, `pente`.
 */
game: string, 
/**
 * Its opening rules the bot plays (`free`, `rif`, `swap2`, ...): at
 * least one.
 */
openings: Array<string>, 
/**
 * The board sizes it plays the game on; empty (or left out) for every
 * size the game has.
 */
sizes: Array<number>, };

export type BotProfile = { 
/**
 * A few words for its page (the engine, its author, its strength); at
 * most 400 characters.
 */
description: string, 
/**
 * The games it plays: at least one, each once.
 */
games: Array<AcceptedGame>, 
/**
 * The speeds it plays: at least one, each once.
 */
speeds: Array<Speed>, 
/**
 * Whether it takes challenges from other bots (default yes).
 */
bots: boolean, };

export type ChallengerView = { "kind": "person" } | { "kind": "bot", 
/**
 * Its name.
 */
name: string, };

export type ChallengeState = "open" | "accepted" | "declined" | "canceled" | "expired";

export type ChallengeView = { 
/**
 * The challenge's id.
 */
id: string, 
/**
 * The challenged bot's name.
 */
bot: string, 
/**
 * Who challenges.
 */
challenger: ChallengerView, 
/**
 * The game asked for, every setting written out.
 */
settings: SessionSettings, 
/**
 * Its speed.
 */
speed: Speed, 
/**
 * The challenger's seat (`first` starts).
 */
challenger_seat: Player, 
/**
 * The bot's seat.
 */
bot_seat: Player, 
/**
 * Where it stands.
 */
status: ChallengeState, 
/**
 * Why it was declined.
 */
decline_reason: DeclineReason | null, 
/**
 * The reason as an English sentence.
 */
decline_text: string | null, 
/**
 * The game, once accepted.
 */
game: string | null, 
/**
 * When it was made (server time, ms).
 */
created_at: number, 
/**
 * When it expires if nobody answers.
 */
expires_at: number, 
/**
 * The bot's page.
 */
url: string, 
/**
 * In the answer to a person's challenge only: the secret that lets
 * them see their seat token once the bot accepts, and take the
 * challenge back. Keep it: it is shown once.
 */
secret?: string, 
/**
 * To the person who made it, once accepted: their seat token.
 */
token?: string, 
/**
 * To the person who made it, once accepted: their private link to the
 * game.
 */
play?: string, };

export type BotRecordView = { 
/**
 * Games it won.
 */
wins: number, 
/**
 * Games it lost.
 */
losses: number, 
/**
 * Games drawn.
 */
draws: number, };

export type BotGameView = { 
/**
 * The game (`/g/<id>` watches it).
 */
id: string, 
/**
 * The bot's seat.
 */
seat: Player, 
/**
 * Who it plays.
 */
opponent: ChallengerView, 
/**
 * The game's settings.
 */
settings: SessionSettings, 
/**
 * Its speed.
 */
speed: Speed, 
/**
 * For a finished game: `win`, `loss` or `draw` from the bot's side, or
 * `aborted`.
 */
outcome: string | null, 
/**
 * When the game was created (server time, ms).
 */
created_at: number, };

export type BotView = { 
/**
 * Its name.
 */
name: string, 
/**
 * What it says of itself.
 */
description: string, 
/**
 * The games it plays, with their opening rules and boards.
 */
games: Array<AcceptedGame>, 
/**
 * The speeds it plays.
 */
speeds: Array<Speed>, 
/**
 * Whether it takes challenges from other bots.
 */
bots: boolean, 
/**
 * Whether its event stream is open now (on this server): a challenge
 * to a bot that is not online waits unanswered until it expires.
 */
online: boolean, 
/**
 * Whether its key was revoked: it plays no more.
 */
revoked: boolean, 
/**
 * Its record over its finished games.
 */
record: BotRecordView, 
/**
 * Its games under way, the oldest first.
 */
playing: Array<BotGameView>, 
/**
 * Its last finished games, the latest first.
 */
recent: Array<BotGameView>, 
/**
 * When it was registered (server time, ms).
 */
created_at: number, 
/**
 * Its page.
 */
url: string, };

export type BotRegistered = { 
/**
 * The bot's name.
 */
name: string, 
/**
 * Its key, for `Authorization: Bearer` on every request of the Bot
 * API. Shown once: the server keeps only its hash.
 */
key: string, 
/**
 * Its page, where people challenge it.
 */
url: string, 
/**
 * What it plays, as checked.
 */
profile: BotProfile, };

export type BotActed = { 
/**
 * Always `true`: a refusal is an error.
 */
ok: boolean, 
/**
 * The game's version after the action.
 */
version: number, };

/** The answer to `GET /api/games/{id}`: the view and the seat the token holds. */
export type GameState = GameView & { you: Player | null };
