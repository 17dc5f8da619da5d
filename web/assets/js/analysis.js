/**
 * The analysis board (`/analysis`): any game and board of narabe, stones
 * played in order or set up freely, a variation tree with comments, the
 * position's facts from the server (forbidden points with their lines,
 * captures, the end, the opening's name), the engine on demand or after
 * every move, record files in and out, pictures for forums, and a link that
 * restores it all (analysis_link.js). Nothing is stored on the server.
 * docs/web-client.md describes the page.
 * @module analysis
 */

import { ApiError, exportRecord, fetchPositionFacts, importRecord } from './api.js';
import { AnalysisTree } from './analysis_tree.js';
import { linkText, readLink } from './analysis_link.js';
import { renderMoves } from './analysis_moves.js';
import { EnginePanel } from './analysis_engine.js';
import { Board } from './board.js';
import { CATALOG } from './catalog.js';
import { byId } from './dom.js';
import { describeError } from './error_messages.js';
import { foulExplanation } from './game_view.js';
import { bindShareButtons, labelShareButtons } from './share_links.js';
import { applyStrings, bindLanguageSelect, t } from './strings.js';

/** @typedef {import('./analysis_tree.js').TreeNode} TreeNode */
/** @typedef {import('./api.js').PositionRequest} PositionRequest */
/** @typedef {import('./wire').PositionFacts} PositionFacts */
/** @typedef {import('./wire').RecordView} RecordView */
/** @typedef {'black' | 'white'} Color */

const view = {
  board: byId('board'),
  dropZone: byId('drop-zone'),
  status: byId('position-status'),
  foulNote: byId('foul-note'),
  pageError: byId('page-error'),
  gameSelect: /** @type {HTMLSelectElement} */ (byId('game-select')),
  sizeSelect: /** @type {HTMLSelectElement} */ (byId('size-select')),
  keryo: /** @type {HTMLInputElement} */ (byId('keryo')),
  keryoField: byId('keryo-field'),
  setupTools: byId('setup-tools'),
  setupToMove: /** @type {HTMLSelectElement} */ (byId('setup-to-move')),
  numbers: /** @type {HTMLInputElement} */ (byId('show-numbers')),
  moveTree: byId('move-tree'),
  recordFacts: byId('record-facts'),
  title: /** @type {HTMLInputElement} */ (byId('node-title')),
  comment: /** @type {HTMLTextAreaElement} */ (byId('node-comment')),
  fileInput: /** @type {HTMLInputElement} */ (byId('import-file')),
  pasteText: /** @type {HTMLTextAreaElement} */ (byId('paste-text')),
  gamePickField: byId('game-pick-field'),
  gamePick: /** @type {HTMLSelectElement} */ (byId('game-pick')),
  fileStatus: byId('file-status'),
  share: /** @type {HTMLInputElement} */ (byId('share-link')),
  png: /** @type {HTMLAnchorElement} */ (byId('picture-png')),
  svg: /** @type {HTMLAnchorElement} */ (byId('picture-svg')),
  gif: /** @type {HTMLAnchorElement} */ (byId('picture-gif')),
  gifDelay: /** @type {HTMLSelectElement} */ (byId('gif-delay')),
};

/** Everything the board shows; the link holds all of it. */
const board = {
  game: 'renju',
  /** @type {number | null} null for the game's default */
  size: /** @type {number | null} */ (null),
  keryo: false,
  setup: { black: /** @type {string[]} */ ([]), white: /** @type {string[]} */ ([]), toMove: /** @type {Color | null} */ (null) },
  tree: new AnalysisTree(),
  /** @type {TreeNode} */
  current: /** @type {TreeNode} */ (/** @type {unknown} */ (null)),
  /** @type {'play' | 'setup'} */
  mode: /** @type {'play' | 'setup'} */ ('play'),
  /** The facts (players, event, result) of an imported game, kept for export. */
  recordFacts: /** @type {Partial<RecordView>} */ ({}),
};
board.current = board.tree.root;

