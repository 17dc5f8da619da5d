/**
 * Every sentence of the interface: the English dictionary here, Czech,
 * Estonian and Russian in `locales/`. This module is the single entry point:
 * it chooses the language (the `lang` cookie the rules pages share, else the
 * browser's languages, else English) and falls back to English per key.
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
  'action.offer-first': 'offer the first of ten fifth moves',
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
  'home.seat': 'Your seat',
  'seat-choice.first': 'First player (starts)',
  'seat-choice.second': 'Second player',
  'seat-choice.random': 'Random',
  'home.organiser': 'Organiser mode: I do not play, give me a link for each player',
  'help.game.renju': 'Five in a row on 15 × 15; Black, who starts, may not make an overline, a double four or a double three.',
  'help.game.freestyle': 'Five or more in a row wins, for both colours.',
  'help.game.standard': 'Exactly five in a row wins; six or more does not.',
  'help.game.caro': 'Exactly five wins, but not a five blocked at both ends by the opponent.',
  'help.game.pente': 'Five in a row wins, and so do ten captured stones (a pair flanked on both sides is taken).',
  'help.opening.free': 'No opening protocol: the players alternate from the first move.',
  'help.opening.rif': 'One player places three stones, the other may swap colours; Black offers two fifth moves and White picks one.',
  'help.opening.yamaguchi': 'Like RIF, but the first player declares how many fifth moves Black will offer (1–10).',
  'help.opening.taraguchi10': 'Stones 1–5 go in growing squares round the centre with a swap after each; at move 5 Black may offer ten fifth moves instead.',
  'help.opening.soosorv8': 'Three stones and a swap; White places move 4 and declares up to 8 fifth moves; another swap, then Black offers them.',
  'help.opening.pro': 'The first stone goes in the centre; the starter’s second stone at least three lines away.',
  'help.opening.long-pro': 'The first stone goes in the centre; the starter’s second stone at least four lines away.',
  'help.opening.swap1': 'One player places three stones, the other chooses which colour to play.',
  'help.opening.swap2': 'One player places three stones; the other takes a colour, or places two more and lets the first choose.',
  'help.opening.tournament': 'The first stone goes in the centre; the starter’s second stone at least three lines away.',
  'share.qr': 'QR code of the invite link',
  'share.organiser-title': 'Send each player their link',
  'share.invite-first': 'Invite link for the first player',
  'share.invite-second': 'Invite link for the second player',
  'share.qr-seat': 'QR code of the invite link for the {seat}',
  'share.organiser-note': 'You do not hold a seat. Open the watch link to follow the game.',
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
  'captures.title': 'Captured stones ({n} win)',
  'captures.line': '{color}: {n}',
  'game.hints-off': 'Forbidden points are not shown in this game.',
  'game.keyboard-help': 'Keyboard: Tab to the board, arrows to move, Enter to play; or type a point such as h8.',
  'summary.no-hints': 'forbidden points not shown',
  'summary.takebacks': 'takebacks allowed',
  'summary.opening-name': 'opening {code} {name}',
  'computer.title': 'Or play the computer',
  'computer.level': 'Computer level (1 weakest, 8 strongest)',
  'computer.play': 'Play the computer',
  'analysis.button': 'Analyse',
  'analysis.running': 'The engine is thinking…',
  'analysis.best': 'Best move for {color}: {move} ({score})',
  'analysis.value': 'evaluation {value}',
  'analysis.win-in': 'wins in {plies} moves',
  'analysis.loss-in': 'loses in {plies} moves',
  'analysis.forced': 'Forced win: {line}',
  'analysis.mark': 'The engine’s best move: {point}',
  'computer.opponent': 'Your opponent is the computer (level {level}).',
  'computer.thinking': 'It is thinking…',
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

/**
 * The sentence for `key`, with `{name}` placeholders filled from `params`.
 * An unknown key gives the key itself, so a missing sentence shows but never
 * breaks the page.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = DICTIONARIES[current]?.[key] ?? en[key] ?? key;
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
