//! The move tree of a record: variations from the empty board.

use narabe_rules::{Action, Move};

use crate::Node;

/// The index of a node in its [`GameTree`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root of every tree: the empty board.
    pub const ROOT: NodeId = NodeId(0);

    /// The position of the node in the tree's arena.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A tree of actions from the empty board: the root, then each node's children
/// with the main continuation first.
///
/// Two children of one node never hold the same action: adding one again
/// returns the existing child, as RenLib merges a game into a library.
///
/// ```
/// use narabe_records::{GameTree, NodeId};
/// use narabe_rules::Action;
/// let mut tree = GameTree::new();
/// let h8 = tree.add(NodeId::ROOT, Action::Place("h8".parse()?));
/// let h9 = tree.add(h8, Action::Place("h9".parse()?));
/// let i9 = tree.add(h8, Action::Place("i9".parse()?));
/// assert_eq!(tree.add(h8, Action::Place("h9".parse()?)), h9);
/// assert_eq!(tree.node(h8).children(), &[h9, i9]);
/// assert_eq!(tree.main_line().len(), 2);
/// assert_eq!(tree.move_number(i9), 2);
/// # Ok::<(), narabe_rules::ParsePointError>(())
/// ```
#[derive(Debug, Clone)]
pub struct GameTree {
    nodes: Vec<Node>,
    parents: Vec<NodeId>,
}

/// Two trees are equal when they hold the same nodes in the same shape,
/// whatever order the nodes were added in.
impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        let mut pairs = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((mine, theirs)) = pairs.pop() {
            let (a, b) = (self.node(mine), other.node(theirs));
            let same = a.action == b.action
                && a.children.len() == b.children.len()
                && a.comment == b.comment
                && a.title == b.title
                && a.marked == b.marked
                && a.start == b.start
                && a.labels == b.labels
                && a.marks == b.marks
                && a.time_ms == b.time_ms;
            if !same {
                return false;
            }
            pairs.extend(a.children.iter().copied().zip(b.children.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree holding only the root.
    #[must_use]
    pub fn new() -> GameTree {
        GameTree {
            nodes: vec![Node::default()],
            parents: vec![NodeId::ROOT],
        }
    }

    /// A tree of one line of actions from the root.
    #[must_use]
    pub fn from_actions(actions: &[Action]) -> GameTree {
        let mut tree = GameTree::new();
        let mut at = NodeId::ROOT;
        for &action in actions {
            at = tree.add(at, action);
        }
        tree
    }

    /// The node `id`.
    ///
    /// # Panics
    ///
    /// When `id` does not belong to this tree.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The node `id`, to annotate it.
    ///
    /// # Panics
    ///
    /// When `id` does not belong to this tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// The root: the empty board.
    #[must_use]
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The parent of `id`; the root is its own parent.
    #[must_use]
    pub fn parent(&self, id: NodeId) -> NodeId {
        self.parents[id.index()]
    }

    /// The number of nodes, the root included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only its root.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Adds `action` as the last child of `parent`, or returns the child that
    /// already holds it.
    ///
    /// # Panics
    ///
    /// When `parent` does not belong to this tree.
    pub fn add(&mut self, parent: NodeId, action: Action) -> NodeId {
        if let Some(&existing) = self.nodes[parent.index()]
            .children
            .iter()
            .find(|&&child| self.nodes[child.index()].action == Some(action))
        {
            return existing;
        }
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(Node {
            action: Some(action),
            ..Node::default()
        });
        self.parents.push(parent);
        self.nodes[parent.index()].children.push(id);
        id
    }

    /// Adds `action` with the annotations of `node` under `parent`, merging
    /// them into an existing child with the same action.
    pub(crate) fn add_annotated(&mut self, parent: NodeId, action: Action, node: Node) -> NodeId {
        let id = self.add(parent, action);
        // `absorb` takes annotations only: the child keeps its own children.
        self.nodes[id.index()].absorb(node);
        id
    }

    /// The nodes of the main line after the root: each node's first child.
    #[must_use]
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = NodeId::ROOT;
        while let Some(&first) = self.node(at).children.first() {
            line.push(first);
            at = first;
        }
        line
    }

    /// The actions of the main line.
    #[must_use]
    pub fn main_line_actions(&self) -> Vec<Action> {
        self.main_line()
            .into_iter()
            .filter_map(|id| self.node(id).action)
            .collect()
    }

    /// The nodes from the root's child down to `id` (empty for the root).
    #[must_use]
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while at != NodeId::ROOT {
            path.push(at);
            at = self.parent(at);
        }
        path.reverse();
        path
    }

    /// The number of board moves (stones and passes) from the root to `id`,
    /// `id` included: a node's move number when it is a move.
    #[must_use]
    pub fn move_number(&self, id: NodeId) -> usize {
        self.path_to(id)
            .into_iter()
            .filter(|&node| board_move(self.node(node).action).is_some())
            .count()
    }

    /// Every node id in depth-first order, the main continuation first, the
    /// root first of all: the order in which files list their nodes.
    #[must_use]
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![NodeId::ROOT];
        while let Some(id) = stack.pop() {
            order.push(id);
            stack.extend(self.node(id).children.iter().rev());
        }
        order
    }

    /// A copy of the tree keeping only its board moves: stones (a `choose`
    /// becomes its stone) and passes. The other actions vanish and their
    /// children move up to the nearest move above them; what they carried is
    /// merged into the move they lead to. This is what a format without
    /// opening steps can hold.
    #[must_use]
    pub fn board_moves_only(&self) -> GameTree {
        let mut projected = GameTree::new();
        *projected.node_mut(NodeId::ROOT) = Node {
            children: Vec::new(),
            ..self.root().clone()
        };
        // (node in self, its nearest kept ancestor in `projected`)
        let mut stack: Vec<(NodeId, NodeId)> = self
            .root()
            .children
            .iter()
            .rev()
            .map(|&child| (child, NodeId::ROOT))
            .collect();
        while let Some((id, parent)) = stack.pop() {
            let node = self.node(id);
            let target = match board_move(node.action) {
                Some(mv) => projected.add_annotated(
                    parent,
                    move_action(mv),
                    Node {
                        children: Vec::new(),
                        ..node.clone()
                    },
                ),
                None => parent,
            };
            stack.extend(node.children.iter().rev().map(|&child| (child, target)));
        }
        projected
    }
}