/** The codes of a move the rules refuse (docs/api.md). */
const REFUSED_MOVES = new Set(['occupied', 'off-board', 'game-over', 'pass-not-allowed']);

/** The facts the server gave, by the key of their position. @type {Map<string, PositionFacts>} */
const factsCache = new Map();
/** @type {Board | null} */
let drawnBoard = null;
/** @type {RecordView[]} the games of the last file read */
let importedGames = [];

/**
 * The size of the board drawn.
 * @returns {number}
 */
function boardSize() {
  if (board.size !== null) return board.size;
  return CATALOG.games.find((entry) => entry.game === board.game)?.sizes[0] ?? 15;
}

/**
 * Who moves first after the set-up: as chosen, else the side with fewer
 * stones (Black when even), else the game's first player.
 * @returns {Color}
 */
function firstToMove() {
  const { black, white, toMove } = board.setup;
  if (toMove) return toMove;
  if (black.length + white.length > 0) return black.length <= white.length ? 'black' : 'white';
  return board.game === 'pente' ? 'white' : 'black';
}

/**
 * The request for the position of `node`.
 * @param {TreeNode} node
 * @returns {PositionRequest}
 */
function positionOf(node) {
  /** @type {PositionRequest} */
  const request = { game: board.game, size: boardSize(), moves: AnalysisTree.path(node).map((at) => String(at.move)) };
  if (board.keryo) request.keryo = true;
  const { black, white } = board.setup;
  if (black.length + white.length > 0) request.setup = { black, white, to_move: firstToMove() };
  return request;
}

/**
 * The facts of the position shown, when the server has given them.
 * @returns {PositionFacts | undefined}
 */
function currentFacts() {
  return factsCache.get(JSON.stringify(positionOf(board.current)));
}

/**
 * The stones of the position of `node` as the board draws them: the
 * server's when it has answered (captures removed), else the set-up and the
 * moves played in turn; each move's number, 0 for set-up stones.
 * @param {TreeNode} node
 * @returns {{point: string, color: Color, move: number}[]}
 */
function stonesOf(node) {
  const path = AnalysisTree.path(node);
  /** @type {Map<string, number>} */
  const numbers = new Map();
  path.forEach((at, index) => {
    if (at.move !== 'pass') numbers.set(String(at.move), index + 1);
  });
  const facts = factsCache.get(JSON.stringify(positionOf(node)));
  if (facts) {
    return /** @type {Color[]} */ (['black', 'white']).flatMap((color) =>
      facts.stones[color].map((point) => ({ point, color, move: numbers.get(point) ?? 0 })),
    );
  }
  /** @type {{point: string, color: Color, move: number}[]} */
  const stones = [
    ...board.setup.black.map((/** @type {string} */ point) => ({ point, color: /** @type {Color} */ ('black'), move: 0 })),
    ...board.setup.white.map((point) => ({ point, color: /** @type {Color} */ ('white'), move: 0 })),
  ];
  let color = firstToMove();
  path.forEach((at, index) => {
    if (at.move !== 'pass') stones.push({ point: String(at.move), color, move: index + 1 });
    color = color === 'black' ? 'white' : 'black';
  });
  return stones;
}

/** Draws the whole page for the node shown. */
function render() {
  const size = boardSize();
  if (!drawnBoard || drawnBoard.size !== size) {
    drawnBoard = new Board(view.board, size, choosePoint, (foul) => {
      view.foulNote.textContent = foul ? foulExplanation(foul) : '';
    });
  }
  const facts = currentFacts();
  const outcomeLine = facts?.outcome?.line ?? [];
  drawnBoard.render(
    {
      stones: stonesOf(board.current),
      fouls: facts && !facts.outcome ? facts.fouls : [],
      zone: null,
      offers: [],
      excluded: [],
      result: null,
    },
    {
      numbers: view.numbers.checked,
      row: facts?.outcome?.reason === 'foul' ? [] : outcomeLine,
      candidates: engine.candidates(),
    },
  );
  renderMoves(view.moveTree, board.tree.root, board.current, show);
  view.title.value = board.current.title;
  view.comment.value = board.current.comment;
  view.status.textContent = statusText(facts);
  writeLink();
}

