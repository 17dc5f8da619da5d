/**
 * The analysis board's variation tree: moves from the starting position,
 * each node with its children (the main continuation first), a comment and
 * a one-line title. Two children of one node never hold the same move:
 * playing a move that is there already walks into it. The tree converts to
 * and from the flat `RecordView` of `POST /api/records/import` and `…/export`
 * (docs/api.md), and to and from the compact text the analysis link carries
 * (`h8.h9(i9.j10).k11`, docs/web-client.md).
 * @module analysis_tree
 */

/** @typedef {import('./wire').RecordView} RecordView */
/** @typedef {import('./wire').TreeNodeView} TreeNodeView */

/**
 * One node: the move that leads to it (null for the root), what is said
 * about it, its parent and children.
 * @typedef {object} TreeNode
 * @property {number} id  unique within the tree, never reused
 * @property {string | null} move  a point (`h8`) or `pass`; null for the root
 * @property {TreeNode | null} parent
 * @property {TreeNode[]} children  the main continuation first
 * @property {string} comment
 * @property {string} title
 */

/** The tree of one analysis. */
export class AnalysisTree {
  constructor() {
    /** @private */ this.nextId = 1;
    /** The starting position (the set-up, or the empty board). @type {TreeNode} */
    this.root = { id: 0, move: null, parent: null, children: [], comment: '', title: '' };
  }

  /**
   * The child of `parent` that plays `move`, added last when it is new.
   * @param {TreeNode} parent
   * @param {string} move
   * @returns {TreeNode}
   */
  play(parent, move) {
    const existing = parent.children.find((child) => child.move === move);
    if (existing) return existing;
    /** @type {TreeNode} */
    const node = { id: this.nextId++, move, parent, children: [], comment: '', title: '' };
    parent.children.push(node);
    return node;
  }

  /**
   * Makes `node`'s line the main one at every branching above it, as
   * "promote variation" does in other analysis boards.
   * @param {TreeNode} node
   */
  promote(node) {
    for (let at = node; at.parent; at = at.parent) {
      const siblings = at.parent.children;
      siblings.splice(siblings.indexOf(at), 1);
      siblings.unshift(at);
    }
  }

  /**
   * Removes `node` and everything after it; answers the node to show then
   * (its parent). The root cannot go.
   * @param {TreeNode} node
   * @returns {TreeNode}
   */
  remove(node) {
    const parent = node.parent;
    if (!parent) return node;
    parent.children.splice(parent.children.indexOf(node), 1);
    return parent;
  }

  /** Forgets every move, keeping the root's comment. */
  clear() {
    this.root.children = [];
  }

  /**
   * The nodes from the root's first move down to `node` (empty for the root).
   * @param {TreeNode} node
   * @returns {TreeNode[]}
   */
  static path(node) {
    const path = [];
    for (let at = node; at.parent; at = at.parent) path.push(at);
    return path.reverse();
  }

  /**
   * The last node of the main line below `node`.
   * @param {TreeNode} node
   * @returns {TreeNode}
   */
  static lineEnd(node) {
    let at = node;
    while (at.children.length > 0) at = at.children[0];
    return at;
  }

  /**
   * The node the moves `moves` lead to from the root, or the deepest one
   * that exists.
   * @param {string[]} moves
   * @returns {TreeNode}
   */
  find(moves) {
    let at = this.root;
    for (const move of moves) {
      const next = at.children.find((child) => child.move === move);
      if (!next) break;
      at = next;
    }
    return at;
  }

  /**
   * The number of nodes, the root included.
   * @returns {number}
   */
  size() {
    let count = 0;
    const stack = [this.root];
    while (stack.length > 0) {
      const node = /** @type {TreeNode} */ (stack.pop());
      count += 1;
      stack.push(...node.children);
    }
    return count;
  }

  /**
   * The tree of a record's flat nodes (`RecordView.nodes`).
   * @param {TreeNodeView[]} nodes
   * @returns {AnalysisTree}
   */
  static fromNodes(nodes) {
    const tree = new AnalysisTree();
    tree.root.comment = nodes[0]?.comment ?? '';
    tree.root.title = nodes[0]?.title ?? '';
    /** @type {TreeNode[]} */
    const made = [tree.root];
    for (const view of nodes.slice(1)) {
      const parent = made[view.parent ?? 0] ?? tree.root;
      const node = tree.play(parent, view.move ?? 'pass');
      node.comment = view.comment;
      node.title = view.title;
      made.push(node);
    }
    return tree;
  }

