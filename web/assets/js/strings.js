/**
 * Every sentence of the interface: the English dictionary here, Czech,
 * Estonian and Russian in `locales/`. This module is the single entry point:
 * it chooses the language (the `lang` cookie the rules pages share, else the
 * browser's languages, else English) and falls back to English per key.
 * A counted sentence has a form per plural category of each language
 * (`key.one`, `key.few`, ...), chosen by `t` with `Intl.PluralRules`.
 * @module strings
 */

import { cs } from './locales/cs.js';
import { et } from './locales/et.js';
import { ru } from './locales/ru.js';

/** @type {Record<string, string>} */
export const en = {
  'site.tagline': 'Renju, gomoku, caro and pente by link. No accounts.',
  'site.language': 'Language',
  'home.change': 'Change',
  'home.close': 'Close',
  'home.done': 'Done',
  'home.options-title': 'Game settings',
  'home.friend-note': 'You get a link to send',
  'home.computer-note': 'Level {level} of 8',
  'home.opening-rules': 'How this opening rule works',
  'home.players': 'Players',
  'home.time-per-move': 'per move',
  'home.time-days': '{days} per move',
  'home.time-custom': 'Custom',
  'home.time-invalid': 'custom time not valid',
  'home.speed.bullet': 'Bullet',
  'home.speed.blitz': 'Blitz',
  'home.speed.rapid': 'Rapid',
  'home.speed.classical': 'Classical',
  'home.custom-kind': 'Kind of custom time control',
  'home.custom-clock': 'Clock: minutes + increment',
  'home.custom-days': 'Correspondence: days per move',
  'home.custom-minutes': 'Minutes (0.25–180)',
  'home.custom-increment': 'Increment, seconds (0–180)',
  'home.custom-days-count': 'Days (1–14)',
  'home.custom-minutes-error': 'Minutes: a number from 0.25 to 180, such as 5 or 0.5.',
  'home.custom-increment-error': 'Increment: whole seconds from 0 to 180.',
  'home.custom-days-error': 'Days per move: a whole number from 1 to 14.',
  'home.summary-refused': 'forbidden moves refused',
  'home.summary-keryo': 'Keryo-Pente',
  'home.summary-organiser': 'organiser mode: a link for each player',
  'home.seat-summary.first': 'you start',
  'home.seat-summary.second': 'your opponent starts',
  'home.seat-summary.random': 'who starts is random',
  'home.your-games': 'Your games',
  'home.their-turn': 'Opponent’s turn',
  'home.waiting-opponent': 'Waiting for your opponent',
  'home.waiting-players': 'Waiting for the players',
  'home.to-move': '{color} to move',
  'home.organising': 'you organise',
  'home.vs-computer': 'against the computer, level {level}',
  'home.you': 'You',
  'home.opponent': 'Opponent',
  'home.deadline': 'Move due {when}',
  'home.feature-rules-title': 'Exact rules',
  'home.feature-rules': 'Renju’s forbidden moves shown and explained on the board, and every tournament opening rule.',
  'home.feature-link-title': 'Just a link',
  'home.feature-link': 'No accounts: send the invite, your friend opens it and plays; spectators watch by link.',
  'home.feature-time-title': 'Any pace',
  'home.feature-time': 'From one-minute bullet to seven days per move, or no clock; the computer plays at eight levels.',
  'home.title': 'Start a game',
  'home.game': 'Game',
  'home.opening': 'Opening rule',
  'home.rules-link': 'How this game and opening rule are played',
  'home.time': 'Time control',
  'home.play-friend': 'Play with a friend',
  'game.renju': 'Renju',
  'game.freestyle': 'Gomoku (freestyle)',
  'game.standard': 'Gomoku (standard)',
  'game.caro': 'Caro',
  'game.pente': 'Pente',
  'opening.free': 'Free',
  'opening.rif': 'RIF',
  'opening.yamaguchi': 'Yamaguchi',
  'opening.taraguchi10': 'Taraguchi-10',
  'opening.soosorv8': 'Soosõrv-8',
  'opening.pro': 'Pro',
  'opening.long-pro': 'Long-Pro',
  'opening.swap1': 'Swap1',
  'opening.swap2': 'Swap2',
  'opening.tournament': 'Tournament',
  'time.none': 'No clock',
  'share.title': 'Send this link to your friend',
  'share.invite': 'Invite link (for one opponent)',
  'share.watch': 'Watch link (for spectators)',
  'share.copy': 'Copy',
  'share.copied': 'Copied',
  'share.waiting': 'Waiting for your friend to join…',
  'error.generic': 'Something went wrong: {message}',
  'error.tournament-damaged': 'This tournament’s record on the server is damaged, so it cannot be shown or run. Trying again will not help.',
  'error.network': 'The server could not be reached. Check your connection and try again.',
  'error.bad-request': 'The server did not understand the request. Reload the page and try again.',
  'error.malformed': 'The server could not read that action. Reload the page and try again.',
  'error.hello-first': 'The live connection started wrongly. Reload the page.',
  'error.unauthorized': 'This browser holds no seat in this game. Open your private link to play, or watch the game.',
  'error.spectator': 'You are watching this game: spectators cannot play in it.',
  'error.not-found': 'There is no game at this address. Check the link.',
  'error.too-large': 'That request is too large for the server.',
  'error.bad-settings': 'These game settings are not possible. Change them and try again.',
  'error.bad-record': 'This record could not be read, and nothing was changed. Where it breaks:',
  'error.unwritable-record': 'This game cannot be written in that format: choose another one.',
  'error.bad-invite': 'This invite link is not valid for this game. Ask for a new link.',
  'error.seat-taken': 'Both seats of this game are taken already. You can still watch it.',
  'error.conflict': 'The game changed at the same moment. Look at the board again and retry.',
  'error.rate-limited': 'Too many requests from your address: slow down and try again in a few seconds.',
  'error.rate-limited.wait.one': 'Too many requests from your address: slow down and try again in {n} second.',
  'error.rate-limited.wait.other': 'Too many requests from your address: slow down and try again in {n} seconds.',
  'error.ref-too-long': 'The page sent an action with too long a reference, so it was not taken. Reload the page and try again.',
  'error.too-many-sockets': 'Too many open connections from your address: close a few game tabs and reload.',
  'error.unavailable': 'The server cannot do this right now and nothing was changed. Try again in a moment.',
  'error.game-damaged': 'This game\'s record on the server is damaged, so it cannot be shown or played. Trying again will not help.',
  'error.game-too-long': 'This game has reached the most actions one game may have. Only resigning is still possible.',
  'error.busy': 'The engine is busy with other analyses. Try again in a moment.',
  'error.analysis-in-progress': 'Your previous analysis is still running: wait for its answer.',
  'error.too-many-computer-games': 'You already play as many games against the computer as one player may at once: finish or resign one first.',
  'error.analysis-unavailable': 'A game between two people can be analysed once it has ended.',
  'error.bad-ply': 'This game has no position at that move.',
  'error.bad-qr-text': 'The server draws QR codes of its own links only.',
  'error.not-your-turn': 'It is not your turn: wait for your opponent.',
  'error.wrong-phase': 'That is not possible at this stage of the game. The line beside the board says what to do now.',
  'error.outside-zone': 'The opening rule does not allow a stone there: place it inside the marked area.',
  'error.symmetric-offer': 'This fifth move is symmetric to one already offered, so it gives the same position: choose another point.',
  'error.already-offered': 'That point is offered already: choose another one.',
  'error.too-many-offers': 'All the fifth moves are offered: White now chooses one of them.',
  'error.not-offered': 'That point is not one of the offered fifth moves: choose a marked point.',
  'error.occupied': 'That point is already taken: choose an empty one.',
  'error.off-board': 'That point is not on the board.',
  'error.forbidden': 'That point is forbidden for Black, and this game refuses forbidden moves: play elsewhere.',
  'error.pass-not-allowed': 'You cannot pass now: place a stone.',
  'error.count-out-of-range': 'That number is outside what this opening rule allows: choose another.',
  'error.count-out-of-range.max': 'Declare a number from 1 to {max}.',
  'error.game-over': 'The game is over.',
  'error.not-over': 'The game is not over yet: a rematch can be offered once it has ended.',
  'error.time-up': 'Your time is up, so the move was not accepted.',
  'error.time-not-up': 'That player’s time is not up yet.',
  'error.nothing-to-credit': 'That player’s clock is not running: there is no time to give back.',
  'error.server-only': 'Only the server records that time is up.',
  'error.seat-only': 'Only a player can take this action.',
  'error.nothing-to-withdraw': 'You have no offer or request waiting for an answer to withdraw.',
  'error.no-invite': 'This game has no invite link to show: it was not created with one.',
  'error.claim-too-early': 'Claims open once both players have moved; before that, abort the game instead.',
  'error.request-limit': 'You have asked for that as often as one game allows.',
  'error.nothing-to-answer': 'There is nothing to answer: the offer was withdrawn or answered already.',
  'error.already-pending': 'Your offer is already waiting for your opponent’s answer.',
  'error.takebacks-disabled': 'Takebacks are not allowed in this game.',
  'error.nothing-to-take-back': 'You have no move to take back (opening steps are never taken back).',
  'error.abort-too-late': 'Both players have moved, so the game can no longer be aborted. You can resign instead.',
  'error.claim-unavailable': 'Claims are not possible in correspondence games: the deadline decides.',
  'error.opponent-not-gone': 'Your opponent is still connected: you can claim only once they have been gone for a while.',
  'error.opponent-not-gone.wait.one': 'Your opponent has not been gone long enough: you can claim in {n} second.',
  'error.opponent-not-gone.wait.other': 'Your opponent has not been gone long enough: you can claim in {n} seconds.',
  'error.rematch-agreed': 'The rematch is agreed already: go to the new game.',
  'analysis.position-over': 'This position is already decided: there is nothing to analyse.',
  'analysis.best.black': 'Best move for Black: {move} ({score})',
  'analysis.best.white': 'Best move for White: {move} ({score})',
  'game.you-play.black': 'You play Black.',
  'game.you-play.white': 'You play White.',
  'instruction.black': 'Black to act: {what}.',
  'instruction.white': 'White to act: {what}.',
  'result.win.black': 'Black wins: {reason}{detail}.',
  'result.win.white': 'White wins: {reason}{detail}.',
  'point.stone.black': '{point}, black stone, move {move}',
  'point.stone.white': '{point}, white stone, move {move}',
  'share.qr-first': 'QR code of the invite link for the player who starts',
  'share.qr-second': 'QR code of the invite link for the other player',
  'game.loading': 'Loading the game…',
  'game.spectating': 'You are watching this game.',
  'game.your-turn': 'Your turn',
  'instruction.you': 'Your turn: {what}.',
  'button.declare': 'Declare',
  'game.declare-count': 'Number of fifth moves',
  'button.pass': 'Pass',
  'button.play-point': 'Play',
  'game.type-point': 'Type a point',
  'error.not-a-point': '“{text}” is not a point of this board.',
  'button.resign': 'Resign',
  'confirm.resign': 'Resign this game?',
  'confirm.abort': 'Abort this game? It ends without a result.',
  'confirm.claim win': 'Claim the win against your absent opponent?',
  'confirm.claim draw': 'Claim a draw against your absent opponent?',
  'confirm.draw accept': 'Accept the draw?',
  'platform.draw offer': 'Offer a draw',
  'platform.draw accept': 'Accept the draw',
  'platform.draw decline': 'Decline the draw',
  'platform.takeback request': 'Ask to take back',
  'platform.takeback accept': 'Allow the takeback',
  'platform.takeback decline': 'Refuse the takeback',
  'platform.abort': 'Abort',
  'platform.claim win': 'Claim the win',
  'platform.claim draw': 'Claim a draw',
  'platform.rematch offer': 'Offer a rematch',
  'platform.rematch accept': 'Accept the rematch',
  'platform.rematch decline': 'Decline the rematch',
  'pending.draw': 'Your opponent offers a draw.',
  'pending.takeback': 'Your opponent asks to take back a move.',
  'pending.rematch': 'Your opponent offers a rematch.',
  'game.download': 'Download the game record',
  'download.txt': 'narabe game log (.txt)',
  'download.sgf': 'SGF (.sgf): RenLib, Yixin and most programs',
  'download.lib': 'RenLib library (.lib)',
  'download.psq': 'Gomocup and Piskvork (.psq)',
  'game.other-device': 'Continue on another device',
  'game.other-device-help': 'Open this private link there. It holds your seat: do not share it.',
  'game.private-link': 'Your private link',
  'game.rematch-link': 'Go to the rematch',
  'color.black': 'Black',
  'color.white': 'White',
  'result.draw': 'Draw: {reason}{detail}.',
  'result.aborted': 'The game was aborted.',
  'reason.five': 'five in a row',
  'reason.overline': 'overline',
  'reason.foul': 'Black played a forbidden point',
  'reason.captures': 'captures',
  'reason.double-pass': 'both players passed',
  'reason.full-board': 'the board is full',
  'reason.resignation': 'resignation',
  'reason.timeout': 'time is up',
  'reason.agreement': 'agreed',
  'reason.abandonment': 'the opponent left',
  'reason.aborted': 'aborted',
  'moves.title': 'Moves',
  'announce.move': 'Move {move}: {color} {point}',
  'board.label': 'Board, {size} by {size}',
  'point.empty': '{point}, empty',
  'point.stone': '{point}, {color} stone, move {move}',
  'point.forbidden': '{point}, forbidden for Black: {kind}',
  'point.offered': '{point}, offered fifth move',
  'foul.overline': 'overline',
  'foul.double-four': 'double four (4x4)',
  'foul.double-three': 'double three (3x3)',
  'connection.lost': 'Connection lost; reconnecting…',
  'presence.spectators.one': '{n} spectator',
  'presence.spectators.other': '{n} spectators',
  'home.game-rules': 'Rules of this game',
  'home.size': 'Board size',
  'size.15': '15 × 15',
  'size.19': '19 × 19',
  'home.options': 'Options',
  'home.foul': 'Forbidden moves (Black)',
  'foul-policy.loses': 'A forbidden move loses',
  'foul-policy.refused': 'A forbidden move is refused',
  'help.foul.loses': 'As in tournaments: the stone stands and White wins. The page warns before you play one.',
  'help.foul.refused': 'Friendly: the move is not accepted and Black plays again.',
  'home.hints': 'Show Black’s forbidden points',
  'home.keryo': 'Keryo-Pente: captures of two or three stones, 15 captured stones win',
  'home.takebacks': 'Allow takebacks (by agreement)',
  'home.seat': 'Who starts',
  'seat-choice.first': 'I start',
  'seat-choice.second': 'My opponent starts',
  'seat-choice.random': 'Decided at random',
  'home.organiser': 'Organiser mode: I do not play, give me a link for each player',
  'help.game.renju': 'Five in a row on 15 × 15; Black, who starts, may not make an overline, a double four or a double three.',
  'help.game.freestyle': 'Five or more in a row wins, for both colours.',
  'help.game.standard': 'Exactly five in a row wins; six or more does not.',
  'help.game.caro': 'Exactly five wins, but not a five blocked at both ends by the opponent.',
  'help.game.pente': 'Five in a row wins, and so do ten captured stones (a pair flanked on both sides is taken).',
  'help.opening.free': 'No opening protocol: the players alternate from the first move.',
  'help.opening.rif': 'One player places three stones, the other may swap colours; Black offers two fifth moves and White picks one.',
  'help.opening.yamaguchi': 'Like RIF, but the starter also declares how many fifth moves Black will offer (1–10).',
  'help.opening.taraguchi10': 'Stones 1–5 go in growing squares round the centre with a swap after each; at move 5 Black may offer ten fifth moves instead.',
  'help.opening.soosorv8': 'Three stones and a swap; White places move 4 and declares up to 8 fifth moves; another swap, then Black offers them.',
  'help.opening.pro': 'The first stone goes in the centre; the starter’s second stone at least three lines away.',
  'help.opening.long-pro': 'The first stone goes in the centre; the starter’s second stone at least four lines away.',
  'help.opening.swap1': 'One player places three stones, the other chooses which colour to play.',
  'help.opening.swap2': 'One player places three stones; the other takes a colour, or places two more and lets the starter choose.',
  'help.opening.tournament': 'The first stone goes in the centre; the starter’s second stone at least three lines away.',
  'share.qr': 'QR code of the invite link',
  'share.organiser-title': 'Send each player their link',
  'share.invite-first': 'Invite link for the player who starts',
  'share.invite-second': 'Invite link for the other player',
  'settings.title': 'Display and sound',
  'settings.numbers': 'Move numbers on the stones',
  'settings.confirm': 'Confirm each move (tap twice)',
  'settings.sound': 'Sound when the opponent moves',
  'confirm.play': 'Play {point}',
  'confirm.cancel': 'Cancel',
  'confirm.pending': 'Confirm {point}: tap it again or press “Play {point}”.',
  'confirm.foul': '{point} is forbidden for Black ({kind}). Under this game’s rules playing it loses the game at once. Play it anyway?',
  'foul.refused': '{point} is forbidden for Black ({kind}); this game refuses such moves, so nothing was sent.',
  'foul.explain': '{point} is forbidden for Black: {kind}.',
  'foul.line': '{shape} through {stones}.',
  'foul.line-keys': '{shape} through {stones} (completed at {keys}).',
  'shape.three': 'A three',
  'shape.four': 'A four',
  'shape.overline': 'An overline',
  'game.hints-off': 'Forbidden points are not shown in this game.',
  'game.keyboard-help': 'Keyboard: Tab to the board, arrows to move, Enter to play; or type a point such as h8.',
  'summary.no-hints': 'forbidden points not shown',
  'summary.takebacks': 'takebacks allowed',
  'summary.opening-name': 'opening {code} {name}',
  'computer.level': 'Computer level (1 weakest, 8 strongest)',
  'computer.play': 'Play the computer',
  'analysis.button': 'Analyse',
  'analysis.running': 'The engine is thinking…',
  'analysis.value': 'evaluation {value}',
  'analysis.win-in.one': 'wins in {n} move',
  'analysis.win-in.other': 'wins in {n} moves',
  'analysis.loss-in.one': 'loses in {n} move',
  'analysis.loss-in.other': 'loses in {n} moves',
  'analysis.forced': 'Forced win: {line}',
  'analysis.mark': 'The engine’s best move: {point}',
  'share.share': 'Share',
  'share.share-text': 'Play a game with me on narabe',
  'share.seat-taken': 'This seat is taken.',
  'share.cancel': 'Cancel the game',
  'share.waiting-players': 'Waiting for both players to join…',
  'confirm.cancel-game': 'Cancel this game? The invite link stops working.',
  'join.title': 'You are invited to a game',
  'join.button': 'Join the game',
  'join.help': 'Joining takes the seat in this browser. Your private link then lets you continue on another device.',
  'review.back': 'Back to the game',
  'review.nav': 'Review the moves',
  'review.first': 'First move',
  'review.prev': 'Previous move',
  'review.next': 'Next move',
  'review.last': 'Last move (the game now)',
  'review.showing': 'You are looking at move {n} of {total}.',
  'settings.low-time': 'Sound when my time runs low (10 s)',
  'settings.sound-on': 'Turn the sound on',
  'settings.sound-off': 'Turn the sound off',
  'moves.none': 'No moves yet.',
  'game.private-qr': 'QR code of your private link',
  'time.days.one': '{n} day per move',
  'time.days.other': '{n} days per move',
  'time.minutes': '{n} min',
  'time.seconds': '{n} s',
  'time.increment': '{n} s',
  'facts.game': 'Game',
  'facts.opening': 'Opening rule',
  'facts.board': 'Board',
  'facts.time': 'Time control',
  'facts.fouls': 'Forbidden moves',
  'facts.hints-on': 'shown on the board',
  'facts.hints-off': 'not shown',
  'facts.options': 'Options',
  'facts.takebacks-on': 'takebacks allowed',
  'facts.takebacks-off': 'no takebacks',
  'facts.your-color': 'Your colour',
  'facts.you-play': 'You will play',
  'facts.by-swap': 'decided by the swap in the opening',
  'player.you': 'You',
  'player.opponent': 'Opponent',
  'computer.thinking-now': 'The computer is thinking…',
  'player.computer-name': 'Computer',
  'player.level': 'level {level}',
  'presence.connected': 'connected',
  'presence.left-seconds': 'left {n} s ago',
  'presence.left-minutes': 'left {n} min ago',
  'presence.waiting': 'not joined yet',
  'presence.offline': 'not connected',
  'captures.card': 'captured {n} of {goal}',
  'what.swap-or-keep': 'swap or keep the colours',
  'what.swap2-choice': 'take Black, take White, or place two more stones',
  'what.taraguchi-choice': 'swap, keep, or offer ten fifth moves',
  'what.declare': 'declare how many fifth moves Black will offer (1–{max})',
  'what.offer': 'offer fifth move {k} of {total}',
  'what.choose': 'choose one of the offered fifth moves',
  'what.place.black': 'play move {n} (a black stone)',
  'what.place.white': 'play move {n} (a white stone)',
  'turn.opponent': 'Your opponent’s turn: {what}.',
  'turn.computer': 'The computer’s turn: {what}.',
  'zone.exactly': 'Move {n} goes on the centre point, {point}.',
  'zone.within': 'Move {n} goes inside the dashed {side}×{side} square around {center}.',
  'zone.at-least': 'Move {n} goes at least {d} lines away from {center}, outside the shaded square.',
  'zone.anywhere': 'Move {n} may go anywhere on the board.',
  'guide.swap-you.black': 'Swap to play White, or keep Black.',
  'guide.swap-you.white': 'Swap to play Black, or keep White.',
  'guide.swap-other.black': 'Black decides whether to swap the colours.',
  'guide.swap-other.white': 'White decides whether to swap the colours.',
  'guide.swap2-you': 'Take Black; take White and play move 4; or place moves 4 and 5 and let your opponent choose the colour.',
  'guide.swap2-other': 'The colours are being chosen: take Black, take White, or place two more stones and hand the choice back.',
  'guide.taraguchi-you': 'Swap, keep, or offer ten fifth moves for White to choose from (click a point for the first offer).',
  'guide.taraguchi-other': 'Black chooses: swap, keep, or offer ten fifth moves.',
  'guide.declare': 'Black will offer that many fifth moves, all different up to symmetry; White then chooses one.',
  'guide.offer-you': 'Click an empty point to offer it as a fifth move. Points symmetric to an earlier offer are greyed out.',
  'guide.offer-other': 'Black offers fifth moves; White will choose one of them.',
  'guide.offers-so-far': 'Offered so far: {points}.',
  'guide.choose-you': 'Choose one of the offered fifth moves, {points}: click it on the board.',
  'guide.choose-other': 'White chooses one of the offered fifth moves: {points}.',
  'guide.offer-first': 'Click an empty point for the first of your ten offers.',
  'guide.place-two': 'Click an empty point for move 4, then another for move 5.',
  'button.swap-to.black': 'Swap: play Black',
  'button.swap-to.white': 'Swap: play White',
  'button.keep-as.black': 'Keep: play Black',
  'button.keep-as.white': 'Keep: play White',
  'button.place-two': 'Place two more stones',
  'button.offer-ten': 'Offer ten fifth moves',
  'game.declared': 'Fifth moves declared: {n}',
  'record.swap-you.black': 'You swapped: you now play Black.',
  'record.swap-you.white': 'You swapped: you now play White.',
  'record.swap-opponent.black': 'White swapped: you now play Black.',
  'record.swap-opponent.white': 'Black swapped: you now play White.',
  'record.swap-spectator.black': 'White swapped and now plays Black.',
  'record.swap-spectator.white': 'Black swapped and now plays White.',
  'record.keep-you.black': 'You kept Black.',
  'record.keep-you.white': 'You kept White.',
  'record.keep.black': 'Black kept the colours.',
  'record.keep.white': 'White kept the colours.',
  'record.declare.black': 'Black declared the number of fifth moves: {n}.',
  'record.declare.white': 'White declared the number of fifth moves: {n}.',
  'record.offer.black': 'Black offered: {points}.',
  'record.offer.white': 'White offered: {points}.',
  'record.resign.black': 'Black resigned.',
  'record.resign.white': 'White resigned.',
  'record.pass': 'pass',
  'record.move-label': 'Move {n}: {color} {move}',
  'notice.friend-joined': 'Your friend joined: the game is on.',
  'notice.players-joined': 'Both players joined: the game is on.',
  'notice.invite-used': 'This invitation has already been used: you are watching the game.',
  'notice.cancelled': 'This game was cancelled before it began.',
  'notice.invite-bad': 'This invitation is not valid for this game: you are watching it.',
  'notice.waiting-second': 'Waiting for the other player to join.',
  'notice.takeback-granted': 'Your opponent allowed the takeback.',
  'notice.draw-declined-by-move': 'Your opponent played on instead of accepting your draw offer.',
  'notice.draw-declined': 'Your opponent declined your draw offer.',
  'notice.takeback-declined': 'Your opponent refused the takeback.',
  'notice.rematch-declined': 'Your opponent declined the rematch.',
  'pending.own-draw': 'You offered a draw: waiting for the answer.',
  'pending.own-takeback': 'You asked to take back your move: waiting for the answer.',
  'pending.own-rematch': 'You offered a rematch: waiting for the answer.',
  'platform.draw withdraw': 'Withdraw the draw offer',
  'platform.takeback withdraw': 'Withdraw the takeback request',
  'platform.rematch withdraw': 'Withdraw the rematch offer',
  'claim.gone': 'Your opponent: {gone}.',
  'claim.soon': 'Your opponent: {gone}. If they do not come back, you can claim the win in {n} s.',
  'claim.open': 'Your opponent: {gone}. You may claim the win or a draw now, or keep waiting for them.',
  'result.you-win': 'You win: {reason}{detail}.',
  'result.you-lose': 'Your opponent wins: {reason}{detail}.',
  'result.foul-detail': '{kind} at {point}',
  'analysis.line': 'Expected line: {line}.',
  'analysis.of-move': 'After move {n}:',
  'analysis-board.title': 'Analysis board',
  'analysis-board.no-moves': 'No moves yet: play on the board, or read a file.',
  'analysis-board.pass': 'pass',
  'analysis-board.pass-button': 'Pass',
  'analysis-board.candidate': 'Engine’s choice {rank}: {move} ({score})',
  'analysis-board.searching': 'Looking for a {kind}…',
  'analysis-board.no-threat': 'No {kind} for {color} found.',
  'analysis-board.threat-found': '{color} has a {kind}: {line}',
  'analysis-board.play-line': 'Play the line',
  'analysis-board.best-for.black': 'Best moves for Black:',
  'analysis-board.best-for.white': 'Best moves for White:',
  'analysis-board.start': 'Start position',
  'analysis-board.after-move': 'After move {n}',
  'analysis-board.won': '{color} wins: {reason}',
  'analysis-board.drawn': 'Draw: {reason}',
  'analysis-board.to-move': '{color} to move',
  'analysis-board.captures': 'captured: Black {black}, White {white}',
  'analysis-board.over': 'This position is decided: go back to play another move.',
  'analysis-board.confirm-setup': 'Changing the set-up clears the moves played from it. Go on?',
  'analysis-board.confirm-new': 'Start a new board? The moves and the set-up shown now are cleared (the link keeps them).',
  'analysis-board.reading': 'Reading the file…',
  'analysis-board.first-games': 'Only the first {n} are shown.',
  'analysis-board.read-games.one': 'Read {n} game ({format}).',
  'analysis-board.read-games.other': 'Read {n} games ({format}).',
  'analysis-board.result': 'result: {result}',
  'analysis-board.no-export-setup': 'A set-up position cannot be written to a record file: share the link or a picture instead.',
  'analysis-board.exported': '{format} file written.',
  'analysis-board.bad-link': 'This analysis link is damaged: an empty board is shown instead.',
  'analysis-board.drop-here': 'Drop the record file here',
  'analysis-board.position': 'Position',
  'analysis-board.game': 'Game',
  'analysis-board.size': 'Board',
  'analysis-board.mode': 'Clicks on the board',
  'analysis-board.mode-play': 'play moves',
  'analysis-board.mode-setup': 'set up stones',
  'analysis-board.setup-stone': 'Stone to place',
  'analysis-board.erase': 'remove',
  'analysis-board.first-to-move': 'First to move after the set-up',
  'analysis-board.by-count': 'by the stone count',
  'analysis-board.numbers': 'Move numbers',
  'analysis-board.new': 'New board',
  'analysis-board.moves': 'Moves and variations',
  'analysis-board.promote': 'Make main line',
  'analysis-board.delete': 'Delete from here',
  'analysis-board.title-label': 'Title of this move',
  'analysis-board.comment': 'Comment',
  'analysis-board.keys': 'Keys: ← → move back and forth, ↑ ↓ switch variation, Home and End go to the start and the end.',
  'analysis-board.engine': 'Engine',
  'analysis-board.lines': 'Best moves shown',
  'analysis-board.continuous': 'after every move',
  'analysis-board.threats': 'Threat search',
  'analysis-board.vcf-black': 'VCF for Black',
  'analysis-board.vcf-white': 'VCF for White',
  'analysis-board.vct-black': 'VCT for Black',
  'analysis-board.vct-white': 'VCT for White',
  'analysis-board.files': 'Files, pictures and link',
  'analysis-board.import': 'Open a record file (RenLib, SGF, PSQ, renju.net, PlayOK, narabe)',
  'analysis-board.paste': 'Paste a record as text',
  'analysis-board.read': 'Read',
  'analysis-board.pick-game': 'Game of the file',
  'analysis-board.export': 'Save the tree as',
  'analysis-board.picture': 'Picture:',
  'analysis-board.png': 'PNG',
  'analysis-board.svg': 'SVG',
  'analysis-board.gif': 'animated GIF',
  'analysis-board.gif-speed': 'per move',
  'analysis-board.share': 'Link to this analysis',
  'game.analysis-board': 'Open on the analysis board',
  'home.tournament-link': 'Create a tournament',
  'game.tournament-link': 'Back to the tournament',
  'error.bad-name': 'A nickname is 1 to 24 characters: letters, digits, spaces and punctuation.',
  'error.bad-text': 'That text is empty or too long: an announcement takes up to 500 characters, a reason up to 200.',
  'error.name-taken': 'Somebody in this tournament already has that nickname: choose another.',
  'error.tournament-full': 'This tournament is full: it takes no more players.',
  'error.joining-closed': 'This tournament takes no more players.',
  'error.too-few-players': 'A tournament needs at least two players to start.',
  'error.no-such-player': 'There is no such player in this tournament.',
  'error.unpairable': 'The next round cannot be paired with the players still in it.',
  'error.refused': 'That is not possible at this stage of the tournament.',
  'error.not-a-player': 'This browser holds no place in this tournament: open your private link.',
  'error.not-organiser': 'Only the organiser can do that.',
  'error.bad-bot-name': 'A bot’s name is 2 to 24 characters: Latin letters, digits, - and _, starting with a letter or a digit.',
  'error.bot-name-taken': 'A bot already has this name: choose another.',
  'error.bad-bot-profile': 'The games, opening rules or time controls given for the bot are not valid.',
  'error.bot-revoked': 'This bot no longer plays: its key was revoked.',
  'error.challenge-closed': 'This challenge is no longer open: it was answered, cancelled or it expired.',
  'error.not-your-challenge': 'This challenge is not yours.',
  'error.self-challenge': 'A bot cannot challenge itself.',
  'error.not-your-game': 'This bot does not play in this game.',
  'error.not-for-bots': 'Bots take no rematches: challenge the bot again from its page.',
  'error.storage': 'The server could not save that, and nothing was changed. Try again in a moment.',
  'error.damaged': 'This tournament’s record on the server is damaged, so it cannot be shown. Trying again will not help.',
  'tournament.error.not-found': 'There is no tournament at this address. Check the link.',
  'tournament.error.unauthorized': 'This browser holds no place in this tournament: open your private link.',
  'tournament.error.conflict': 'The tournament changed at the same moment: look again and retry.',
  'tournament.loading': 'Loading the tournament…',
  'tournament.role-organiser': 'You organise this tournament.',
  'tournament.role-player': 'You play as {name}.',
  'tournament.role-spectator': 'You are watching this tournament.',
  'tournament.system-swiss.one': 'Swiss system, {n} round',
  'tournament.system-swiss.other': 'Swiss system, {n} rounds',
  'tournament.system-round-robin': 'Round robin',
  'tournament.system-double-round-robin': 'Double round robin',
  'tournament.system-arena': 'Arena, {minutes}',
  'tournament.status-registration': 'Registration is open.',
  'tournament.players-count.one': '{n} player has joined.',
  'tournament.players-count.other': '{n} players have joined.',
  'tournament.starts-at': 'It starts at {time}.',
  'tournament.starts-by-organiser': 'The organiser starts it.',
  'tournament.status-running': 'Under way.',
  'tournament.status-finished': 'Finished: {time}.',
  'tournament.status-ended': 'Ended by the organiser: {time}.',
  'tournament.arena-left': 'Under way: {time} left.',
  'tournament.round-of': 'Round {n} of {total}.',
  'tournament.halted': 'The organiser has halted the pairing.',
  'tournament.next-round-in': 'The next round is paired in {time}.',
  'tournament.next-round-at': 'The next round is paired at {time}.',
  'tournament.waiting-organiser': 'Waiting for the organiser to start the next round.',
  'tournament.rounds-automatic': 'Each round is paired {time} after the last game of the one before.',
  'tournament.rounds-at-once': 'Each round is paired as soon as the last game of the one before ends.',
  'tournament.rounds-manual': 'The organiser starts each round.',
  'tournament.forfeit-after': 'A player who has not moved {time} after the start of a game loses it by forfeit.',
  'tournament.max-players.one': 'At most {max} player.',
  'tournament.max-players.other': 'At most {max} players.',
  'tournament.announcements': 'Announcements',
  'tournament.join-title': 'Join the tournament',
  'tournament.nickname': 'Nickname',
  'tournament.rating': 'Rating (optional)',
  'tournament.rating-help': 'Your rating elsewhere, if you have one: it only sets the order of the first pairing.',
  'tournament.rating-error': 'Rating: a whole number from 0 to 4000, or leave it empty.',
  'tournament.join-button': 'Join',
  'tournament.me-title': 'You: {name}',
  'tournament.me-state.active': 'You are paired in every round.',
  'tournament.me-state.paused': 'You are paused: you are not paired until you resume.',
  'tournament.me-state.withdrawn': 'You have withdrawn: you are not paired any more.',
  'tournament.me-state.removed': 'The organiser has removed you: you are not paired any more.',
  'tournament.me-over': 'The tournament is over. Thank you for playing!',
  'tournament.pause': 'Pause',
  'tournament.resume': 'Resume',
  'tournament.withdraw': 'Withdraw',
  'tournament.confirm-withdraw': 'Withdraw from the tournament? You will not be paired again; your results so far stay in the standings.',
  'tournament.private-link-summary': 'Play from another device',
  'tournament.private-link-help': 'This private link holds your place and your seat in each of your games. Open it on your other device, and do not share it.',
  'tournament.private-link': 'Your private link',
  'tournament.private-qr': 'QR code of your private link',
  'tournament.organiser-title': 'Organiser',
  'tournament.start': 'Start the tournament',
  'tournament.next-round': 'Start the next round',
  'tournament.halt': 'Halt the pairing',
  'tournament.continue': 'Continue the pairing',
  'tournament.end': 'End the tournament',
  'tournament.confirm-end': 'End the tournament now? No more rounds are paired, and the standings become final.',
  'tournament.public-link': 'Link for players and spectators',
  'tournament.public-qr': 'QR code of the tournament’s link',
  'tournament.organiser-link': 'Your organiser link',
  'tournament.organiser-link-help': 'Keep it to yourself: whoever opens it runs the tournament. This browser remembers it.',
  'tournament.announce-title': 'Make an announcement',
  'tournament.announce-text': 'Message to everyone (up to 500 characters)',
  'tournament.announce-button': 'Announce',
  'tournament.adjust-title': 'Set a result by hand',
  'tournament.adjust-round': 'Round',
  'tournament.adjust-line': 'Game',
  'tournament.adjust-result': 'Result',
  'tournament.adjust-reason': 'Reason (everyone sees it)',
  'tournament.adjust-button': 'Set the result',
  'tournament.adjust-board': 'Board {n}: {first} – {second}',
  'tournament.result-wins': '{name} wins',
  'tournament.result-wins-forfeit': '{name} wins by forfeit',
  'tournament.result-draw': 'Draw',
  'tournament.result-both-forfeit': 'Both lose by forfeit',
  'tournament.result-pending': 'Being played',
  'tournament.round-title': 'Round {n}',
  'tournament.round-short': 'R{n}',
  'tournament.arena-games': 'Games being played',
  'tournament.arena-finished': 'Finished games',
  'tournament.arena-batch': 'Paired at {time}',
  'tournament.rounds-title': 'Rounds',
  'tournament.previous-rounds': 'Previous rounds',
  'tournament.standings': 'Standings',
  'tournament.final-standings': 'Final standings',
  'tournament.cross-table': 'Cross-table',
  'tournament.cross-legend-rr': 'Each row gives that player’s results against the players of the columns: 1 a win, ½ a draw, 0 a loss, + and − a win and a loss by forfeit, · a game being played.',
  'tournament.cross-legend-swiss': 'In each round: ● the player started the game, ○ the opponent did; the opponent’s number in this table; the result: 1 a win, ½ a draw, 0 a loss, + and − by forfeit, · being played.',
  'tournament.col-rank': 'Place',
  'tournament.col-name': 'Player',
  'tournament.col-points': 'Points',
  'tournament.col-games': 'Games',
  'tournament.games-legend': 'won (+), drawn (=) and lost (−) over the board',
  'tournament.standings-narrow': 'On a narrow screen some columns are left out: turn the phone or widen the window to see them all.',
  'tournament.col-board': 'Board',
  'tournament.col-starts': 'Starts',
  'tournament.col-result': 'Result',
  'tournament.col-opponent': 'Opponent',
  'tournament.col-game': 'Game',
  'tournament.col-number': 'No.',
  'tournament.col-rating': 'Rating',
  'tournament.col-state': 'State',
  'tournament.col-action': 'Organiser',
  'tournament.play': 'Play',
  'tournament.watch': 'Watch',
  'tournament.view-game': 'View',
  'tournament.you': 'you',
  'tournament.bye-short': 'bye',
  'tournament.bye.pairing_allocated': 'Bye: a win’s points for the player the pairing leaves over',
  'tournament.bye.absent': 'Not paired: absent, paused or withdrawn',
  'tournament.bye.rest': 'Free round, no points',
  'tournament.side-starts': 'started the game',
  'tournament.side-replies': 'the opponent started',
  'tournament.state.active': 'active',
  'tournament.state.paused': 'paused',
  'tournament.state.withdrawn': 'withdrawn',
  'tournament.state.removed': 'removed by the organiser',
  'tournament.players-title': 'Players ({n})',
  'tournament.remove': 'Remove',
  'tournament.readmit': 'Readmit',
  'tournament.confirm-remove': 'Remove {name} from the tournament? They will not be paired again; their results so far stay.',
  'tournament.your-game-round': 'Your game in round {n}',
  'tournament.your-game-arena': 'Your next game',
  'tournament.your-game-starts': 'Board {board}: you start, against {name}.',
  'tournament.your-game-replies': 'Board {board}: against {name}, who starts.',
  'tournament.your-bye': 'You have no game this round.',
  'tournament.go-to-game': 'Go to your game',
  'tournament.title-your-game': 'Your game',
  'tournament.notice-round': 'Round {n} is paired.',
  'tournament.notice-round-yours': 'Round {n} is paired: your game is ready.',
  'tournament.notice-arena-game': 'Your next game is ready.',
  'tournament.notice-started': 'The arena has started.',
  'tournament.notice-finished': 'The tournament is over: the standings are final.',
  'tournament.notice-announcement': 'The organiser announces: {text}',
  'tournament.notice-joined': 'You are in as {name}. Your private link below lets you play from another device.',
  'tournament.exports': 'Download',
  'tournament.export-trf': 'Tournament report, FIDE TRF (.trf)',
  'tournament.export-csv': 'Standings as a spreadsheet (.csv)',
  'tournament.export-sgf': 'All games as SGF (.sgf)',
  'tournament.export-lib': 'All games as a RenLib library (.lib)',
  'tournament.tiebreak.buchholz': 'Buchholz',
  'tournament.tiebreak.median_buchholz': 'Median Buchholz',
  'tournament.tiebreak.sonneborn_berger': 'Sonneborn-Berger',
  'tournament.tiebreak.wins': 'Number of wins',
  'tournament.tiebreak.direct_encounter': 'Direct encounter',
  'tournament.tiebreak-short.buchholz': 'BH',
  'tournament.tiebreak-short.median_buchholz': 'MBH',
  'tournament.tiebreak-short.sonneborn_berger': 'SB',
  'tournament.tiebreak-short.wins': 'WIN',
  'tournament.tiebreak-short.direct_encounter': 'DE',
  'tournament-new.title': 'Create a tournament',
  'tournament-new.intro': 'Players join by a link with a nickname, no accounts; each round’s games are paired and created by themselves.',
  'tournament-new.name': 'Tournament name',
  'tournament-new.name-error': 'Give the tournament a name (up to 80 characters).',
  'tournament-new.games': 'The games',
  'tournament-new.system': 'Pairing system',
  'tournament-new.swiss': 'Swiss system',
  'tournament-new.round-robin': 'Round robin',
  'tournament-new.arena': 'Arena',
  'tournament-new.help-swiss': 'Players with equal scores meet, and nobody meets the same opponent twice. Suits any number of players.',
  'tournament-new.help-round_robin': 'Everyone plays everyone. Best for a small group.',
  'tournament-new.help-arena': 'For a set time, whoever has finished a game is paired again at once. A win gives 2 points, a draw 1.',
  'tournament-new.rounds-count': 'Rounds (1–20)',
  'tournament-new.rounds-error': 'Rounds: a whole number from 1 to 20.',
  'tournament-new.cycles': 'Cycles',
  'tournament-new.cycles-single': 'Single: one game against each',
  'tournament-new.cycles-double': 'Double: two games against each',
  'tournament-new.arena-minutes': 'Length in minutes (5–10080)',
  'tournament-new.arena-error': 'Length: a whole number of minutes from 5 to 10080 (a week).',
  'tournament-new.arena-summary': 'Arena, {n} min',
  'tournament-new.schedule': 'Schedule',
  'tournament-new.start': 'Start',
  'tournament-new.start-manual': 'When I start it',
  'tournament-new.start-at': 'At a set time (if two players have joined by then)',
  'tournament-new.start-time': 'Date and time (your time zone)',
  'tournament-new.start-error': 'Choose a date and time from now to 90 days ahead.',
  'tournament-new.rounds': 'Rounds',
  'tournament-new.rounds-automatic': 'Paired by themselves, after a break',
  'tournament-new.rounds-manual': 'I start each round',
  'tournament-new.break': 'Break after the last game of a round',
  'tournament-new.break-error': 'Break: a number, at most 7 days.',
  'tournament-new.forfeit': 'A player who does not show up loses after',
  'tournament-new.forfeit-help': 'From the moment a game is created, for the player who has not moved yet.',
  'tournament-new.forfeit-error': 'From 30 seconds to 14 days.',
  'tournament-new.unit': 'Unit',
  'tournament-new.unit-seconds': 'seconds',
  'tournament-new.unit-minutes': 'minutes',
  'tournament-new.unit-hours': 'hours',
  'tournament-new.unit-days': 'days',
  'tournament-new.tiebreaks': 'Tie-breaks',
  'tournament-new.tiebreaks-help': 'Players level on points are ordered by the tie-breaks switched on, in this order. None switched on: the system’s own order.',
  'tournament-new.tiebreaks-default': 'The system’s order',
  'tournament-new.move-up': 'Move {name} up',
  'tournament-new.move-down': 'Move {name} down',
  'tournament-new.max-players': 'Most players (2–2000)',
  'tournament-new.max-error': 'Most players: a whole number from 2 to 2000.',
  'tournament-new.create': 'Create the tournament',
  'tournament-new.fix-errors': 'Some settings need fixing: see the marked fields.',
  'bot.loading': 'Loading the bot…',
  'bot.badge': 'Bot',
  'bot.title': '{name}, a bot on narabe',
  'bot.online': 'Online: it answers challenges now.',
  'bot.offline': 'Not connected now: a challenge waits a minute for its answer, then expires.',
  'bot.revoked': 'This bot no longer plays.',
  'bot.plays': 'Plays',
  'bot.game-line': '{game}: {openings}',
  'bot.game-line-sizes': '{game} ({sizes}): {openings}',
  'bot.speeds': 'Time controls: {speeds}',
  'bot.speed.correspondence': 'Correspondence',
  'bot.plays-bots': 'It also takes challenges from other bots.',
  'bot.no-bots': 'It plays people only.',
  'bot.record': 'Record',
  'bot.wins.one': '{n} win',
  'bot.wins.other': '{n} wins',
  'bot.losses.one': '{n} loss',
  'bot.losses.other': '{n} losses',
  'bot.draws.one': '{n} draw',
  'bot.draws.other': '{n} draws',
  'bot.challenge-title': 'Challenge {name}',
  'bot.challenge-help': 'The choices are what {name} plays. When it accepts, the game opens here.',
  'bot.challenge': 'Challenge',
  'bot.sending': 'Sending the challenge…',
  'bot.waiting': 'Waiting for {name} to answer…',
  'bot.expires': 'The challenge expires in {seconds} s.',
  'bot.cancel': 'Cancel the challenge',
  'bot.accepted': '{name} accepted: the game opens.',
  'bot.declined': '{name} declined: {reason}',
  'bot.expired': '{name} did not answer in time: try again later.',
  'bot.canceled': 'You cancelled the challenge.',
  'bot.playing': 'Playing now',
  'bot.none-playing': 'No game under way.',
  'bot.recent': 'Recent games',
  'bot.none-recent': 'No finished game yet.',
  'bot.against-person': 'against a person',
  'bot.against-bot': 'against {name}',
  'bot.outcome.win': 'won',
  'bot.outcome.loss': 'lost',
  'bot.outcome.draw': 'draw',
  'bot.outcome.aborted': 'aborted',
  'bot.watch': 'Watch',
  'bot.open-game': 'Open the game',
  'player.bot': 'bot',
  'decline.generic': 'It is not accepting challenges at the moment.',
  'decline.later': 'It is not accepting challenges right now: ask again later.',
  'decline.game': 'It does not play this game.',
  'decline.board': 'It does not play on this board size.',
  'decline.opening': 'It does not play this opening rule.',
  'decline.timeControl': 'It does not play this time control.',
  'decline.tooFast': 'This time control is too fast for it: challenge it with a slower one.',
  'decline.tooSlow': 'This time control is too slow for it: challenge it with a faster one.',
  'decline.noBot': 'It does not take challenges from bots.',
};

