/**
 * The analysis board's move list: the main line as numbered moves, each
 * variation indented under the move it branches from (as lichess and
 * RenLib show them), titles and comments beside their moves, the node shown
 * marked. A click on a move shows it.
 * @module analysis_moves
 */

import { t } from './strings.js';

/** @typedef {import('./analysis_tree.js').TreeNode} TreeNode */

/**
 * Draws the moves of `root` into `container`.
 * @param {HTMLElement} container
 * @param {TreeNode} root
 * @param {TreeNode} current  the node shown
 * @param {(node: TreeNode) => void} onSelect
 */
export function renderMoves(container, root, current, onSelect) {
  const list = document.createElement('div');
  list.className = 'tree-line main-line';
  if (root.comment || root.title) list.append(noteOf(root));
  appendLine(list, root, 0, current, onSelect);
  if (root.children.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'help';
    empty.textContent = t('analysis-board.no-moves');
    list.append(empty);
  }
  container.replaceChildren(list);
  const shown = container.querySelector('[aria-current="true"]');
  if (shown instanceof HTMLElement) shown.scrollIntoView({ block: 'nearest' });
}

/**
 * Appends the line that continues `node` (its first child, then that one's,
 * ...) to `element`, each node's other children as variations after it.
 * @param {HTMLElement} element
 * @param {TreeNode} node
 * @param {number} number  the move number of `node` (0 for the root)
 * @param {TreeNode} current
 * @param {(node: TreeNode) => void} onSelect
 */
function appendLine(element, node, number, current, onSelect) {
  let at = node;
  let n = number;
  while (at.children.length > 0) {
    const [first, ...others] = at.children;
    n += 1;
    element.append(moveButton(first, n, current, onSelect));
    if (first.comment || first.title) element.append(noteOf(first));
    if (others.length > 0) {
      const box = document.createElement('div');
      box.className = 'variations';
      for (const other of others) {
        const line = document.createElement('div');
        line.className = 'tree-line variation';
        line.append(moveButton(other, n, current, onSelect));
        if (other.comment || other.title) line.append(noteOf(other));
        appendLine(line, other, n, current, onSelect);
        box.append(line);
      }
      element.append(box);
    }
    at = first;
  }
}

/**
 * The button of one move: its number and point.
 * @param {TreeNode} node
 * @param {number} number
 * @param {TreeNode} current
 * @param {(node: TreeNode) => void} onSelect
 * @returns {HTMLButtonElement}
 */
function moveButton(node, number, current, onSelect) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tree-move';
  button.dataset.node = String(node.id);
  button.dataset.move = String(node.move);
  const index = document.createElement('span');
  index.className = 'move-index';
  index.textContent = String(number);
  const move = node.move === 'pass' ? t('analysis-board.pass') : String(node.move);
  button.append(index, ` ${move}`);
  if (node === current) button.setAttribute('aria-current', 'true');
  button.addEventListener('click', () => onSelect(node));
  return button;
}

/**
 * A node's title and comment as shown after its move.
 * @param {TreeNode} node
 * @returns {HTMLElement}
 */
function noteOf(node) {
  const note = document.createElement('span');
  note.className = 'tree-note';
  if (node.title) {
    const title = document.createElement('strong');
    title.textContent = node.title;
    note.append(title);
    if (node.comment) note.append(' ');
  }
  if (node.comment) note.append(node.comment.trim());
  return note;
}