  /**
   * The flat nodes of the tree, the root first and every node after its
   * parent.
   * @returns {TreeNodeView[]}
   */
  toNodes() {
    /** @type {TreeNodeView[]} */
    const nodes = [];
    /** @type {[TreeNode, number | null][]} */
    const stack = [[this.root, null]];
    while (stack.length > 0) {
      const [node, parent] = /** @type {[TreeNode, number | null]} */ (stack.pop());
      const index = nodes.length;
      nodes.push({ parent, move: node.move, comment: node.comment, title: node.title });
      for (const child of [...node.children].reverse()) stack.push([child, index]);
    }
    return nodes;
  }

  /**
   * The compact text of the tree for a link: moves joined by `.`, each
   * alternative to a move in parentheses after it, `-` for a pass, and a
   * node's comment and title as `~comment*title~` (percent-encoded) after its
   * move (the root's first of all).
   * @returns {string}
   */
  toText() {
    return annotation(this.root) + sequenceText(this.root);
  }

  /**
   * The tree of a link's text; null when the text is not one.
   * @param {string} text
   * @returns {AnalysisTree | null}
   */
  static fromText(text) {
    const tree = new AnalysisTree();
    const reader = new TextReader(text);
    try {
      reader.annotate(tree.root);
      reader.sequence(tree, tree.root);
      if (!reader.done()) return null;
    } catch {
      return null;
    }
    return tree;
  }
}

/**
 * Text for a link: `encodeURIComponent` that also escapes the characters the
 * tree text uses itself.
 * @param {string} text
 * @returns {string}
 */
function escapeText(text) {
  return encodeURIComponent(text).replace(/[~*()!'.-]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The `~comment*title~` of a node, or nothing.
 * @param {TreeNode} node
 * @returns {string}
 */
function annotation(node) {
  if (!node.comment && !node.title) return '';
  return `~${escapeText(node.comment)}${node.title ? `*${escapeText(node.title)}` : ''}~`;
}

/**
 * The text of the continuations of `node`: its first child with the others
 * in parentheses, then the first child's own continuations.
 * @param {TreeNode} node
 * @returns {string}
 */
function sequenceText(node) {
  let text = '';
  let at = node;
  while (at.children.length > 0) {
    const [first, ...others] = at.children;
    if (text) text += '.';
    text += moveText(first);
    for (const other of others) text += `(${moveText(other)}${continuation(other)})`;
    at = first;
  }
  return text;
}

/**
 * `.` and the continuations of `node`, or nothing when it has none.
 * @param {TreeNode} node
 * @returns {string}
 */
function continuation(node) {
  const rest = sequenceText(node);
  return rest ? `.${rest}` : '';
}

/**
 * A node's move and annotation.
 * @param {TreeNode} node
 * @returns {string}
 */
function moveText(node) {
  return (node.move === 'pass' ? '-' : String(node.move)) + annotation(node);
}

/** Reads the compact text; throws on anything else. */
class TextReader {
  /** @param {string} text */
  constructor(text) {
    /** @private */ this.text = text;
    /** @private */ this.at = 0;
  }

  /** @returns {boolean} */
  done() {
    return this.at === this.text.length;
  }

  /** @private @returns {string} */
  peek() {
    return this.text[this.at] ?? '';
  }

  /**
   * A sequence of moves from `parent`: `item ('.' item)*`, where an item is a
   * move, its annotation and its alternatives.
   * @param {AnalysisTree} tree
   * @param {import('./analysis_tree.js').TreeNode} parent
   */
  sequence(tree, parent) {
    if (this.done() || this.peek() === ')') return;
    let at = parent;
    for (;;) {
      const node = this.move(tree, at);
      while (this.peek() === '(') {
        this.at += 1;
        const variation = this.move(tree, at);
        if (this.peek() === '.') {
          this.at += 1;
          this.sequence(tree, variation);
        }
        if (this.peek() !== ')') throw new Error('unclosed variation');
        this.at += 1;
      }
      at = node;
      if (this.peek() !== '.') return;
      this.at += 1;
    }
  }

  /**
   * One move with its annotation, played from `parent`.
   * @param {AnalysisTree} tree
   * @param {TreeNode} parent
   * @returns {TreeNode}
   */
  move(tree, parent) {
    const match = /^(-|[a-z]\d{1,2})/.exec(this.text.slice(this.at));
    if (!match) throw new Error('not a move');
    this.at += match[0].length;
    const node = tree.play(parent, match[0] === '-' ? 'pass' : match[0]);
    this.annotate(node);
    return node;
  }

  /**
   * Reads `~comment*title~` into `node` when it comes next.
   * @param {TreeNode} node
   */
  annotate(node) {
    if (this.peek() !== '~') return;
    const end = this.text.indexOf('~', this.at + 1);
    if (end < 0) throw new Error('unclosed comment');
    const [comment, title = ''] = this.text.slice(this.at + 1, end).split('*');
    node.comment = decodeURIComponent(comment);
    node.title = decodeURIComponent(title);
    this.at = end + 1;
  }
}
