/**
 * The challenge page: what the creator sees at the game's own address while
 * the friend has not joined yet — what was created (game, opening rule,
 * board, clock, options, the creator's colour or "decided by the swap"), the
 * invite link (copy, QR code, the phone's share sheet), the watch link and a
 * Cancel button. An organiser sees one invite per seat instead, each marked
 * once taken. The page turns into the game when both seats are taken.
 * @module challenge_view
 */

import { byId } from './dom.js';
import { renderFacts } from './game_facts.js';
import { findInvites } from './seat_token.js';
import { bindShareButtons, labelShareButtons, showQr } from './share_links.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./seat_token.js').OrganiserInvites} OrganiserInvites */

/**
 * What the challenge page shows besides the game's settings.
 * @typedef {object} ChallengeLinks
 * @property {string | null} invite  the creator's invite link, if known
 * @property {OrganiserInvites | null} organiser  an organiser's two invites
 * @property {string} watch  the link for spectators
 */

/**
 * Whether the viewer waits for their friend: they hold a seat and the other
 * seat is open, in a game between people that has not ended.
 * @param {GameState} state
 * @returns {boolean}
 */
export function creatorWaits(state) {
  const other = state.you === 'first' ? 'second' : 'first';
  return Boolean(state.you) && !state.computer && !state.result && state.seats[other] === 'open';
}

/**
 * Whether an organiser of this browser waits for the players of game `id`:
 * no seat, the invites remembered, a seat still open.
 * @param {GameState} state
 * @param {string} id
 * @returns {boolean}
 */
export function organiserWaits(state, id) {
  return (
    !state.you &&
    !state.result &&
    findInvites(id) !== null &&
    (state.seats.first === 'open' || state.seats.second === 'open')
  );
}

/** The challenge page. */
export class ChallengeView {
  /** @param {() => void} onCancel  the creator cancels: the game is aborted */
  constructor(onCancel) {
    /** @private */ this.section = byId('challenge');
    /** @private @type {GameState | null} */ this.state = null;
    /** @private @type {ChallengeLinks | null} */ this.links = null;
    bindShareButtons(this.section);
    byId('cancel-game').addEventListener('click', () => {
      if (confirm(t('confirm.cancel-game'))) onCancel();
    });
  }

  /**
   * Shows the page for `state` with its links.
   * @param {GameState} state
   * @param {ChallengeLinks} links
   */
  show(state, links) {
    this.state = state;
    this.links = links;
    this.section.hidden = false;
    this.draw();
  }

  /** Hides the page (the game began, or was cancelled). */
  hide() {
    this.section.hidden = true;
    this.state = null;
  }

  /**
   * Follows a new state while shown (an organiser's seat taken).
   * @param {GameState} state
   */
  update(state) {
    if (this.section.hidden) return;
    this.state = state;
    this.draw();
  }

  /** Draws everything in the current language. */
  draw() {
    const state = this.state;
    const links = this.links;
    if (!state || !links) return;
    const organiser = links.organiser !== null;
    byId('challenge-title').textContent = t(organiser ? 'share.organiser-title' : 'share.title');
    renderFacts(
      byId('challenge-summary'),
      state,
      state.you ? { seat: state.you, colorKey: 'facts.your-color' } : null,
    );
    byId('challenge-invite').hidden = organiser || links.invite === null;
    byId('organiser-invites').hidden = !organiser;
    byId('cancel-game').hidden = organiser || !state.you;
    if (links.invite) {
      /** @type {HTMLInputElement} */ (byId('invite-link')).value = links.invite;
      showQr(byId('invite-qr'), links.invite, t('share.qr'));
    }
    if (links.organiser) {
      for (const seat of /** @type {const} */ (['first', 'second'])) {
        const link = links.organiser[seat];
        /** @type {HTMLInputElement} */ (byId(`invite-${seat}`)).value = link;
        showQr(byId(`invite-${seat}-qr`), link, t(`share.qr-${seat}`));
        byId(`invite-${seat}-taken`).hidden = state.seats[seat] !== 'taken';
      }
    }
    /** @type {HTMLInputElement} */ (byId('watch-input')).value = links.watch;
    byId('waiting').textContent = t(organiser ? 'share.waiting-players' : 'share.waiting');
    labelShareButtons(this.section);
  }
}