/// The board move an action makes: a stone (`place`, `choose`) or a pass.
#[must_use]
pub fn board_move(action: Option<Action>) -> Option<Move> {
    match action? {
        Action::Place(point) | Action::Choose(point) => Some(Move::Place(point)),
        Action::Pass => Some(Move::Pass),
        _ => None,
    }
}

/// The action that plays a board move.
#[must_use]
pub const fn move_action(mv: Move) -> Action {
    match mv {
        Move::Place(point) => Action::Place(point),
        Move::Pass => Action::Pass,
    }
}

impl GameTree {
    /// Adds every line of `other` to this tree, merging moves both hold (their
    /// annotations too), as RenLib adds a game to a library.
    pub fn merge(&mut self, other: &GameTree) {
        self.node_mut(NodeId::ROOT).absorb(Node {
            children: Vec::new(),
            ..other.root().clone()
        });
        let mut stack: Vec<(NodeId, NodeId)> = other
            .root()
            .children
            .iter()
            .rev()
            .map(|&child| (child, NodeId::ROOT))
            .collect();
        while let Some((id, parent)) = stack.pop() {
            let node = other.node(id);
            let Some(action) = node.action else {
                continue;
            };
            let target = self.add_annotated(
                parent,
                action,
                Node {
                    children: Vec::new(),
                    ..node.clone()
                },
            );
            stack.extend(node.children.iter().rev().map(|&child| (child, target)));
        }
    }
}
