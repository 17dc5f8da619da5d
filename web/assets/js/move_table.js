/**
 * The move list as a numbered table: two board moves a row (the first
 * colour's and the other's, each with its move number), and the opening's
 * swaps, keeps, declarations, offers and a resignation as rows of their own,
 * in order. A click on a move reviews the board at that move.
 * @module move_table
 */

import { eventSentence } from './record_text.js';
import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./wire').PlayedSnapshot} Played */

/**
 * The point of a stone action (`place h8`, `choose g7`), or null.
 * @param {Played} entry
 * @returns {string | null}
 */
export function pointOf(entry) {
  return entry.stone ? (entry.action.split(' ')[1] ?? null) : null;
}

/**
 * The button of one board move.
 * @param {Played} entry
 * @param {number} shown  the move the board shows
 * @param {(ply: number) => void} onSelect
 * @returns {HTMLTableCellElement}
 */
function moveCell(entry, shown, onSelect) {
  const cell = document.createElement('td');
  const number = entry.move ?? 0;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'move';
  button.dataset.ply = String(number);
  const point = pointOf(entry);
  const label = point ?? t('record.pass');
  const small = document.createElement('span');
  small.className = 'move-no';
  small.textContent = String(number);
  button.append(small, ` ${label}`);
  const color = entry.stone ? t(`color.${entry.stone}`) : '';
  button.setAttribute('aria-label', t('record.move-label', { n: number, color, move: label }));
  if (number === shown) {
    button.classList.add('current');
    button.setAttribute('aria-current', 'step');
  }
  if (entry.kind === 'choose') button.classList.add('chosen');
  button.addEventListener('click', () => onSelect(number));
  cell.append(button);
  return cell;
}

/**
 * A row of the table: an empty one, to be filled.
 * @returns {HTMLTableRowElement}
 */
function emptyRow() {
  const row = document.createElement('tr');
  for (let i = 0; i < 2; i++) {
    const cell = document.createElement('td');
    cell.className = 'empty';
    row.append(cell);
  }
  return row;
}

/**
 * Fills `container` with the table of `state`'s record.
 * @param {HTMLElement} container
 * @param {GameState} state
 * @param {number} shown  the board move the board shows (the last one live)
 * @param {(ply: number) => void} onSelect
 */
export function renderMoveTable(container, state, shown, onSelect) {
  const table = document.createElement('table');
  table.className = 'move-table';
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  // The first board move is the rules' first colour (White in Pente).
  const firstColor = state.config.game === 'pente' ? 'white' : 'black';
  for (const color of [firstColor, firstColor === 'black' ? 'white' : 'black']) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = t(`color.${color}`);
    headRow.append(th);
  }
  head.append(headRow);
  const body = document.createElement('tbody');
  /** @type {HTMLTableRowElement | null} */
  let row = null;
  const record = state.record;
  for (let i = 0; i < record.length; i++) {
    const entry = record[i];
    if (entry.move !== null) {
      const column = entry.move % 2 === 1 ? 0 : 1;
      if (!row || column === 0 || !row.cells[1].classList.contains('empty')) {
        row = emptyRow();
        body.append(row);
      }
      row.cells[column].replaceWith(moveCell(entry, shown, onSelect));
      continue;
    }
    // A run of offers by one player is one row.
    const run = [entry];
    while (entry.kind === 'offer' && record[i + 1]?.kind === 'offer' && record[i + 1].player === entry.player) {
      run.push(record[++i]);
    }
    const sentence = eventSentence(run, state.you);
    if (!sentence) continue;
    const eventRow = document.createElement('tr');
    eventRow.className = `event event-${entry.kind}`;
    const cell = document.createElement('td');
    cell.colSpan = 2;
    cell.textContent = sentence;
    eventRow.append(cell);
    body.append(eventRow);
    row = null;
  }
  table.append(head, body);
  if (record.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'help';
    empty.textContent = t('moves.none');
    container.replaceChildren(empty);
    return;
  }
  container.replaceChildren(table);
  // Keep the shown move in view inside the list, without scrolling the page.
  const current = /** @type {HTMLElement | null} */ (table.querySelector('.current'));
  if (current) {
    const top =
      current.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
    if (top < container.scrollTop || top > container.scrollTop + container.clientHeight - 30) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 2);
    }
  }
}
