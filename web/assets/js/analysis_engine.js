/**
 * The analysis board's engine panel: the best moves of the position shown
 * (1 to 5 of them, drawn on the board), on demand or after every move when
 * "continuous" is on, and the search for a VCF or VCT of either side, whose
 * line can be played onto the board. One request at a time: a position
 * reached while one runs is asked about when it ends. The server bounds the
 * engine (`503 busy`, `429`), and the panel says so in words.
 * @module analysis_engine
 */

import { analysePosition, searchThreats } from './api.js';
import { scoreText } from './analysis_view.js';
import { describeError } from './error_messages.js';
import { t } from './strings.js';

/** @typedef {import('./api.js').PositionRequest} PositionRequest */

/**
 * The page's side of the panel.
 * @typedef {object} EngineHost
 * @property {() => PositionRequest | null} position  the position shown, null
 *   when it is decided (nothing to analyse)
 * @property {() => void} onMarks  the candidates to draw changed
 * @property {(moves: string[]) => void} onPlayLine  play these moves from the
 *   position shown
 */

/**
 * One of the engine's best moves.
 * @typedef {object} Candidate
 * @property {string} move
 * @property {import('./types.js').Analysis['score']} score
 * @property {string[]} line
 */

/** The engine panel. */
export class EnginePanel {
  /**
   * @param {HTMLElement} root  the panel, holding the controls by their ids
   * @param {EngineHost} host
   */
  constructor(root, host) {
    /** @private */ this.host = host;
    const find = (/** @type {string} */ selector) =>
      /** @type {HTMLElement} */ (root.querySelector(selector));
    /** @private */ this.button = /** @type {HTMLButtonElement} */ (find('#engine-analyse'));
    /** @private */ this.lineCount = /** @type {HTMLSelectElement} */ (find('#engine-lines'));
    /** @private */ this.continuous = /** @type {HTMLInputElement} */ (find('#engine-continuous'));
    /** @private */ this.output = find('#engine-output');
    /** @private */ this.threatOutput = find('#threat-output');
    /** @private @type {{key: string, candidates: Candidate[], to_move: string} | null} */
    this.result = null;
    /** @private @type {{key: string, moves: string[]} | null} */ this.threatLine = null;
    /** @private */ this.running = false;
    /** @private */ this.pending = false;
    /** @private @type {ReturnType<typeof setTimeout> | null} */ this.timer = null;
    this.button.addEventListener('click', () => this.analyse());
    this.continuous.addEventListener('change', () => {
      if (this.continuous.checked) this.analyse();
    });
    this.lineCount.addEventListener('change', () => this.positionChanged());
    for (const button of root.querySelectorAll('[data-threat]')) {
      const [kind, side] = String(/** @type {HTMLElement} */ (button).dataset.threat).split('-');
      button.addEventListener('click', () =>
        this.threats(/** @type {'black' | 'white'} */ (side), /** @type {'vcf' | 'vct'} */ (kind)),
      );
    }
  }

  /**
   * The key of the position shown: what an answer must be for to be shown.
   * @private
   * @returns {string}
   */
  key() {
    return JSON.stringify(this.host.position());
  }

  /**
   * The candidates to mark on the board, when they are the position shown's.
   * @returns {{point: string, rank: number, label: string}[]}
   */
  candidates() {
    if (!this.result || this.result.key !== this.key()) return [];
    return this.result.candidates
      .filter((candidate) => candidate.move !== 'pass')
      .map((candidate, index) => ({
        point: candidate.move,
        rank: index + 1,
        label: t('analysis-board.candidate', { rank: index + 1, move: candidate.move, score: scoreText(candidate.score) }),
      }));
  }

  /** The position shown changed: redraw, and analyse it when continuous. */
  positionChanged() {
    this.draw();
    if (this.timer) clearTimeout(this.timer);
    if (!this.continuous.checked) return;
    this.timer = setTimeout(() => this.analyse(), 250);
  }

  /** Asks for the best moves of the position shown. */
  async analyse() {
    const position = this.host.position();
    if (!position) {
      this.output.textContent = t('analysis.position-over');
      return;
    }
    if (this.running) {
      this.pending = true;
      return;
    }
    const key = JSON.stringify(position);
    this.running = true;
    this.button.disabled = true;
    this.output.textContent = t('analysis.running');
    try {
      const analysis = await analysePosition(position, Number(this.lineCount.value));
      const candidates = analysis.lines?.length
        ? analysis.lines
        : [{ move: analysis.best_move, score: analysis.score, line: analysis.line }];
      this.result = { key, candidates, to_move: analysis.to_move };
      this.draw();
    } catch (error) {
      if (key === this.key()) this.output.textContent = describeError(error);
    } finally {
      this.running = false;
      this.button.disabled = false;
      this.host.onMarks();
    }
    // A position reached meanwhile is asked about now.
    const again = this.pending || this.continuous.checked;
    this.pending = false;
    if (again && key !== this.key()) this.analyse();
  }

  /**
   * Looks for a VCF or VCT of `side` in the position shown.
   * @param {'black' | 'white'} side
   * @param {'vcf' | 'vct'} kind
   */
  async threats(side, kind) {
    const position = this.host.position();
    if (!position) {
      this.threatOutput.textContent = t('analysis.position-over');
      return;
    }
    const key = JSON.stringify(position);
    this.threatOutput.textContent = t('analysis-board.searching', { kind: kind.toUpperCase() });
    try {
      const found = await searchThreats(position, side, kind);
      if (key !== this.key()) return;
      const words = { kind: kind.toUpperCase(), color: t(`color.${side}`) };
      if (!found.line) {
        this.threatLine = null;
        this.threatOutput.textContent = t('analysis-board.no-threat', words);
        return;
      }
      this.threatLine = { key, moves: found.line };
      const text = document.createElement('span');
      text.textContent = t('analysis-board.threat-found', { ...words, line: found.line.join(' ') });
      const play = document.createElement('button');
      play.type = 'button';
      play.className = 'play-line';
      play.textContent = t('analysis-board.play-line');
      play.addEventListener('click', () => this.host.onPlayLine(found.line ?? []));
      this.threatOutput.replaceChildren(text, ' ', play);
    } catch (error) {
      this.threatOutput.textContent = describeError(error);
    }
  }

  /** Writes the best moves of the position shown, or clears them. @private */
  draw() {
    const result = this.result;
    if (this.threatLine && this.threatLine.key !== this.key()) {
      this.threatLine = null;
      this.threatOutput.textContent = '';
    }
    if (!result || result.key !== this.key()) {
      if (!this.running) this.output.textContent = '';
      return;
    }
    const list = document.createElement('ol');
    list.className = 'engine-lines';
    for (const candidate of result.candidates) {
      const item = document.createElement('li');
      const head = document.createElement('strong');
      head.textContent = candidate.move === 'pass' ? t('analysis-board.pass') : candidate.move;
      const line = document.createElement('span');
      line.className = 'engine-line';
      line.textContent = ` ${scoreText(candidate.score)} · ${candidate.line.join(' ')}`;
      const play = document.createElement('button');
      play.type = 'button';
      play.className = 'play-line';
      play.textContent = t('analysis-board.play-line');
      play.addEventListener('click', () => this.host.onPlayLine(candidate.line.length ? candidate.line : [candidate.move]));
      item.append(head, line, ' ', play);
      list.append(item);
    }
    const heading = document.createElement('p');
    heading.className = 'engine-heading';
    heading.textContent = t(`analysis-board.best-for.${result.to_move}`);
    this.output.replaceChildren(heading, list);
  }
}