/**
 * The line under the board: the move, who is to move or how it ended, the
 * captures and the opening's name.
 * @param {PositionFacts | undefined} facts
 * @returns {string}
 */
function statusText(facts) {
  const ply = AnalysisTree.path(board.current).length;
  const parts = [ply === 0 ? t('analysis-board.start') : t('analysis-board.after-move', { n: ply })];
  if (facts?.outcome) {
    const winner = facts.outcome.winner;
    const reason = t(`reason.${facts.outcome.reason}`);
    parts.push(winner ? t('analysis-board.won', { color: t(`color.${winner}`), reason }) : t('analysis-board.drawn', { reason }));
  } else if (facts) {
    parts.push(t('analysis-board.to-move', { color: t(`color.${facts.to_move}`) }));
  }
  if (facts && (facts.captures.black > 0 || facts.captures.white > 0)) {
    parts.push(t('analysis-board.captures', { black: facts.captures.black, white: facts.captures.white }));
  }
  if (facts?.opening_name) parts.push(facts.opening_name);
  return parts.join(' · ');
}

/** Asks the server for the facts of the position shown, once per position. */
async function loadFacts() {
  const request = positionOf(board.current);
  const key = JSON.stringify(request);
  if (factsCache.has(key)) return;
  try {
    const facts = await fetchPositionFacts(request);
    if (factsCache.size > 500) factsCache.delete(/** @type {string} */ (factsCache.keys().next().value));
    factsCache.set(key, facts);
    if (key === JSON.stringify(positionOf(board.current))) render();
  } catch (error) {
    if (key !== JSON.stringify(positionOf(board.current))) return;
    // A move the rules refuse leaves the tree: the board goes back to where
    // it was legal, and says why.
    if (error instanceof ApiError && REFUSED_MOVES.has(error.code) && board.current.parent) {
      show(board.tree.remove(board.current));
    }
    showPageError(describeError(error));
  }
}

/**
 * Shows `node`: the board, the list, the facts, the engine.
 * @param {TreeNode} node
 */
function show(node) {
  board.current = node;
  showPageError(null);
  render();
  loadFacts();
  engine.positionChanged();
}

/**
 * A point was chosen on the board: a move from the position shown, or a
 * set-up stone.
 * @param {string} point
 */
function choosePoint(point) {
  if (board.mode === 'setup') {
    editSetup(point);
    return;
  }
  if (stonesOf(board.current).some((stone) => stone.point === point)) return;
  play(point);
}

/**
 * Plays `move` from the position shown (into the child that has it already,
 * or a new branch).
 * @param {string} move
 */
function play(move) {
  if (currentFacts()?.outcome) {
    showPageError(t('analysis-board.over'));
    return;
  }
  show(board.tree.play(board.current, move));
}

/**
 * Puts, changes or removes a set-up stone; the moves go, after a confirm,
 * because they were played from the old set-up.
 * @param {string} point
 */
function editSetup(point) {
  if (board.tree.root.children.length > 0 && !window.confirm(t('analysis-board.confirm-setup'))) return;
  board.tree.clear();
  const color = /** @type {HTMLInputElement} */ (document.querySelector('input[name="setup-color"]:checked')).value;
  const had = board.setup.black.includes(point) ? 'black' : board.setup.white.includes(point) ? 'white' : null;
  board.setup.black = board.setup.black.filter((at) => at !== point);
  board.setup.white = board.setup.white.filter((at) => at !== point);
  if ((color === 'black' || color === 'white') && had !== color) board.setup[color].push(point);
  show(board.tree.root);
}

/**
 * Starts afresh on `game`, `size` and `keryo`, after a confirm when there is
 * something to lose. Answers whether it did.
 * @param {string} game
 * @param {number | null} size
 * @param {boolean} keryo
 * @returns {boolean}
 */
