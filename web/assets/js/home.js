/**
 * The home page (`/`): choose a game, its opening, board size, time control
 * and options, create it, share the invite link (copy button and QR code),
 * wait for the friend, then go to the game. In organiser mode the creator
 * holds no seat and gets one invite link per seat.
 * @module home
 */

import { GameSocket, createGame, fetchState } from './api.js';
import {
  FOUL_POLICIES,
  OPENINGS,
  SEAT_CHOICES,
  SIZES,
  TIME_CONTROLS,
  rulesPage,
} from './openings.js';
import { describeError } from './error_messages.js';
import { rememberToken } from './seat_token.js';
import { applyStrings, bindLanguageSelect, currentLanguage, t } from './strings.js';

/**
 * The element with `id`, which the page is known to have.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  return /** @type {T} */ (document.getElementById(id));
}

const form = /** @type {HTMLFormElement} */ (byId('new-game'));
const gameSelect = /** @type {HTMLSelectElement} */ (byId('game'));
const openingSelect = /** @type {HTMLSelectElement} */ (byId('opening'));
const sizeSelect = /** @type {HTMLSelectElement} */ (byId('size'));
const timeSelect = /** @type {HTMLSelectElement} */ (byId('time'));
const foulSelect = /** @type {HTMLSelectElement} */ (byId('foul'));
const seatSelect = /** @type {HTMLSelectElement} */ (byId('seat'));
const hintsBox = /** @type {HTMLInputElement} */ (byId('hints'));
const takebacksBox = /** @type {HTMLInputElement} */ (byId('takebacks'));
const organiserBox = /** @type {HTMLInputElement} */ (byId('organiser'));
const keryoBox = /** @type {HTMLInputElement} */ (byId('keryo'));
const rulesLink = /** @type {HTMLAnchorElement} */ (byId('rules-link'));
const gameRulesLink = /** @type {HTMLAnchorElement} */ (byId('game-rules-link'));
const share = byId('share');
const inviteInput = /** @type {HTMLInputElement} */ (byId('invite-link'));
const watchInput = /** @type {HTMLInputElement} */ (byId('watch-input'));
const watchLink = /** @type {HTMLAnchorElement} */ (byId('watch-link'));
const errorLine = byId('error');

/**
 * Replaces the options of a select.
 * @param {HTMLSelectElement} select
 * @param {(string | number)[]} values
 * @param {string} prefix  the strings key prefix of each value's label
 */
function fillSelect(select, values, prefix) {
  select.replaceChildren(
    ...values.map((value) => {
      const option = document.createElement('option');
      option.value = String(value);
      option.textContent = t(`${prefix}.${value}`);
      return option;
    }),
  );
}

/**
 * Fills a select again (in the current language, or with other values),
 * keeping its choice when it is still offered.
 * @param {HTMLSelectElement} select
 * @param {(string | number)[]} values
 * @param {string} prefix
 */
function refillSelect(select, values, prefix) {
  const chosen = select.value;
  fillSelect(select, values, prefix);
  if (values.map(String).includes(chosen)) select.value = chosen;
}

/**
 * Shows what depends on the chosen game and opening: the one-line
 * explanations, the rules links, the board sizes, the renju options.
 */
function updateChoices() {
  const game = gameSelect.value;
  refillSelect(openingSelect, OPENINGS[game] ?? [], 'opening');
  refillSelect(sizeSelect, SIZES[game] ?? [15], 'size');
  // A size the game does not let one choose is no question.
  byId('size-row').hidden = (SIZES[game] ?? []).length < 2;
  byId('renju-options').hidden = game !== 'renju';
  byId('pente-options').hidden = game !== 'pente';
  byId('game-help').textContent = t(`help.game.${game}`);
  byId('opening-help').textContent = t(`help.opening.${openingSelect.value}`);
  byId('foul-help').textContent = t(`help.foul.${foulSelect.value}`);
  const lang = currentLanguage();
  gameRulesLink.href = `/rules/${game}?lang=${lang}`;
  rulesLink.href = `/rules/${rulesPage(game, openingSelect.value)}?lang=${lang}`;
  seatSelect.disabled = organiserBox.checked;
}

/**
 * Waits until both seats are taken, then opens the creator's private link.
 * The socket brings a snapshot when a seat is taken; a slow poll covers a
 * socket that cannot connect.
 * @param {string} id
 * @param {string} token
 * @param {string} play
 */
