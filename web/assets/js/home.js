/**
 * The home page (`/`): choose a game, its opening and a time control, create
 * it, share the invite link, wait for the friend, then go to the game.
 * @module home
 */

import { GameSocket, createGame, fetchState } from './api.js';
import { OPENINGS, TIME_CONTROLS, rulesPage } from './openings.js';
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
const rulesLink = /** @type {HTMLAnchorElement} */ (byId('rules-link'));

/** Points the rules link at the page of the chosen game and opening rule. */
function updateRulesLink() {
  const page = rulesPage(gameSelect.value, openingSelect.value);
  rulesLink.href = `/rules/${page}?lang=${currentLanguage()}`;
}
const timeSelect = /** @type {HTMLSelectElement} */ (byId('time'));
const share = byId('share');
const inviteInput = /** @type {HTMLInputElement} */ (byId('invite-link'));
const watchLink = /** @type {HTMLAnchorElement} */ (byId('watch-link'));
const copyButton = /** @type {HTMLButtonElement} */ (byId('copy-invite'));
const errorLine = byId('error');

/**
 * Replaces the options of a select.
 * @param {HTMLSelectElement} select
 * @param {string[]} values
 * @param {string} prefix  the strings key prefix of each value's label
 */
function fillSelect(select, values, prefix) {
  select.replaceChildren(
    ...values.map((value) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = t(`${prefix}.${value}`);
      return option;
    }),
  );
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

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  errorLine.textContent = '';
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
  submit.disabled = true;
  try {
    const created = await createGame({
      game: gameSelect.value,
      opening: openingSelect.value,
      time: timeSelect.value,
    });
    if (!created.token || !created.invite || !created.play) throw new Error('no seat');
    rememberToken(created.id, created.token);
    inviteInput.value = created.invite;
    watchLink.href = created.watch;
    watchLink.textContent = created.watch;
    form.hidden = true;
    share.hidden = false;
    inviteInput.select();
    waitForFriend(created.id, created.token, created.play);
  } catch (error) {
    errorLine.textContent = t('error.generic', {
      message: error instanceof Error ? error.message : String(error),
    });
    submit.disabled = false;
  }
});

copyButton.addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(inviteInput.value);
  } catch {
    inviteInput.select();
    document.execCommand('copy');
  }
  copyButton.textContent = t('share.copied');
});

gameSelect.addEventListener('change', () => {
  fillSelect(openingSelect, OPENINGS[gameSelect.value] ?? [], 'opening');
  updateRulesLink();
});

openingSelect.addEventListener('change', updateRulesLink);

/**
 * Fills a select again in the current language, keeping its choice.
 * @param {HTMLSelectElement} select
 * @param {string[]} values
 * @param {string} prefix
 */
function refillSelect(select, values, prefix) {
  const chosen = select.value;
  fillSelect(select, values, prefix);
  if (values.includes(chosen)) select.value = chosen;
}

/** Fills the page's texts and choices (again, after a language switch). */
function render() {
  applyStrings();
  refillSelect(gameSelect, Object.keys(OPENINGS), 'game');
  refillSelect(openingSelect, OPENINGS[gameSelect.value] ?? [], 'opening');
  refillSelect(timeSelect, TIME_CONTROLS, 'time');
  updateRulesLink();
}

/** Fills the page's texts and choices, and binds the language switcher. */
function init() {
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), render);
  render();
}

init();