function newBoard(game, size, keryo) {
  const something = board.tree.root.children.length > 0 || board.setup.black.length + board.setup.white.length > 0;
  if (something && !window.confirm(t('analysis-board.confirm-new'))) return false;
  board.game = game;
  board.size = size;
  board.keryo = keryo && game === 'pente';
  board.setup = { black: [], white: [], toMove: null };
  board.tree = new AnalysisTree();
  board.recordFacts = {};
  view.recordFacts.hidden = true;
  fillSettings();
  show(board.tree.root);
  return true;
}

/** Sets the game, size and Keryo controls to the board's. */
function fillSettings() {
  view.gameSelect.replaceChildren(
    ...CATALOG.games.map((entry) => new Option(t(`game.${entry.game}`), entry.game)),
  );
  view.gameSelect.value = board.game;
  const sizes = CATALOG.games.find((entry) => entry.game === board.game)?.sizes ?? [15];
  const all = sizes.includes(boardSize()) ? sizes : [...sizes, boardSize()];
  view.sizeSelect.replaceChildren(...all.map((size) => new Option(`${size}×${size}`, String(size))));
  view.sizeSelect.value = String(boardSize());
  view.keryoField.hidden = board.game !== 'pente';
  view.keryo.checked = board.keryo;
  view.setupToMove.value = board.setup.toMove ?? '';
}

/** Writes the link into the address bar, the share field and the pictures. */
function writeLink() {
  const fragment = linkText({
    game: board.game,
    size: board.size,
    keryo: board.keryo,
    setup: board.setup,
    tree: board.tree,
    cursor: AnalysisTree.path(board.current).map((node) => String(node.move)),
  });
  history.replaceState(null, '', `#${fragment}`);
  view.share.value = window.location.href;
  const position = positionOf(board.current);
  const query = new URLSearchParams({ game: board.game, size: String(boardSize()) });
  if (board.keryo) query.set('keryo', '1');
  if (position.setup) {
    if (position.setup.black?.length) query.set('black', position.setup.black.join(','));
    if (position.setup.white?.length) query.set('white', position.setup.white.join(','));
    query.set('to_move', firstToMove());
  }
  const moves = position.moves ?? [];
  if (moves.length > 0) query.set('moves', moves.join(','));
  const still = new URLSearchParams(query);
  if (view.numbers.checked) still.set('numbers', '1');
  view.png.href = `/diagram.png?${still}`;
  view.svg.href = `/diagram.svg?${still}`;
  const animated = new URLSearchParams(query);
  animated.set('delay', view.gifDelay.value);
  view.gif.href = `/diagram.gif?${animated}`;
}

/**
 * Shows a sentence above the page, or hides it.
 * @param {string | null} text
 */
function showPageError(text) {
  view.pageError.hidden = !text;
  view.pageError.textContent = text ?? '';
}

/**
 * Reads a record file and opens its first game (or lets the reader pick).
 * @param {Blob | string} file
 */
async function readRecord(file) {
  view.fileStatus.textContent = t('analysis-board.reading');
  try {
    const answer = await importRecord(file, null);
    importedGames = answer.games;
    view.gamePick.replaceChildren(
      ...answer.games.map((game, index) => new Option(gameLabel(game, index), String(index))),
    );
    view.gamePickField.hidden = answer.games.length < 2;
    const shown = answer.games.length < answer.games_in_file ? t('analysis-board.first-games', { n: answer.games.length }) : '';
    view.fileStatus.textContent = `${t('analysis-board.read-games', { n: answer.games_in_file, format: answer.format })} ${shown}`.trim();
    openRecord(answer.games[0]);
  } catch (error) {
    // A broken file's place (`sgf: move 2: h8 is occupied`) is the server's.
    const where = error instanceof ApiError && error.code === 'bad-record' ? ` ${error.message}` : '';
    view.fileStatus.textContent = describeError(error) + where;
  }
}

/**
 * The name of a game of a file in the picker.
 * @param {RecordView} game
 * @param {number} index
 * @returns {string}
 */
function gameLabel(game, index) {
  const players = [game.black, game.white].filter(Boolean).join(' – ');
  return [`${index + 1}.`, players, game.event, game.date].filter(Boolean).join(' ');
}

