/**
 * The buttons of the platform's actions (draw, takeback, abort, claims,
 * rematch): one button for each that the server lists as open to the seat,
 * the irreversible ones behind a confirmation.
 * @module platform_actions
 */

import { t } from './strings.js';

/** The platform actions shown as buttons, in display order. */
const ACTIONS = [
  'draw accept',
  'draw decline',
  'takeback accept',
  'takeback decline',
  'rematch accept',
  'rematch decline',
  'draw offer',
  'takeback request',
  'abort',
  'claim win',
  'claim draw',
  'rematch offer',
];

/** Actions that end the game or cannot be undone: asked twice. */
const CONFIRMED = new Set(['abort', 'claim win', 'claim draw', 'draw accept']);

/**
 * Fills `container` with a button per open platform action.
 * @param {HTMLElement} container
 * @param {string[]} open  the actions open to the viewer's seat
 * @param {(action: string) => void} act  sends an action
 */
export function renderPlatformActions(container, open, act) {
  const buttons = ACTIONS.filter((action) => open.includes(action)).map((action) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = action;
    button.textContent = t(`platform.${action}`);
    button.addEventListener('click', () => {
      if (CONFIRMED.has(action) && !confirm(t(`confirm.${action}`))) return;
      act(action);
    });
    return button;
  });
  container.replaceChildren(...buttons);
}

/**
 * A sentence about what the opponent asks for (a draw, a takeback, a
 * rematch), or null.
 * @param {import('./types.js').GameState} state
 * @returns {string | null}
 */
export function pendingRequest(state) {
  const you = state.you;
  if (!you) return null;
  if (state.draw_offer && state.draw_offer !== you) return t('pending.draw');
  if (state.takeback_request && state.takeback_request !== you) return t('pending.takeback');
  if (state.rematch_offer && state.rematch_offer !== you) return t('pending.rematch');
  return null;
}
