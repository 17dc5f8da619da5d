/**
 * A bot's page (`/bot/{name}`): who it is and whether it is online, what it
 * plays (games with their opening rules and boards, time controls, whether
 * it plays bots), its record, its games under way with watch links and its
 * last games, and the form that challenges it, limited to what it plays
 * (game_settings_form.js, as the home page's options and the tournament
 * form). A challenge waits for the bot's answer here: accepted, the page
 * keeps the seat token and opens the game; declined, it says why in the
 * reader's language. A link can prefill the form: `/bot/{name}?game=renju&
 * opening=rif&time=5%2B3&seat=first`.
 * @module bot
 */

import { describeError } from './error_messages.js';
import { byId, control } from './dom.js';
import {
  cancelChallenge,
  challengeBot,
  fetchBot,
  fetchChallenge,
  forgetPending,
  pendingChallenge,
  rememberPending,
} from './bot_api.js';
import {
  checkRadio,
  chooseGame,
  chosenTime,
  gameSettings,
  limitGameSettings,
  mountGameSettings,
  renderGameSettings,
  summaryParts,
  updateGameSettings,
} from './game_settings_form.js';
import { SEAT_CHOICES, rulesPageOf, sizesOf } from './openings.js';
import { rememberToken } from './seat_token.js';
import { applyStrings, bindLanguageSelect, currentLanguage, t } from './strings.js';
import { SEPARATOR, TIME_PRESETS, correspondenceDays, speedClass, timeLabel } from './time_choice.js';

/** @typedef {import('./wire').BotView} BotView */
/** @typedef {import('./wire').BotGameView} BotGameView */
/** @typedef {import('./wire').ChallengeView} ChallengeView */
/** @typedef {import('./wire').Speed} Speed */

/** How often a waiting challenge is looked at. */
const POLL_MS = 1000;

const name = decodeURIComponent(location.pathname.split('/')[2] ?? '');

/** The bot as last fetched. */
let bot = /** @type {BotView | null} */ (null);
/** The challenge this page waits for. */
let pending = /** @type {import('./bot_api.js').PendingChallenge | null} */ (null);
/** The last word on a challenge (accepted, declined, ...), redrawn on a language switch. */
let lastWord = /** @type {(() => string) | null} */ (null);
/** The poll's timer. */
let pollTimer = /** @type {number | undefined} */ (undefined);

/**
 * The speed of a time control text, as a bot registers speeds.
 * @param {string} time
 * @returns {Speed}
 */
function speedOf(time) {
  if (time === 'none') return 'untimed';
  if (correspondenceDays(time) !== null) return 'correspondence';
  return /** @type {Speed} */ (speedClass(time) ?? 'classical');
}

/**
 * A speed in words.
 * @param {Speed} speed
 * @returns {string}
 */
function speedName(speed) {
  if (speed === 'untimed') return t('time.none');
  if (speed === 'correspondence') return t('bot.speed.correspondence');
  return t(`home.speed.${speed}`);
}

/**
 * An element with a class and a text.
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function element(tag, className, text = '') {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

/**
 * A game's settings in a few words: the game, the opening rule, the clock.
 * @param {import('./wire').SessionSettings} settings
 * @returns {string}
 */
function settingsLine(settings) {
  const parts = [t(`game.${settings.game}`)];
  if (settings.size && sizesOf(settings.game).length > 1) parts.push(t(`size.${settings.size}`));
  if (settings.opening) parts.push(t(`opening.${settings.opening}`));
  parts.push(timeLabel(settings.time ?? 'none'));
  return parts.join(SEPARATOR);
}

/**
 * One game of the bot's lists.
 * @param {BotGameView} game
 * @returns {HTMLLIElement}
 */
function gameItem(game) {
  const item = /** @type {HTMLLIElement} */ (element('li', 'bot-game'));
  const opponent =
    game.opponent.kind === 'bot'
      ? t('bot.against-bot', { name: game.opponent.name })
      : t('bot.against-person');
  const line = element('span', 'bot-game-line', `${settingsLine(game.settings)}${SEPARATOR}${opponent}`);
  item.append(line);
  if (game.outcome) {
    const outcome = element('span', `outcome outcome-${game.outcome}`, t(`bot.outcome.${game.outcome}`));
    item.append(outcome);
  }
  const link = /** @type {HTMLAnchorElement} */ (
    element('a', 'watch', game.outcome ? t('bot.open-game') : t('bot.watch'))
  );
  link.href = `/g/${encodeURIComponent(game.id)}`;
  item.append(link);
  return item;
}

