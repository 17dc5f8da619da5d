/**
 * The board: an SVG drawing of a 15x15 or 19x19 board with coordinates, star
 * points, stones (with their move numbers if wanted), the last-move mark,
 * Black's forbidden points (the lines that make one drawn while it is hovered
 * or focused), the offered fifth moves and a ghost stone awaiting
 * confirmation. Every point is a focusable element with `data-point="h8"` and
 * an accessible label; a click, a tap, Enter or Space on it calls back.
 * @module board
 */

import { t } from './strings.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Foul} Foul */

/**
 * How to draw a state beyond the state itself.
 * @typedef {object} BoardOptions
 * @property {boolean} [numbers]  the move number on every stone
 * @property {{point: string, color: import('./types.js').Color} | null} [ghost]
 *   a stone chosen but not sent yet (move confirmation)
 * @property {string[]} [row]  the winning row to highlight, after the game
 * @property {Foul | null} [foul]  the foul that lost the game, with its lines
 * @property {{point: string, label: string} | null} [best]  the engine's
 *   suggested point (analysis)
 * @property {boolean} [reviewing]  an earlier move is shown: the points do
 *   not invite a click
 * @property {{point: string, rank: number, label: string}[]} [candidates]
 *   the engine's best moves, numbered from 1 (the analysis board's multi-PV)
 */

/**
 * What the board draws: a game's state, or any position with the same
 * fields (the analysis board's). A stone's `move` of 0 is a set-up stone:
 * it has no number and is never the last move.
 * @typedef {Pick<GameState, 'stones' | 'fouls' | 'zone' | 'offers' | 'excluded' | 'result'>} BoardPosition
 */

/**
 * The column and row (both zero-based) of a point name such as `h8`.
 * @param {string} name
 * @returns {[number, number]}
 */
export function pointCoords(name) {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

const SVG = 'http://www.w3.org/2000/svg';
/** The distance between two lines, in SVG units. */
const CELL = 40;
/** The room around the grid for the coordinates. */
const MARGIN = 44;

/**
 * The name of a point in renju notation: column letter (`a` on the left, no
 * letter skipped) and row number (1 at the bottom).
 * @param {number} col  zero-based, from the left
 * @param {number} row  zero-based, from the bottom
 * @returns {string}
 */
export function pointName(col, row) {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

/**
 * The star points of a board size: the centre and the four points at distance
 * 3 (15x15) or the nine usual points of 19x19.
 * @param {number} size
 * @returns {string[]}
 */
function starPoints(size) {
  const centre = (size - 1) / 2;
  const near = 3;
  const far = size - 1 - near;
  const points = [pointName(centre, centre)];
  for (const col of [near, far]) {
    for (const row of [near, far]) points.push(pointName(col, row));
  }
  if (size === 19) {
    points.push(pointName(near, centre), pointName(far, centre));
    points.push(pointName(centre, near), pointName(centre, far));
  }
  return points;
}

/**
 * Creates an SVG element with attributes.
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 * @returns {SVGElement}
 */
function svg(name, attributes = {}) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG, name));
  for (const [key, value] of Object.entries(attributes)) {
    element.setAttribute(key, String(value));
  }
  return element;
}

/** One board on the page. */
export class Board {
  /**
   * @param {HTMLElement} container  where the SVG goes
   * @param {number} size  15 or 19
   * @param {(point: string) => void} onPoint  called when a point is chosen
   * @param {(foul: Foul | null) => void} [onFoul]  called when a forbidden
   *   point is hovered or focused (with its foul) and when it is left (null)
   */
  constructor(container, size, onPoint, onFoul = () => {}) {
    /** The number of lines each way. */
    this.size = size;
    /** @private */ this.onPoint = onPoint;
    /** @private */ this.onFoul = onFoul;
    /** @private @type {Map<string, Foul>} the fouls of the state drawn */
    this.fouls = new Map();
    /** @private @type {string | null} the forbidden point whose lines are drawn */
    this.shownFoul = null;
    /** @private The lines of the hovered or focused forbidden point, over the stones. */
    this.foulLayer = svg('g', { class: 'foul-layer', 'aria-hidden': 'true' });
    /** @private The winning row or the losing foul, after the game. */
    this.resultLayer = svg('g', { class: 'result-layer', 'aria-hidden': 'true' });
    /** @private @type {Map<string, SVGGElement>} */ this.points = new Map();
    /** @private */ this.focused = pointName((size - 1) / 2, (size - 1) / 2);
    /** @private The allowed zone of the opening, drawn under the points. */
    this.zoneLayer = svg('g', { class: 'zone-layer', 'aria-hidden': 'true' });
    /** The SVG element. */
    this.element = this.draw();
    container.replaceChildren(this.element);
  }