function waitForFriend(id, token, play) {
  let done = false;
  /** @param {import('./types.js').GameView} state */
  const check = (state) => {
    if (done || state.seats.first !== 'taken' || state.seats.second !== 'taken') return;
    done = true;
    socket.close();
    clearInterval(poll);
    location.assign(play);
  };
  const socket = new GameSocket(id, token, { onState: check });
  socket.connect();
  const poll = setInterval(() => {
    fetchState(id, token).then(check, () => {});
  }, 3000);
}

/**
 * Points a QR image at the server's drawing of `link` (`GET /qr.svg`).
 * @param {string} imageId
 * @param {string} link
 * @param {string} alt
 */
function showQr(imageId, link, alt) {
  const image = /** @type {HTMLImageElement} */ (byId(imageId));
  image.src = `/qr.svg?text=${encodeURIComponent(link)}`;
  image.alt = alt;
}

/**
 * The settings of the form, as the API takes them.
 * @returns {import('./api.js').NewGameSettings}
 */
function chosenSettings() {
  const game = gameSelect.value;
  /** @type {import('./api.js').NewGameSettings} */
  const settings = {
    game,
    opening: openingSelect.value,
    size: Number(sizeSelect.value),
    time: timeSelect.value,
    takebacks: takebacksBox.checked,
  };
  if (game === 'renju') {
    settings.foul = foulSelect.value;
    settings.hints = hintsBox.checked;
  }
  if (game === 'pente' && keryoBox.checked) settings.keryo = true;
  if (organiserBox.checked) settings.organiser = true;
  else settings.seat = /** @type {'first' | 'second' | 'random'} */ (seatSelect.value);
  return settings;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  errorLine.textContent = '';
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
  submit.disabled = true;
  try {
    const created = await createGame(chosenSettings());
    watchInput.value = created.watch;
    watchLink.href = created.watch;
    watchLink.textContent = created.watch;
    if (created.invites) {
      // The title stays right through a language switch.
      byId('share-title').dataset.t = 'share.organiser-title';
      applyStrings(share);
      byId('invite-one').hidden = true;
      byId('invite-two').hidden = false;
      byId('waiting').hidden = true;
      /** @type {HTMLInputElement} */ (byId('invite-first')).value = created.invites.first;
      /** @type {HTMLInputElement} */ (byId('invite-second')).value = created.invites.second;
      showQr('invite-first-qr', created.invites.first, t('share.qr-first'));
      showQr('invite-second-qr', created.invites.second, t('share.qr-second'));
      form.hidden = true;
      share.hidden = false;
      return;
    }
    if (!created.token || !created.invite || !created.play) throw new Error('no seat');
    rememberToken(created.id, created.token);
    inviteInput.value = created.invite;
    showQr('invite-qr', created.invite, t('share.qr'));
    form.hidden = true;
    share.hidden = false;
    inviteInput.select();
    waitForFriend(created.id, created.token, created.play);
  } catch (error) {
    errorLine.textContent = describeError(error);
    submit.disabled = false;
  }
});

for (const button of share.querySelectorAll('button.copy')) {
  const copy = /** @type {HTMLButtonElement} */ (button);
  copy.addEventListener('click', async () => {
    const input = /** @type {HTMLInputElement} */ (byId(copy.dataset.copy ?? ''));
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select();
      document.execCommand('copy');
    }
    copy.textContent = t('share.copied');
    labelCopyButton(copy, 'share.copied');
  });
}

/**
 * Names a copy button after the link it copies ("Copy – Watch link ..."), so
 * the several buttons of the share screen are told apart by screen readers.
 * @param {HTMLButtonElement} button
 * @param {string} key  `share.copy` or `share.copied`
 */
function labelCopyButton(button, key) {
  const label = share.querySelector(`label[for="${button.dataset.copy}"]`);
  button.setAttribute('aria-label', `${t(key)} – ${label?.textContent ?? ''}`);
}

gameSelect.addEventListener('change', updateChoices);
openingSelect.addEventListener('change', updateChoices);
foulSelect.addEventListener('change', updateChoices);
organiserBox.addEventListener('change', updateChoices);

/** Fills the page's texts and choices (again, after a language switch). */
function render() {
  applyStrings();
  refillSelect(gameSelect, Object.keys(OPENINGS), 'game');
  refillSelect(timeSelect, TIME_CONTROLS, 'time');
  refillSelect(foulSelect, FOUL_POLICIES, 'foul-policy');
  refillSelect(seatSelect, SEAT_CHOICES, 'seat-choice');
  for (const button of share.querySelectorAll('button.copy')) {
    labelCopyButton(/** @type {HTMLButtonElement} */ (button), 'share.copy');
  }
  updateChoices();
}

/** Fills the page's texts and choices, and binds the language switcher. */
function init() {
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), render);
  render();
}

init();