/** Every dictionary by language code, English first. */
export const DICTIONARIES = /** @type {Record<string, Record<string, string>>} */ ({ en, cs, et, ru });

/** The languages we speak, in the switcher's order. */
export const LANGUAGES = Object.keys(DICTIONARIES);

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES = /** @type {Record<string, string>} */ ({
  en: 'English',
  cs: 'Čeština',
  et: 'Eesti',
  ru: 'Русский',
});

/**
 * The language we speak for a code such as `ru-RU` or `cs`, or null.
 * @param {string | null | undefined} code
 * @returns {string | null}
 */
export function knownLanguage(code) {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(base) ? base : null;
}

/**
 * The value of the `lang` cookie, if any.
 * @returns {string | null}
 */
function cookieLanguage() {
  if (typeof document === 'undefined') return null;
  const found = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie);
  return found ? decodeURIComponent(found[1]) : null;
}

/**
 * The language to use: the `lang` cookie if it names a language we speak,
 * else the first of the browser's languages we speak, else English.
 * @returns {string}
 */
export function detectLanguage() {
  const fromCookie = knownLanguage(cookieLanguage());
  if (fromCookie) return fromCookie;
  if (typeof navigator !== 'undefined') {
    const wanted = navigator.languages?.length ? navigator.languages : [navigator.language];
    for (const code of wanted) {
      const known = knownLanguage(code);
      if (known) return known;
    }
  }
  return 'en';
}

