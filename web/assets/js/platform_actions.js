/**
 * The buttons of the platform's actions (draw, takeback, abort, claims,
 * rematch, and withdrawing one's own offer): one button for each that the
 * server lists as open to the seat, the irreversible ones behind a
 * confirmation; and the sentence that says what is pending, either way.
 * @module platform_actions
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').ActionName} ActionName */

/**
 * The platform actions shown as buttons, in display order.
 * @type {ActionName[]}
 */
const ACTIONS = [
  'draw accept',
  'draw decline',
  'takeback accept',
  'takeback decline',
  'rematch accept',
  'rematch decline',
  'claim win',
  'claim draw',
  'draw offer',
  'draw withdraw',
  'takeback request',
  'takeback withdraw',
  'abort',
  'rematch offer',
  'rematch withdraw',
];

/**
 * Actions that end the game or cannot be undone: asked twice.
 * @type {Set<ActionName>}
 */
const CONFIRMED = new Set(['abort', 'claim win', 'claim draw', 'draw accept']);

/**
 * Fills `container` with a button per open platform action.
 * @param {HTMLElement} container
 * @param {ActionName[]} open  the actions open to the viewer's seat
 * @param {(action: string) => void} act  sends an action
 */
export function renderPlatformActions(container, open, act) {
  const buttons = ACTIONS.filter((action) => open.includes(action)).map((action) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = action;
    button.textContent = t(`platform.${action}`);
    if (action.startsWith('claim')) button.classList.add('primary');
    button.addEventListener('click', () => {
      if (CONFIRMED.has(action) && !confirm(t(`confirm.${action}`))) return;
      act(action);
    });
    return button;
  });
  container.replaceChildren(...buttons);
}

/**
 * A sentence about what is pending between the players: the opponent's draw
 * offer, takeback request or rematch offer, or the viewer's own, sent and
 * awaiting an answer; null when nothing is.
 * @param {import('./types.js').GameState} state
 * @returns {string | null}
 */
export function pendingRequest(state) {
  const you = state.you;
  if (!you) return null;
  /** @type {[string, 'draw_offer' | 'takeback_request' | 'rematch_offer'][]} */
  const requests = [
    ['draw', 'draw_offer'],
    ['takeback', 'takeback_request'],
    ['rematch', 'rematch_offer'],
  ];
  for (const [name, field] of requests) {
    const from = state[field];
    if (from && from !== you) return t(`pending.${name}`);
    if (from === you) return t(`pending.own-${name}`);
  }
  return null;
}
