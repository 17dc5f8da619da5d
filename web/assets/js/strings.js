/**
 * Every sentence of the interface, in one English dictionary, so that other
 * languages (cs, et, ru) can be added beside it later.
 * @module strings
 */

/** @type {Record<string, string>} */
const en = {
  'site.tagline': 'Renju, gomoku, caro and pente by link. No accounts.',
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
  'opening.long-pro': 'Long Pro',
  'opening.swap1': 'Swap1',
  'opening.swap2': 'Swap2',
  'opening.tournament': 'Tournament',
  'time.none': 'No clock',
  'time.3+2': '3 min + 2 s',
  'time.10+5': '10 min + 5 s',
  'time.1d': '1 day per move',
  'share.title': 'Send this link to your friend',
  'share.invite': 'Invite link (for one opponent)',
  'share.watch': 'Watch link (for spectators)',
  'share.copy': 'Copy',
  'share.copied': 'Copied',
  'share.waiting': 'Waiting for your friend to join…',
  'error.generic': 'Something went wrong: {message}',
  'game.loading': 'Loading the game…',
  'game.spectating': 'You are watching this game.',
  'game.your-turn': 'Your turn',
  'game.you-are': 'You play {color}.',
  'game.waiting-for': 'Waiting for {who}.',
  'game.opponent': 'your opponent',
  'action.place': 'place a stone',
  'action.swap': 'swap or keep the colours',
  'action.keep': 'keep the colours',
  'action.declare': 'declare the number of fifth moves to offer',
  'action.offer': 'offer a fifth move ({due} to go)',
  'action.choose': 'choose one of the offered fifth moves',
  'action.pass': 'pass',
  'instruction.you': 'Your turn: {what}.',
  'instruction.other': '{who} to act: {what}.',
  'instruction.or': ' or ',
  'button.swap': 'Swap',
  'button.keep': 'Keep',
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
  'game.other-device': 'Continue on another device',
  'game.other-device-help': 'Open this private link there. It holds your seat: do not share it.',
  'game.private-link': 'Your private link',
  'game.rematch-link': 'Go to the rematch',
  'color.black': 'Black',
  'color.white': 'White',
  'seat.first': 'First player',
  'seat.second': 'Second player',
  'result.win': '{color} wins: {reason}{detail}.',
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
  'presence.spectators': 'Spectators: {n}',
};

/**
 * The sentence for `key`, with `{name}` placeholders filled from `params`.
 * An unknown key gives the key itself, so a missing sentence shows but never
 * breaks the page.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = en[key] ?? key;
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