let current = detectLanguage();
if (typeof document !== 'undefined') document.documentElement.lang = current;

/**
 * The language in use.
 * @returns {string}
 */
export function currentLanguage() {
  return current;
}

/**
 * Switches to `code`, remembers it in the `lang` cookie (the one the rules
 * pages read) and fills the page's marked texts again. The page redraws its
 * other texts itself after calling this.
 * @param {string} code
 */
export function setLanguage(code) {
  const known = knownLanguage(code);
  if (!known) return;
  current = known;
  // Outside a browser (the node tests) there is no page to remember it in.
  if (typeof document === 'undefined') return;
  document.cookie = `lang=${known}; Path=/; Max-Age=31536000; SameSite=Lax`;
  document.documentElement.lang = known;
  applyStrings();
}

/**
 * Fills a `<select>` with the languages and switches language when it
 * changes; `onChange` then redraws the page's own texts.
 * @param {HTMLSelectElement} select
 * @param {() => void} onChange
 */
export function bindLanguageSelect(select, onChange) {
  select.replaceChildren(
    ...LANGUAGES.map((code) => {
      const option = document.createElement('option');
      option.value = code;
      option.lang = code;
      option.textContent = LANGUAGE_NAMES[code];
      return option;
    }),
  );
  select.value = current;
  select.addEventListener('change', () => {
    setLanguage(select.value);
    onChange();
  });
}