/** Draws what the page knows of the bot. */
function renderBot() {
  if (!bot) return;
  const current = bot;
  document.title = t('bot.title', { name: current.name });
  byId('bot-name').textContent = current.name;
  const presence = byId('bot-presence');
  presence.textContent = current.revoked ? t('bot.revoked') : current.online ? t('bot.online') : t('bot.offline');
  presence.className = `bot-presence ${current.revoked ? 'revoked' : current.online ? 'online' : 'offline'}`;
  byId('bot-description').textContent = current.description;
  byId('bot-description').hidden = !current.description;
  byId('plays').replaceChildren(
    ...current.games.map((game) => {
      const openings = game.openings.map((opening) => t(`opening.${opening}`)).join(', ');
      const text = game.sizes.length
        ? t('bot.game-line-sizes', {
            game: t(`game.${game.game}`),
            sizes: game.sizes.map((size) => t(`size.${size}`)).join(', '),
            openings,
          })
        : t('bot.game-line', { game: t(`game.${game.game}`), openings });
      return element('li', '', text);
    }),
  );
  byId('speeds').textContent = t('bot.speeds', { speeds: current.speeds.map(speedName).join(', ') });
  byId('plays-bots').textContent = current.bots ? t('bot.plays-bots') : t('bot.no-bots');
  const record = current.record;
  byId('record').textContent = [
    t('bot.wins', { n: record.wins }),
    t('bot.losses', { n: record.losses }),
    t('bot.draws', { n: record.draws }),
  ].join(SEPARATOR);
  const playing = byId('playing');
  playing.replaceChildren(...current.playing.map(gameItem));
  if (!current.playing.length) playing.append(element('li', 'none', t('bot.none-playing')));
  const recent = byId('recent');
  recent.replaceChildren(...current.recent.map(gameItem));
  if (!current.recent.length) recent.append(element('li', 'none', t('bot.none-recent')));
  byId('challenge-title').textContent = t('bot.challenge-title', { name: current.name });
  byId('challenge-help').textContent = t('bot.challenge-help', { name: current.name });
  byId('challenge').hidden = current.revoked;
}

/** Fills the seat choices in the page's language. */
function renderSeats() {
  const select = control('seat');
  const chosen = select.value || 'random';
  select.replaceChildren(
    ...SEAT_CHOICES.map((seat) => {
      const option = document.createElement('option');
      option.value = seat;
      option.textContent = t(`seat-choice.${seat}`);
      return option;
    }),
  );
  select.value = chosen;
}

/** The summary line under the form. */
function updateSummary() {
  const parts = summaryParts();
  parts.push(t(`home.seat-summary.${control('seat').value}`));
  byId('summary').textContent = parts.join(SEPARATOR);
}

/** Shows what depends on the choices: the rules links and the summary. */
function update() {
  updateGameSettings(control('opening').value);
  const game = control('game').value;
  const opening = control('opening').value;
  const lang = currentLanguage();
  /** @type {HTMLAnchorElement} */ (byId('game-rules-link')).href = `/rules/${rulesPageOf(game, '')}?lang=${lang}`;
  const openingLink = /** @type {HTMLAnchorElement} */ (byId('opening-rules-link'));
  openingLink.href = `/rules/${rulesPageOf(game, opening)}?lang=${lang}`;
  // A free opening has no page of its own: the game's link says it all.
  openingLink.hidden = opening === 'free';
  updateSummary();
}

/**
 * Sets the form up for what `current` plays, prefilled from the address.
 * @param {BotView} current
 */
function setUpForm(current) {
  const accepted = new Map(current.games.map((game) => [game.game, game]));
  limitGameSettings({
    games: [...accepted.keys()],
    openings: (game) => accepted.get(game)?.openings ?? [],
    // No sizes named: every size the game has.
    sizes: (game) => {
      const sizes = accepted.get(game)?.sizes ?? [];
      return sizes.length ? sizes : sizesOf(game);
    },
    time: (time) => current.speeds.includes(speedOf(time)),
  });
  mountGameSettings({ rulesLinks: true });
  renderGameSettings();
  renderSeats();
  const asked = new URLSearchParams(location.search);
  const game = asked.get('game');
  const first = current.games[0]?.game ?? 'renju';
  chooseGame(game && accepted.has(game) ? game : first, asked.get('opening') ?? undefined);
  const size = asked.get('size');
  if (size && [...control('size').options].some((option) => option.value === size)) control('size').value = size;
  const time = asked.get('time');
  if (time && TIME_PRESETS.includes(time)) checkRadio('time', time);
  const seat = asked.get('seat');
  if (seat && SEAT_CHOICES.includes(seat)) control('seat').value = seat;
  update();
  const form = byId('challenge-form');
  form.addEventListener('change', update);
  form.addEventListener('input', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void challenge();
  });
  byId('challenge-cancel').addEventListener('click', () => void cancel());
}

/**
 * Says the last word on a challenge and shows the form again.
 * @param {() => string} word
 */