  /**
   * The position of a point in SVG units.
   * @private
   * @param {number} col
   * @param {number} row
   * @returns {[number, number]}
   */
  at(col, row) {
    return [MARGIN + col * CELL, MARGIN + (this.size - 1 - row) * CELL];
  }

  /**
   * Draws the empty board and the point elements.
   * @private
   * @returns {SVGSVGElement}
   */
  draw() {
    const extent = 2 * MARGIN + (this.size - 1) * CELL;
    const root = /** @type {SVGSVGElement} */ (
      svg('svg', { viewBox: `0 0 ${extent} ${extent}`, class: 'board', role: 'group' })
    );
    root.setAttribute('aria-label', t('board.label', { size: this.size }));
    root.append(svg('rect', { class: 'board-wood', width: extent, height: extent, rx: 8 }));
    const last = MARGIN + (this.size - 1) * CELL;
    for (let i = 0; i < this.size; i++) {
      const along = MARGIN + i * CELL;
      root.append(svg('line', { class: 'grid', x1: MARGIN, y1: along, x2: last, y2: along }));
      root.append(svg('line', { class: 'grid', x1: along, y1: MARGIN, x2: along, y2: last }));
      const letter = svg('text', { class: 'coord', x: along, y: MARGIN / 2 });
      letter.textContent = String.fromCharCode(97 + i);
      const letterBelow = svg('text', { class: 'coord', x: along, y: last + MARGIN / 2 + 10 });
      letterBelow.textContent = letter.textContent;
      const [, y] = this.at(0, i);
      const number = svg('text', { class: 'coord', x: MARGIN / 2 - 4, y: y + 5 });
      number.textContent = String(i + 1);
      const numberRight = svg('text', { class: 'coord', x: last + MARGIN / 2 + 4, y: y + 5 });
      numberRight.textContent = number.textContent;
      root.append(letter, letterBelow, number, numberRight);
    }
    for (const star of starPoints(this.size)) {
      const col = star.charCodeAt(0) - 97;
      const row = Number(star.slice(1)) - 1;
      const [x, y] = this.at(col, row);
      root.append(svg('circle', { class: 'star', cx: x, cy: y, r: 4 }));
    }
    root.append(this.zoneLayer);
    for (let row = this.size - 1; row >= 0; row--) {
      for (let col = 0; col < this.size; col++) {
        const name = pointName(col, row);
        const [x, y] = this.at(col, row);
        const group = /** @type {SVGGElement} */ (
          svg('g', {
            class: 'point',
            'data-point': name,
            role: 'button',
            tabindex: name === this.focused ? 0 : -1,
            transform: `translate(${x} ${y})`,
          })
        );
        group.setAttribute('aria-label', t('point.empty', { point: name }));
        group.append(svg('circle', { class: 'hit', r: CELL / 2 }));
        group.addEventListener('click', () => this.onPoint(name));
        group.addEventListener('keydown', (event) => this.key(event, col, row));
        group.addEventListener('focus', () => {
          this.setFocus(name, false);
          this.showFoul(name);
        });
        group.addEventListener('blur', () => this.showFoul(null));
        group.addEventListener('pointerenter', () => this.showFoul(name));
        group.addEventListener('pointerleave', () => this.showFoul(null));
        this.points.set(name, group);
        root.append(group);
      }
    }
    root.append(this.resultLayer, this.foulLayer);
    return root;
  }