/** The plural rules of each language, made once. */
const pluralRules = /** @type {Map<string, Intl.PluralRules>} */ (new Map());

/**
 * The CLDR plural category of `count` in `lang`: `one`, `few`, `many` or
 * `other` (the categories a language has: `Intl.PluralRules`).
 * @param {string} lang
 * @param {number} count
 * @returns {string}
 */
export function pluralCategory(lang, count) {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * The categories a plural key needs in `lang`: every category of the
 * language (English and Estonian `one`, `other`; Czech and Russian `one`,
 * `few`, `many`, `other`).
 * @param {string} lang
 * @returns {string[]}
 */
export function pluralCategories(lang) {
  return new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
}

/**
 * Whether `key` is a plural key: English has its `.one` and `.other` forms
 * (`analysis.win-in.one`, `analysis.win-in.other`) and not the key itself.
 * @param {string} key
 * @returns {boolean}
 */
export function isPluralKey(key) {
  return !Object.hasOwn(en, key) && Object.hasOwn(en, `${key}.one`) && Object.hasOwn(en, `${key}.other`);
}

/**
 * Whether the dictionaries have a sentence for `key` (plain or plural).
 * @param {string} key
 * @returns {boolean}
 */
export function hasText(key) {
  return Object.hasOwn(en, key) || isPluralKey(key);
}

/**
 * The number that chooses a plural form: the parameter named `countName`,
 * else the only number among the parameters, else none.
 * @param {Record<string, string | number>} params
 * @param {string} countName
 * @returns {number | null}
 */
function countOf(params, countName) {
  const named = params[countName];
  if (typeof named === 'number') return named;
  if (typeof named === 'string' && /^\d+$/.test(named)) return Number(named);
  const numbers = Object.values(params).filter((value) => typeof value === 'number');
  return numbers.length === 1 ? /** @type {number} */ (numbers[0]) : null;
}

/**
 * The text of `key` in the dictionary of `lang`, choosing the plural form
 * for `count` when the key has plural forms; undefined when it has none.
 * @param {string} lang
 * @param {string} key
 * @param {number | null} count
 * @returns {string | undefined}
 */
function lookUp(lang, key, count) {
  const dictionary = DICTIONARIES[lang];
  if (!dictionary) return undefined;
  if (Object.hasOwn(dictionary, key)) return dictionary[key];
  const category = count === null ? 'other' : pluralCategory(lang, count);
  return dictionary[`${key}.${category}`] ?? dictionary[`${key}.other`];
}

/**
 * The sentence for `key`, with `{name}` placeholders filled from `params`.
 * A key with plural forms (`key.one`, `key.few`, `key.many`, `key.other`:
 * the categories of each language) takes the form of the number in the
 * parameter `countName` (by default `n`; else the only number among the
 * parameters), as `Intl.PluralRules` chooses it for the language. An unknown
 * key gives the key itself, so a missing sentence shows but never breaks the
 * page.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @param {string} [countName]
 * @returns {string}
 */
export function t(key, params = {}, countName = 'n') {
  return translate(current, key, params, countName);
}

/**
 * {@link t} in the language `lang` (English per missing key).
 * @param {string} lang
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @param {string} [countName]
 * @returns {string}
 */
export function translate(lang, key, params = {}, countName = 'n') {
  const count = countOf(params, countName);
  const text = lookUp(lang, key, count) ?? lookUp('en', key, count) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Fills the text of every element of the page marked `data-t="key"`.
 * @param {ParentNode} root
 */
export function applyStrings(root = document) {
  for (const element of root.querySelectorAll('[data-t]')) {
    element.textContent = t(element.getAttribute('data-t') ?? '');
  }
}
