/**
 * The organiser's box of the tournament page: start, the next round (when
 * the organiser starts each), halt and continue the pairing, end (after a
 * confirmation); the public link to hand out (copy, share, QR) and the
 * organiser's own private link; an announcement to everyone; and a result
 * set by hand (round, board, result, reason). Removing and readmitting a
 * player are buttons of the players' table (tournament.js).
 * @module tournament_organiser
 */

import { byId } from './dom.js';
import { showQr } from './share_links.js';
import { t } from './strings.js';
import { currentRound, roundComplete } from './tournament_view.js';

/** @typedef {import('./wire').TournamentView} TournamentView */
/** @typedef {import('./wire').TournamentActionRequest} TournamentActionRequest */

/** The results the organiser may set, in the menu's order. */
const RESULTS = ['first_wins', 'draw', 'second_wins', 'first_wins_by_forfeit', 'second_wins_by_forfeit', 'both_forfeit'];

/**
 * Fills a select with `[value, label]` options, keeping the chosen value
 * when it is still offered.
 * @param {HTMLSelectElement} select
 * @param {[string, string][]} options
 */
function fill(select, options) {
  const chosen = select.value;
  select.replaceChildren(
    ...options.map(([value, label]) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = label;
      return option;
    }),
  );
  if (options.some(([value]) => value === chosen)) select.value = chosen;
}

/** The organiser's controls. */
export class OrganiserTools {
  /**
   * @param {{act: (action: TournamentActionRequest) => Promise<boolean>, view: () => TournamentView | null}} page
   */
  constructor(page) {
    /** @private */ this.page = page;
  }

  /**
   * Shows the public link (with its QR code) and the organiser's own.
   * @param {string} publicLink
   * @param {string} organiserLink
   */
  setLinks(publicLink, organiserLink) {
    /** @type {HTMLInputElement} */ (byId('public-link')).value = publicLink;
    /** @type {HTMLInputElement} */ (byId('organiser-link')).value = organiserLink;
    showQr(/** @type {HTMLImageElement} */ (byId('public-qr')), publicLink, t('tournament.public-qr'));
  }

  /** Wires the buttons and forms. */
  bind() {
    /** @type {[string, string][]} */
    const buttons = [
      ['start', 'start'],
      ['next-round', 'next_round'],
      ['halt', 'halt'],
      ['continue', 'continue'],
    ];
    for (const [id, action] of buttons) {
      byId(id).addEventListener('click', () => void this.page.act({ action }));
    }
    byId('end').addEventListener('click', () => {
      if (confirm(t('tournament.confirm-end'))) void this.page.act({ action: 'end' });
    });
    const announceForm = /** @type {HTMLFormElement} */ (byId('announce-form'));
    announceForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const field = /** @type {HTMLTextAreaElement} */ (byId('announce-text'));
      const text = field.value.trim();
      if (!text) return;
      if (await this.page.act({ action: 'announce', text })) field.value = '';
    });
    const adjustForm = /** @type {HTMLFormElement} */ (byId('adjust-form'));
    adjustForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const round = Number(/** @type {HTMLSelectElement} */ (byId('adjust-round')).value);
      const line = Number(/** @type {HTMLSelectElement} */ (byId('adjust-line')).value);
      const result = /** @type {HTMLSelectElement} */ (byId('adjust-result')).value;
      const reasonField = /** @type {HTMLInputElement} */ (byId('adjust-reason'));
      const reason = reasonField.value.trim();
      if (!round || Number.isNaN(line) || !result || !reason) return;
      if (await this.page.act({ action: 'adjust', round, line, result, reason })) reasonField.value = '';
    });
    for (const id of ['adjust-round', 'adjust-line']) {
      byId(id).addEventListener('change', () => {
        const view = this.page.view();
        if (view) this.drawAdjust(view);
      });
    }
  }

  /**
   * Draws the buttons the tournament's state allows, and the adjust form.
   * @param {TournamentView} view
   */
  draw(view) {
    const running = view.status === 'running';
    const round = currentRound(view);
    const roundsLeft = view.planned_rounds === null || view.rounds.length < view.planned_rounds;
    byId('start').hidden = view.status !== 'registration';
    byId('next-round').hidden = !(
      running &&
      view.manual_rounds &&
      view.system.kind !== 'arena' &&
      !view.halted &&
      roundsLeft &&
      (!round || roundComplete(round))
    );
    byId('halt').hidden = !(running && !view.halted);
    byId('continue').hidden = !(running && view.halted);
    byId('end').hidden = view.status === 'finished';
    byId('adjust-box').hidden = view.rounds.length === 0;
    this.drawAdjust(view);
  }

  /**
   * Fills the adjust form's menus: the rounds, the boards of the chosen
   * round, the results named after its players.
   * @param {TournamentView} view
   */
  drawAdjust(view) {
    const roundSelect = /** @type {HTMLSelectElement} */ (byId('adjust-round'));
    const lineSelect = /** @type {HTMLSelectElement} */ (byId('adjust-line'));
    const resultSelect = /** @type {HTMLSelectElement} */ (byId('adjust-result'));
    const wasEmpty = roundSelect.options.length === 0;
    fill(
      roundSelect,
      view.rounds.map((round) => [String(round.number), t('tournament.round-title', { n: round.number })]),
    );
    if (wasEmpty && view.rounds.length > 0) roundSelect.value = String(view.rounds.length);
    const round = view.rounds.find((each) => String(each.number) === roundSelect.value);
    const names = new Map(view.players.map((player) => [player.id, player.name]));
    /** @type {[string, string][]} */
    const lines = [];
    let board = 0;
    round?.lines.forEach((line, index) => {
      if (line.second === null) return;
      board += 1;
      lines.push([
        String(index),
        t('tournament.adjust-board', { n: board, first: names.get(line.first) ?? '', second: names.get(line.second) ?? '' }),
      ]);
    });
    fill(lineSelect, lines);
    const line = round?.lines[Number(lineSelect.value)];
    const first = line ? (names.get(line.first) ?? '') : '';
    const second = line && line.second !== null ? (names.get(line.second) ?? '') : '';
    fill(
      resultSelect,
      RESULTS.map((result) => {
        if (result === 'draw') return [result, t('tournament.result-draw')];
        if (result === 'both_forfeit') return [result, t('tournament.result-both-forfeit')];
        const name = result.startsWith('first') ? first : second;
        return [result, t(result.endsWith('forfeit') ? 'tournament.result-wins-forfeit' : 'tournament.result-wins', { name })];
      }),
    );
  }
}