  /**
   * Keyboard play: arrows move the focus, Enter or Space chooses the point.
   * @private
   * @param {KeyboardEvent} event
   * @param {number} col
   * @param {number} row
   */
  key(event, col, row) {
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onPoint(pointName(col, row));
    } else if (event.key in moves) {
      event.preventDefault();
      const [dc, dr] = moves[event.key];
      const c = Math.min(this.size - 1, Math.max(0, col + dc));
      const r = Math.min(this.size - 1, Math.max(0, row + dr));
      this.setFocus(pointName(c, r), true);
    }
  }

  /**
   * Moves the keyboard focus to the point `name`.
   * @param {string} name
   */
  focusPoint(name) {
    this.setFocus(name, true);
  }

  /**
   * Makes `name` the one point in the tab order (a roving tab index).
   * @private
   * @param {string} name
   * @param {boolean} move  whether to move the keyboard focus there too
   */
  setFocus(name, move) {
    this.points.get(this.focused)?.setAttribute('tabindex', '-1');
    this.focused = name;
    const point = this.points.get(name);
    point?.setAttribute('tabindex', '0');
    if (move) point?.focus();
  }

  /**
   * Draws the lines that make `name` forbidden (each shape's stones joined by
   * a line, its key points ringed), or clears them when `name` is null or not
   * a forbidden point; tells the page either way.
   * @param {string | null} name
   */
  showFoul(name) {
    const foul = name === null ? undefined : this.fouls.get(name);
    const point = foul ? foul.point : null;
    if (point === this.shownFoul) return;
    this.shownFoul = point;
    this.foulLayer.replaceChildren();
    if (!foul) {
      this.onFoul(null);
      return;
    }
    this.drawFoulLines(this.foulLayer, foul);
    this.onFoul(foul);
  }

  /**
   * Draws a foul's lines into `layer`: each shape from its first to its last
   * point, its key points ringed, the forbidden point circled.
   * @private
   * @param {SVGElement} layer
   * @param {Foul} foul
   */
  drawFoulLines(layer, foul) {
    for (const line of foul.lines) {
      const ends = [...line.stones, ...line.key_points].map(pointCoords);
      ends.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [x1, y1] = this.at(...ends[0]);
      const [x2, y2] = this.at(...ends[ends.length - 1]);
      layer.append(
        svg('line', { class: `foul-line ${line.shape}`, x1, y1, x2, y2, 'data-direction': line.direction }),
      );
      for (const key of line.key_points) {
        const [x, y] = this.at(...pointCoords(key));
        layer.append(svg('circle', { class: 'foul-key', cx: x, cy: y, r: CELL / 2 - 8 }));
      }
    }
    const [x, y] = this.at(...pointCoords(foul.point));
    layer.append(svg('circle', { class: 'foul-point', cx: x, cy: y, r: CELL / 2 - 4 }));
  }

  /**
   * Draws the end of the game over the stones: the winning row joined by a
   * line and its stones ringed, or the losing foul with its lines.
   * @private
   * @param {string[]} row
   * @param {Foul | null} foul
   */
  drawResult(row, foul) {
    this.resultLayer.replaceChildren();
    if (row.length >= 2) {
      const ends = row.map(pointCoords);
      ends.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [x1, y1] = this.at(...ends[0]);
      const [x2, y2] = this.at(...ends[ends.length - 1]);
      this.resultLayer.append(svg('line', { class: 'winning-line', x1, y1, x2, y2 }));
      for (const point of row) {
        const [x, y] = this.at(...pointCoords(point));
        this.resultLayer.append(
          svg('circle', { class: 'winning-stone', cx: x, cy: y, r: CELL / 2 - 1, 'data-point': point }),
        );
      }
    }
    if (foul) this.drawFoulLines(this.resultLayer, foul);
  }

  /**
   * Draws where the opening rule lets the next stone or offer go: a frame
   * around the allowed square (`exactly`, `within`) or a shade over the
   * square kept free (`at-least`); nothing when anywhere goes.
   * @private
   * @param {import('./types.js').Zone | null} zone
   */
  drawZone(zone) {
    this.zoneLayer.replaceChildren();
    if (!zone || !zone.center || zone.kind === 'anywhere') return;
    const col = zone.center.charCodeAt(0) - 97;
    const row = Number(zone.center.slice(1)) - 1;
    const [x, y] = this.at(col, row);
    const reach = zone.kind === 'exactly' ? 0 : (zone.distance ?? 0);
    const inner = zone.kind === 'at-least' ? reach - 1 : reach;
    const half = inner * CELL + CELL / 2;
    const square = svg('rect', {
      class: zone.kind === 'at-least' ? 'zone-excluded' : 'zone-allowed',
      x: x - half,
      y: y - half,
      width: 2 * half,
      height: 2 * half,
      rx: 6,
    });
    this.zoneLayer.append(square);
  }

  /**
   * Draws the stones and marks of a state.
   * @param {BoardPosition} state
   * @param {BoardOptions} [options]
   */
  render(state, options = {}) {
    const ghost = options.ghost ?? null;
    this.element.classList.toggle('reviewing', Boolean(options.reviewing));
    this.drawZone(state.result ? null : state.zone);
    this.drawResult(options.row ?? [], options.foul ?? null);
    /** @type {Map<string, import('./types.js').Stone>} */
    const stones = new Map(state.stones.map((stone) => [stone.point, stone]));
    const lastMove = state.stones.reduce((best, stone) => Math.max(best, stone.move), 0);
    const fouls = new Map(state.fouls.map((foul) => [foul.point, foul]));
    this.fouls = fouls;
    const offers = new Set(state.offers);
    const excluded = new Set(state.excluded);
    for (const [name, group] of this.points) {
      for (const child of [...group.children]) {
        if (!child.classList.contains('hit')) child.remove();
      }
      const stone = stones.get(name);
      const foul = fouls.get(name);
      group.classList.toggle('occupied', Boolean(stone));
      if (stone) {
        group.append(svg('circle', { class: `stone ${stone.color}`, r: CELL / 2 - 2 }));
        if (options.numbers && stone.move > 0) {
          const number = svg('text', {
            class: `move-number on-${stone.color}${stone.move === lastMove ? ' last' : ''}`,
            y: 5,
          });
          number.textContent = String(stone.move);
          group.append(number);
        } else if (!options.numbers && lastMove > 0 && stone.move === lastMove) {
          group.append(svg('circle', { class: `last-move on-${stone.color}`, r: 5 }));
        }
        const color = t(`color.${stone.color}`);
        group.setAttribute('aria-label', t('point.stone', { point: name, color, move: stone.move }));
      } else if (foul) {
        const kind = t(`foul.${foul.kind}`);
        const label = t('point.forbidden', { point: name, kind });
        const mark = svg('path', { class: 'forbidden', d: 'M-7,-7L7,7M7,-7L-7,7' });
        const title = svg('title');
        title.textContent = label;
        group.append(title, mark);
        group.setAttribute('aria-label', label);
      } else if (offers.has(name)) {
        group.append(svg('circle', { class: 'offer', r: CELL / 2 - 6 }));
        group.setAttribute('aria-label', t('point.offered', { point: name }));
      } else {
        if (excluded.has(name)) group.append(svg('circle', { class: 'excluded', r: 6 }));
        group.setAttribute('aria-label', t('point.empty', { point: name }));
      }
      if (ghost && ghost.point === name && !stone) {
        group.append(svg('circle', { class: `ghost ${ghost.color}`, r: CELL / 2 - 2 }));
      }
      const candidate = options.candidates?.find((entry) => entry.point === name);
      if (candidate && !stone) {
        const mark = svg('g', { class: `analysis-candidate rank-${candidate.rank}` });
        const title = svg('title');
        title.textContent = candidate.label;
        const rank = svg('text', { class: 'candidate-rank', y: 6 });
        rank.textContent = String(candidate.rank);
        mark.append(title, svg('circle', { r: CELL / 2 - 5 }), rank);
        group.append(mark);
      }
      if (options.best?.point === name) {
        const mark = svg('circle', { class: 'analysis-best', r: CELL / 2 - 6 });
        const title = svg('title');
        title.textContent = options.best.label;
        mark.append(title);
        group.append(mark);
      }
    }
    // The lines of a forbidden point that is gone (played, or no longer
    // forbidden) go too; those of one still hovered are drawn afresh.
    const shown = this.shownFoul;
    this.shownFoul = null;
    this.foulLayer.replaceChildren();
    if (shown && fouls.has(shown)) this.showFoul(shown);
    else if (shown) this.onFoul(null);
  }
}