function closeChallenge(word) {
  window.clearTimeout(pollTimer);
  pending = null;
  forgetPending(name);
  lastWord = word;
  byId('challenge-status').hidden = true;
  byId('challenge-form').hidden = false;
  const said = byId('challenge-error');
  said.textContent = word();
  said.scrollIntoView({ block: 'nearest' });
}

/** Shows the challenge waiting, and how long it may wait still. */
function showWaiting() {
  if (!pending) return;
  byId('challenge-form').hidden = true;
  byId('challenge-status').hidden = false;
  byId('challenge-text').textContent = t('bot.waiting', { name: bot?.name ?? name });
  const seconds = Math.max(0, Math.ceil((pending.expires - Date.now()) / 1000));
  byId('challenge-expiry').textContent = t('bot.expires', { seconds });
  byId('challenge-error').textContent = '';
}

/**
 * Acts on a challenge's state: goes to the game once accepted, says why it
 * ended otherwise, or waits on.
 * @param {ChallengeView} challenge
 * @returns {boolean} whether it still waits
 */
function follow(challenge) {
  const botName = challenge.bot;
  switch (challenge.status) {
    case 'accepted':
      if (challenge.game && challenge.token) {
        rememberToken(challenge.game, challenge.token);
        forgetPending(name);
        byId('challenge-text').textContent = t('bot.accepted', { name: botName });
        byId('challenge-cancel').hidden = true;
        location.assign(`/g/${encodeURIComponent(challenge.game)}`);
      }
      return false;
    case 'declined': {
      const reason = challenge.decline_reason;
      closeChallenge(() =>
        t('bot.declined', {
          name: botName,
          reason: reason ? t(`decline.${reason}`) : (challenge.decline_text ?? ''),
        }),
      );
      return false;
    }
    case 'expired':
      closeChallenge(() => t('bot.expired', { name: botName }));
      return false;
    case 'canceled':
      closeChallenge(() => t('bot.canceled'));
      return false;
    default:
      showWaiting();
      return true;
  }
}

/** Looks at the waiting challenge again, and again until it is answered. */
async function poll() {
  if (!pending) return;
  try {
    const challenge = await fetchChallenge(pending.id, pending.secret);
    if (!follow(challenge)) return;
  } catch (error) {
    // A challenge gone (the server restarted without it) ends the wait.
    if (error instanceof Error && 'status' in error && error.status === 404) {
      closeChallenge(() => t('bot.expired', { name: bot?.name ?? name }));
      return;
    }
  }
  pollTimer = window.setTimeout(() => void poll(), POLL_MS);
}

/** Sends the challenge of the form. */
async function challenge() {
  const time = chosenTime();
  if ('error' in time) {
    byId('challenge-error').textContent = t(time.error);
    return;
  }
  const button = /** @type {HTMLButtonElement} */ (byId('challenge-button'));
  button.disabled = true;
  lastWord = null;
  byId('challenge-error').textContent = t('bot.sending');
  try {
    const settings = { ...gameSettings(time.time), seat: control('seat').value };
    const made = await challengeBot(name, settings);
    if (made.status === 'open' && made.secret) {
      pending = {
        id: made.id,
        secret: made.secret,
        expires: Date.now() + (made.expires_at - made.created_at),
      };
      rememberPending(name, pending);
      showWaiting();
      pollTimer = window.setTimeout(() => void poll(), POLL_MS / 2);
    } else {
      follow(made);
    }
  } catch (error) {
    byId('challenge-error').textContent = describeError(error);
  } finally {
    button.disabled = false;
  }
}

/** Takes the waiting challenge back. */
async function cancel() {
  if (!pending) return;
  try {
    follow(await cancelChallenge(pending.id, pending.secret));
  } catch (error) {
    byId('challenge-error').textContent = describeError(error);
  }
}

/** Redraws everything in the page's language. */
function redraw() {
  applyStrings();
  renderBot();
  renderGameSettings();
  renderSeats();
  update();
  if (pending) showWaiting();
  else if (lastWord) byId('challenge-error').textContent = lastWord();
}

async function start() {
  applyStrings();
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), redraw);
  try {
    bot = await fetchBot(name);
  } catch (error) {
    byId('loading').hidden = true;
    const notice = byId('page-error');
    notice.hidden = false;
    notice.textContent = describeError(error);
    return;
  }
  byId('loading').hidden = true;
  byId('bot').hidden = false;
  renderBot();
  setUpForm(bot);
  // A reload while a challenge waits keeps waiting for it.
  pending = pendingChallenge(name);
  if (pending) {
    showWaiting();
    void poll();
  }
  // The expiry countdown.
  window.setInterval(() => {
    if (pending) showWaiting();
  }, 1000);
}

void start();