/**
 * Opens a game read from a file, at its root.
 * @param {RecordView} record
 */
function openRecord(record) {
  board.game = record.game;
  board.size = record.size;
  board.keryo = record.keryo;
  board.setup = { black: [], white: [], toMove: null };
  board.tree = AnalysisTree.fromNodes(record.nodes);
  board.recordFacts = record;
  const facts = [
    [record.black, record.white].filter(Boolean).join(' – '),
    record.event,
    record.date,
    record.opening_name,
    record.result ? t('analysis-board.result', { result: record.result }) : null,
  ].filter(Boolean);
  view.recordFacts.hidden = facts.length === 0;
  view.recordFacts.textContent = facts.join(' · ');
  fillSettings();
  show(board.tree.root);
}

/**
 * Writes the tree as a record file and hands it to the browser to save.
 * @param {'lib' | 'sgf'} format
 */
async function download(format) {
  if (board.setup.black.length + board.setup.white.length > 0) {
    view.fileStatus.textContent = t('analysis-board.no-export-setup');
    return;
  }
  const facts = board.recordFacts;
  /** @type {RecordView} */
  const record = {
    game: board.game,
    size: boardSize(),
    keryo: board.keryo,
    black: facts.black ?? null,
    white: facts.white ?? null,
    event: facts.event ?? null,
    date: facts.date ?? null,
    result: facts.result ?? null,
    opening_name: facts.opening_name ?? null,
    nodes: board.tree.toNodes(),
  };
  try {
    const file = await exportRecord(record, format);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = `narabe-analysis.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    view.fileStatus.textContent = t('analysis-board.exported', { format: format.toUpperCase() });
  } catch (error) {
    view.fileStatus.textContent = describeError(error);
  }
}

/**
 * Keyboard navigation: ← and → along the line, ↑ and ↓ among the
 * variations, Home and End to the start and the end of the line. Keys typed
 * into a field or on the board's points (which move the focus) are theirs.
 * @param {KeyboardEvent} event
 */
function navigate(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.closest('input, textarea, select, .board') || event.altKey || event.ctrlKey || event.metaKey) return;
  const node = board.current;
  const siblings = node.parent?.children ?? [node];
  const index = siblings.indexOf(node);
  /** @type {Record<string, TreeNode | undefined>} */
  const next = {
    ArrowLeft: node.parent ?? undefined,
    ArrowRight: node.children[0],
    ArrowUp: siblings[index - 1],
    ArrowDown: siblings[index + 1],
    Home: board.tree.root,
    End: AnalysisTree.lineEnd(node),
  };
  if (!(event.key in next)) return;
  event.preventDefault();
  const to = next[event.key];
  if (to && to !== node) show(to);
}

/** Sets the aria-labels of the page's icon controls in the current language. */
function labelControls() {
  for (const element of document.querySelectorAll('[data-t-label]')) {
    element.setAttribute('aria-label', t(element.getAttribute('data-t-label') ?? ''));
    element.setAttribute('title', t(element.getAttribute('data-t-label') ?? ''));
  }
}

const engine = new EnginePanel(byId('engine-panel'), {
  position: () => (currentFacts()?.outcome ? null : positionOf(board.current)),
  onMarks: () => render(),
  onPlayLine: (moves) => {
    let at = board.current;
    for (const move of moves) at = board.tree.play(at, move);
    show(at);
  },
});

/** Connects the controls. */
function bind() {
  byId('nav-first').addEventListener('click', () => show(board.tree.root));
  byId('nav-prev').addEventListener('click', () => show(board.current.parent ?? board.current));
  byId('nav-next').addEventListener('click', () => show(board.current.children[0] ?? board.current));
  byId('nav-last').addEventListener('click', () => show(AnalysisTree.lineEnd(board.current)));
  byId('pass').addEventListener('click', () => play('pass'));
  byId('promote').addEventListener('click', () => {
    board.tree.promote(board.current);
    render();
  });
  byId('delete-node').addEventListener('click', () => {
    if (board.current.parent) show(board.tree.remove(board.current));
  });
  byId('new-board').addEventListener('click', () => newBoard(board.game, board.size, board.keryo));
  view.gameSelect.addEventListener('change', () => {
    if (!newBoard(view.gameSelect.value, null, false)) fillSettings();
  });
  view.sizeSelect.addEventListener('change', () => {
    if (!newBoard(board.game, Number(view.sizeSelect.value), board.keryo)) fillSettings();
  });
  view.keryo.addEventListener('change', () => {
    if (!newBoard(board.game, board.size, view.keryo.checked)) fillSettings();
  });
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => {
      board.mode = /** @type {HTMLInputElement} */ (radio).value === 'setup' ? 'setup' : 'play';
      view.setupTools.hidden = board.mode !== 'setup';
      if (board.mode === 'setup' && board.current !== board.tree.root) show(board.tree.root);
    });
  }
  view.setupToMove.addEventListener('change', () => {
    if (board.tree.root.children.length > 0 && !window.confirm(t('analysis-board.confirm-setup'))) {
      view.setupToMove.value = board.setup.toMove ?? '';
      return;
    }
    board.tree.clear();
    const value = view.setupToMove.value;
    board.setup.toMove = value === 'black' || value === 'white' ? value : null;
    show(board.tree.root);
  });
  view.numbers.addEventListener('change', () => render());
  view.gifDelay.addEventListener('change', () => writeLink());
  view.title.addEventListener('input', () => {
    board.current.title = view.title.value;
    renderMoves(view.moveTree, board.tree.root, board.current, show);
    writeLink();
  });
  view.comment.addEventListener('input', () => {
    board.current.comment = view.comment.value;
    renderMoves(view.moveTree, board.tree.root, board.current, show);
    writeLink();
  });
  view.fileInput.addEventListener('change', () => {
    const file = view.fileInput.files?.[0];
    if (file) readRecord(file);
    view.fileInput.value = '';
  });
  byId('paste-read').addEventListener('click', () => {
    if (view.pasteText.value.trim()) readRecord(view.pasteText.value);
  });
  view.gamePick.addEventListener('change', () => {
    const game = importedGames[Number(view.gamePick.value)];
    if (game) openRecord(game);
  });
  for (const button of document.querySelectorAll('[data-export]')) {
    const format = /** @type {'lib' | 'sgf'} */ (/** @type {HTMLElement} */ (button).dataset.export);
    button.addEventListener('click', () => download(format));
  }
  view.dropZone.addEventListener('dragover', (event) => {
    event.preventDefault();
    view.dropZone.classList.add('dropping');
  });
  view.dropZone.addEventListener('dragleave', () => view.dropZone.classList.remove('dropping'));
  view.dropZone.addEventListener('drop', (event) => {
    event.preventDefault();
    view.dropZone.classList.remove('dropping');
    const file = event.dataTransfer?.files[0];
    if (file) readRecord(file);
  });
  document.addEventListener('keydown', navigate);
  bindShareButtons(document);
  bindLanguageSelect(/** @type {HTMLSelectElement} */ (byId('language')), () => {
    applyStrings();
    labelControls();
    labelShareButtons(document);
    fillSettings();
    render();
  });
}

/**
 * Opens the board the address's link holds (the page's own, or one pasted
 * into the address bar later); a damaged link says so and opens an empty
 * board.
 */
function openLink() {
  const link = readLink(window.location.hash);
  board.setup = { black: [], white: [], toMove: null };
  board.recordFacts = {};
  view.recordFacts.hidden = true;
  if (link) {
    board.game = link.game;
    board.size = link.size;
    board.keryo = link.keryo;
    board.setup = link.setup;
    board.tree = link.tree;
    board.current = link.tree.find(link.cursor);
  } else {
    board.tree = new AnalysisTree();
    board.current = board.tree.root;
  }
  fillSettings();
  show(board.current);
  if (!link && window.location.hash.length > 1) showPageError(t('analysis-board.bad-link'));
}

applyStrings();
labelControls();
bind();
window.addEventListener('hashchange', openLink);
openLink();
