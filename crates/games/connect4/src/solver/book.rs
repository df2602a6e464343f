//! An opening book: for every position with a given number of stones (a *layer*), its exact
//! score, or only its outcome (win, draw or loss), built by this solver
//! ([`super::book_build`], `ply solve connect4-book`). A search that reaches a position of a
//! layer's depth takes the stored value instead of searching below it: an exact score ends
//! the search there; an outcome ends every search that only asks who wins (the weak solves
//! `perfect` plays by) and narrows the others.
//!
//! File format (little-endian), crates/games/connect4/README.md, "Opening books": one or more
//! layers back to back, each
//!
//! ```text
//!   bytes 0..8    magic "PLYC4BK1" (exact scores) or "PLYC4BO1" (outcomes only)
//!   byte  8       width      byte 9   height      byte 10  k      byte 11  depth (stones)
//!   bytes 12..16  n, the number of entries (u32)
//!   then n × 8 bytes, one u64 per position, in increasing order:
//!     bits 63..8  the position's key: the smaller of the key of the position and of its
//!                 mirror image, key = mover's stones + all stones (bit layout in
//!                 `position.rs`), so every position is stored once for it and its mirror
//!     bits  7..0  its exact score for the player to move, plus 128 (in an outcome layer
//!                 the score's sign: 127 a loss, 128 a draw, 129 a win)
//! ```
//!
//! Every position with `depth` stones, no line on the board, and at least one empty cell
//! is in its layer (those where the mover wins at once too), so a lookup that misses on a
//! position of that depth means the book is not this board's. The layers of one book are
//! for one board and have different depths.

use std::sync::{Arc, OnceLock};

use crate::bits::Bits;
use crate::position::{Position, Shape};

/// The books ply ships, for 7x6, built by `ply solve connect4-book` (how long they took and
/// what they cover: crates/games/connect4/README.md, "Opening books"): the exact score of
/// every position with 6 stones, with 8 and with 10.
const BUNDLED_7X6_LAYERS: [&[u8]; 3] = [
    include_bytes!("../../data/book/7x6-depth6.book"),
    include_bytes!("../../data/book/7x6-depth8.book"),
    include_bytes!("../../data/book/7x6-depth10.book"),
];

const MAGIC_EXACT: &[u8; 8] = b"PLYC4BK1";
const MAGIC_OUTCOMES: &[u8; 8] = b"PLYC4BO1";
const HEADER: usize = 16;

/// A book that cannot be read. Each message names the rule the bytes break.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error(
        "not a ply Connect Four book: a layer does not start with \"PLYC4BK1\" or \"PLYC4BO1\""
    )]
    Magic,
    #[error("the book is cut short: {len} bytes, {expected} expected from its header")]
    Truncated { len: usize, expected: usize },
    #[error("the book's board {width}x{height}, {k} in a row, has no book form: keys of at most 56 bits")]
    Shape { width: u8, height: u8, k: u8 },
    #[error("the book's depth {depth} is not below its {cells} cells")]
    Depth { depth: u8, cells: u32 },
    #[error("entry {index} of the book is out of order (entries must rise strictly)")]
    Order { index: usize },
    #[error(
        "entry {index} of an outcome layer (byte {offset}) holds {score}, not a win (1), draw \
         (0) or loss (-1)"
    )]
    Outcome {
        index: usize,
        offset: usize,
        score: i32,
    },
    #[error(
        "entry {index} of the layer of depth {depth} (byte {offset}) holds the score {score}, \
         but a position of {depth} stones scores from {min} to {max}"
    )]
    Score {
        index: usize,
        offset: usize,
        depth: u32,
        score: i32,
        min: i32,
        max: i32,
    },
    #[error("the book's layers are for different boards ({first} and {other}): one book is for one board")]
    Boards { first: String, other: String },
    #[error("the book has two layers of depth {depth}: each depth is one layer")]
    TwoLayers { depth: u32 },
}

/// What a book knows of a position, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookValue {
    /// The exact score.
    Exact(i32),
    /// Only the outcome: 1 a win, 0 a draw, −1 a loss.
    Outcome(i32),
}

/// Every position of one depth with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layer {
    depth: u32,
    /// Only outcomes (−1, 0, 1), not exact scores.
    outcomes: bool,
    entries: Vec<u64>,
}

impl Layer {
    fn from_values(
        depth: u32,
        outcomes: bool,
        values: impl IntoIterator<Item = (u64, i32)>,
    ) -> Self {
        let mut entries: Vec<u64> = values
            .into_iter()
            .map(|(key, score)| {
                let score = if outcomes { score.signum() } else { score };
                key << 8 | u64::from((score + 128) as u8)
            })
            .collect();
        entries.sort_unstable();
        entries.dedup_by_key(|e| *e >> 8);
        Layer {
            depth,
            outcomes,
            entries,
        }
    }

    #[inline]
    fn find(&self, key: u64) -> Option<i32> {
        let at = self.entries.partition_point(|e| e >> 8 < key);
        let e = *self.entries.get(at)?;
        (e >> 8 == key).then(|| i32::from(e as u8) - 128)
    }
}

/// An opening book in memory (see the module's introduction for what it holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    width: u32,
    height: u32,
    k: u32,
    /// By increasing depth, no two of one depth.
    layers: Vec<Layer>,
    /// Bit d set when a layer has depth d (depths are below 56).
    depths: u64,
}

impl Book {
    /// The book that ships with ply, for the standard 7x6 board with four in a row (a
    /// solver given it for another board ignores it): exact scores at 6, 8 and 10 stones.
    /// Read once, then shared.
    pub fn bundled() -> Arc<Book> {
        static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
        BOOK.get_or_init(|| {
            // A test reads the same bytes, so a damaged file fails the tests, not a user.
            let read = |bytes| Book::from_bytes(bytes).expect("the bundled books are well formed");
            let mut layers = BUNDLED_7X6_LAYERS.map(read).into_iter();
            let first = layers.next().expect("three layers");
            let book = layers
                .try_fold(first, Book::merged)
                .expect("the bundled layers are for one board, each at its own depth");
            Arc::new(book)
        })
        .clone()
    }

    fn of_layer(shape: &Shape<u64>, layer: Layer) -> Self {
        Book {
            width: shape.width(),
            height: shape.height(),
            k: shape.k(),
            depths: 1 << layer.depth,
            layers: vec![layer],
        }
    }

    /// A book of `shape`'s positions with `depth` stones and their exact scores, from
    /// `(key, score)` pairs in any order (keys as [`Book::key`] makes them; duplicates keep
    /// one). `depth` must be below the board's cells.
    pub fn from_scores(
        shape: &Shape<u64>,
        depth: u32,
        scores: impl IntoIterator<Item = (u64, i32)>,
    ) -> Self {
        Book::of_layer(shape, Layer::from_values(depth, false, scores))
    }

    /// Like [`Book::from_scores`], keeping only each score's sign: an outcome layer.
    pub fn from_outcomes(
        shape: &Shape<u64>,
        depth: u32,
        outcomes: impl IntoIterator<Item = (u64, i32)>,
    ) -> Self {
        Book::of_layer(shape, Layer::from_values(depth, true, outcomes))
    }

    /// The layers of `self` that a build of the layer at `depth` (of exact scores unless
    /// `outcomes`) may take values from, as a book (`None` if there are none): every layer
    /// deeper than `depth`, and for exact scores an outcome layer at `depth` too (it
    /// narrows each solve to its sign: a draw is then exact at once). Never the very values
    /// being built.
    pub fn helpers_for(&self, depth: u32, outcomes: bool) -> Option<Book> {
        let layers: Vec<Layer> = self
            .layers
            .iter()
            .filter(|layer| {
                layer.depth > depth || layer.depth == depth && layer.outcomes && !outcomes
            })
            .cloned()
            .collect();
        (!layers.is_empty()).then(|| Book {
            depths: layers.iter().fold(0, |bits, layer| bits | 1 << layer.depth),
            layers,
            ..*self
        })
    }

    /// One book of the layers of `self` and `other`: an error if they are for different
    /// boards or share a depth.
    pub fn merged(mut self, other: Book) -> Result<Book, BookError> {
        if self.shape() != other.shape() {
            let board = |(w, h, k): (usize, usize, usize)| format!("{w}x{h}, {k} in a row");
            return Err(BookError::Boards {
                first: board(self.shape()),
                other: board(other.shape()),
            });
        }
        for layer in other.layers {
            if self.depths >> layer.depth & 1 != 0 {
                return Err(BookError::TwoLayers { depth: layer.depth });
            }
            self.depths |= 1 << layer.depth;
            self.layers.push(layer);
        }
        self.layers.sort_by_key(|layer| layer.depth);
        Ok(self)
    }

    /// Reads a book file's bytes, checking each layer's header, length, order and values,
    /// and that the layers agree.
    pub fn from_bytes(mut bytes: &[u8]) -> Result<Self, BookError> {
        let mut book: Option<Book> = None;
        let mut at = 0;
        loop {
            let (layer, rest) = Book::layer_from_bytes(bytes, at)?;
            at += bytes.len() - rest.len();
            book = Some(match book {
                None => layer,
                Some(book) => book.merged(layer)?,
            });
            if rest.is_empty() {
                return Ok(book.expect("a layer was read"));
            }
            bytes = rest;
        }
    }

    /// The first layer of `bytes` as a book, and the bytes after it; `at` is where `bytes`
    /// start in the file, for messages.
    fn layer_from_bytes(bytes: &[u8], at: usize) -> Result<(Book, &[u8]), BookError> {
        if bytes.len() < HEADER {
            return Err(BookError::Magic);
        }
        let outcomes = match &bytes[..8] {
            magic if magic == MAGIC_EXACT => false,
            magic if magic == MAGIC_OUTCOMES => true,
            _ => return Err(BookError::Magic),
        };
        let (width, height, k, depth) = (bytes[8], bytes[9], bytes[10], bytes[11]);
        let n = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let expected = n.saturating_mul(8).saturating_add(HEADER);
        if bytes.len() < expected {
            return Err(BookError::Truncated {
                len: bytes.len(),
                expected,
            });
        }
        let fits =
            width >= 1 && height >= 1 && k >= 1 && u32::from(width) * (u32::from(height) + 1) <= 56;
        if !fits {
            return Err(BookError::Shape { width, height, k });
        }
        let cells = u32::from(width) * u32::from(height);
        if u32::from(depth) >= cells {
            return Err(BookError::Depth { depth, cells });
        }
        let entries: Vec<u64> = bytes[HEADER..expected]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        if let Some(index) = (1..entries.len()).find(|&i| entries[i] >> 8 <= entries[i - 1] >> 8) {
            return Err(BookError::Order { index });
        }
        // Every value is checked here, once: lookups trust them (a score of 127 would be
        // played as a win no position of the book can have).
        let score_of = |e: u64| i32::from(e as u8) - 128;
        let offset = |index: usize| at + HEADER + 8 * index;
        let (min, max) = if outcomes {
            (-1, 1)
        } else {
            let (cells, moves) = (cells as i32, i32::from(depth));
            (-(cells - moves) / 2, (cells + 1 - moves) / 2)
        };
        if let Some(index) = entries
            .iter()
            .position(|&e| !(min..=max).contains(&score_of(e)))
        {
            let score = score_of(entries[index]);
            return Err(if outcomes {
                BookError::Outcome {
                    index,
                    offset: offset(index),
                    score,
                }
            } else {
                BookError::Score {
                    index,
                    offset: offset(index),
                    depth: depth.into(),
                    score,
                    min,
                    max,
                }
            });
        }
        let shape = Shape::<u64>::new(width.into(), height.into(), k.into());
        let layer = Layer {
            depth: depth.into(),
            outcomes,
            entries,
        };
        Ok((Book::of_layer(&shape, layer), &bytes[expected..]))
    }

    /// The book's file form: its layers by increasing depth.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER * self.layers.len() + 8 * self.len());
        for layer in &self.layers {
            bytes.extend_from_slice(if layer.outcomes {
                MAGIC_OUTCOMES
            } else {
                MAGIC_EXACT
            });
            bytes.extend([self.width, self.height, self.k, layer.depth].map(|x| x as u8));
            bytes.extend((layer.entries.len() as u32).to_le_bytes());
            for e in &layer.entries {
                bytes.extend(e.to_le_bytes());
            }
        }
        bytes
    }

    /// Whether the book holds positions of a `width` x `height` board with lines of `k`.
    pub fn is_for(&self, width: usize, height: usize, k: usize) -> bool {
        (self.width as usize, self.height as usize, self.k as usize) == (width, height, k)
    }

    /// Board width, height and k.
    pub fn shape(&self) -> (usize, usize, usize) {
        (self.width as usize, self.height as usize, self.k as usize)
    }

    /// The stones of the deepest layer's positions: every position with no more stones
    /// has its outcome proven at once (its exact score too when the layers below are exact).
    pub fn depth(&self) -> u32 {
        self.layers.last().map_or(0, |layer| layer.depth)
    }

    /// Each layer's depth, whether it holds only outcomes, and its number of positions.
    pub fn layers(&self) -> impl Iterator<Item = (u32, bool, usize)> + '_ {
        self.layers
            .iter()
            .map(|layer| (layer.depth, layer.outcomes, layer.entries.len()))
    }

    /// Bit d set when a layer holds the positions with d stones.
    pub(crate) fn depth_bits(&self) -> u64 {
        self.depths
    }

    /// Whether a layer holds the positions with `stones` stones.
    #[inline]
    pub fn has_depth(&self, stones: u32) -> bool {
        self.depths
            .checked_shr(stones)
            .is_some_and(|bits| bits & 1 != 0)
    }

    /// The number of positions stored (one per mirror pair), in all layers.
    pub fn len(&self) -> usize {
        self.layers.iter().map(|layer| layer.entries.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The book key of `p`: the smaller of its key and its mirror image's.
    #[inline]
    pub fn key<B: Bits>(p: &Position<B>) -> u64 {
        p.key().min(p.mirrored_key()).fold64()
    }

    /// What the book holds for `p`, if a layer has its number of stones and holds it.
    #[inline]
    pub fn value<B: Bits>(&self, p: &Position<B>) -> Option<BookValue> {
        if !self.has_depth(p.moves()) {
            return None;
        }
        let layer = self.layers.iter().find(|layer| layer.depth == p.moves())?;
        let score = layer.find(Book::key(p))?;
        Some(if layer.outcomes {
            BookValue::Outcome(score)
        } else {
            BookValue::Exact(score)
        })
    }

    /// The exact score of `p` for the player to move, if an exact layer holds it.
    #[inline]
    pub fn score<B: Bits>(&self, p: &Position<B>) -> Option<i32> {
        match self.value(p)? {
            BookValue::Exact(score) => Some(score),
            BookValue::Outcome(_) => None,
        }
    }

    /// Every stored key with its score (a sign in outcome layers), layer by layer, each in
    /// key order.
    pub fn scores(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.layers.iter().flat_map(|layer| {
            layer
                .entries
                .iter()
                .map(|e| (e >> 8, i32::from(*e as u8) - 128))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small_book() -> Book {
        let shape = Shape::<u64>::new(7, 6, 4);
        Book::from_scores(&shape, 2, [(40, -3), (7, 5), (1234, 0), (7, 5)])
    }

    #[test]
    fn a_book_reads_back_from_its_bytes() {
        let book = small_book();
        assert_eq!(book.len(), 3);
        let bytes = book.to_bytes();
        assert_eq!(bytes.len(), 16 + 3 * 8);
        assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
        assert_eq!(
            book.scores().collect::<Vec<_>>(),
            vec![(7, 5), (40, -3), (1234, 0)]
        );
        assert!(book.is_for(7, 6, 4) && !book.is_for(6, 7, 4));
    }

    #[test]
    fn broken_books_are_refused_with_the_rule_they_break() {
        let bytes = small_book().to_bytes();
        assert_eq!(Book::from_bytes(b"PLYC4BK"), Err(BookError::Magic));
        assert_eq!(Book::from_bytes(&bytes[1..]), Err(BookError::Magic));
        assert_eq!(
            Book::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Truncated {
                len: bytes.len() - 1,
                expected: bytes.len()
            })
        );
        let mut huge_count = bytes.clone();
        huge_count[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            Book::from_bytes(&huge_count),
            Err(BookError::Truncated { .. })
        ));
        let mut wide = bytes.clone();
        wide[8] = 9; // 9 columns of 7 bits: 63 > 56
        assert!(matches!(
            Book::from_bytes(&wide),
            Err(BookError::Shape { .. })
        ));
        let mut deep = bytes.clone();
        deep[11] = 42;
        assert!(matches!(
            Book::from_bytes(&deep),
            Err(BookError::Depth { .. })
        ));
        // Issue 52, row 8: a score byte out of range (0xFF reads as 127) is refused, naming
        // the byte; so is one just past the range a position of that depth can score.
        let mut wild = bytes.clone();
        wild[16] = 0xFF;
        assert_eq!(
            Book::from_bytes(&wild),
            Err(BookError::Score {
                index: 0,
                offset: 16,
                depth: 2,
                score: 127,
                min: -20,
                max: 20
            })
        );
        let mut past = bytes.clone();
        past[24] = (128 + 21) as u8;
        let message = Book::from_bytes(&past).unwrap_err().to_string();
        assert!(
            message.contains("(byte 24) holds the score 21"),
            "{message}"
        );
        let mut swapped = bytes.clone();
        swapped[16..32].rotate_left(8); // the first two entries change places
        assert_eq!(
            Book::from_bytes(&swapped),
            Err(BookError::Order { index: 1 })
        );
        for message in [
            BookError::Magic.to_string(),
            BookError::Order { index: 1 }.to_string(),
        ] {
            assert!(message.contains("book"), "{message}");
        }
    }

    /// An outcome layer keeps signs only, reads back, and merges with an exact layer of the
    /// same board into one book whose lookups tell the two apart.
    #[test]
    fn outcome_layers_merge_with_exact_ones() {
        let shape = Shape::<u64>::new(7, 6, 4);
        let outcomes = Book::from_outcomes(&shape, 4, [(9, 7), (3, 0), (5, -2)]);
        assert_eq!(
            outcomes.scores().collect::<Vec<_>>(),
            vec![(3, 0), (5, -1), (9, 1)]
        );
        assert_eq!(Book::from_bytes(&outcomes.to_bytes()), Ok(outcomes.clone()));
        let both = small_book().merged(outcomes.clone()).unwrap();
        assert_eq!(
            both.layers().collect::<Vec<_>>(),
            vec![(2, false, 3), (4, true, 3)]
        );
        assert_eq!((both.len(), both.depth()), (6, 4));
        // A build of the depth-2 layer may use the depth-4 one, never its own; an exact
        // build at 4 may use the outcomes at 4, an outcome build at 4 nothing.
        let deeper = both.helpers_for(2, false).unwrap();
        assert_eq!(deeper.layers().collect::<Vec<_>>(), vec![(4, true, 3)]);
        assert!(!deeper.has_depth(2) && deeper.has_depth(4));
        assert_eq!(both.helpers_for(1, true).as_ref(), Some(&both));
        assert_eq!(both.helpers_for(4, false), Some(deeper));
        assert_eq!(both.helpers_for(4, true), None);
        assert_eq!(both.helpers_for(2, true).unwrap().len(), 3);
        let exact_at_4 = Book::from_scores(&shape, 4, [(1, 0)]);
        assert_eq!(exact_at_4.helpers_for(4, false), None);
        assert!(both.has_depth(2) && both.has_depth(4) && !both.has_depth(3));
        assert!(!both.has_depth(200));
        let bytes = both.to_bytes();
        assert_eq!(bytes.len(), 2 * 16 + 6 * 8);
        assert_eq!(Book::from_bytes(&bytes), Ok(both.clone()));
        // Layers may come in any order in a file; the book sorts them.
        let reversed = [outcomes.to_bytes(), small_book().to_bytes()].concat();
        assert_eq!(Book::from_bytes(&reversed), Ok(both.clone()));

        let mut p = Position::new(shape);
        for col in [3, 3, 2, 4] {
            p.play_column(col);
        }
        let q = {
            let mut q = Position::new(shape);
            q.play_column(3);
            q.play_column(3);
            q
        };
        let book = Book::from_outcomes(&shape, 4, [(Book::key(&p), -5)])
            .merged(Book::from_scores(&shape, 2, [(Book::key(&q), 3)]))
            .unwrap();
        assert_eq!(book.value(&p), Some(BookValue::Outcome(-1)));
        assert_eq!(book.score(&p), None);
        assert_eq!(book.value(&q), Some(BookValue::Exact(3)));
        assert_eq!(book.score(&q), Some(3));
    }

    #[test]
    fn layers_that_do_not_belong_together_are_refused() {
        let shape = Shape::<u64>::new(7, 6, 4);
        let other = Shape::<u64>::new(6, 5, 4);
        assert!(matches!(
            small_book().merged(Book::from_scores(&other, 3, [(1, 0)])),
            Err(BookError::Boards { .. })
        ));
        assert_eq!(
            small_book().merged(Book::from_outcomes(&shape, 2, [(1, 0)])),
            Err(BookError::TwoLayers { depth: 2 })
        );
        let doubled = [small_book().to_bytes(), small_book().to_bytes()].concat();
        assert_eq!(
            Book::from_bytes(&doubled),
            Err(BookError::TwoLayers { depth: 2 })
        );
        // An outcome layer holding a score that is not a sign.
        let mut bytes = Book::from_outcomes(&shape, 2, [(1, 1), (2, 0)]).to_bytes();
        bytes[16] = 128 + 5;
        assert_eq!(
            Book::from_bytes(&bytes),
            Err(BookError::Outcome {
                index: 0,
                offset: 16,
                score: 5
            })
        );
        // Stray bytes after the last layer are not a layer.
        let mut tail = small_book().to_bytes();
        tail.extend(b"junk");
        assert_eq!(Book::from_bytes(&tail), Err(BookError::Magic));
        assert_eq!(Book::from_bytes(b""), Err(BookError::Magic));
    }

    /// A position and its mirror image share one entry.
    #[test]
    fn lookups_find_a_position_and_its_mirror() {
        let shape = Shape::<u64>::new(7, 6, 4);
        let mut left = Position::new(shape);
        left.play_column(0);
        left.play_column(1);
        let mut right = Position::new(shape);
        right.play_column(6);
        right.play_column(5);
        let book = Book::from_scores(&shape, 2, [(Book::key(&left), 4)]);
        assert_eq!(book.score(&left), Some(4));
        assert_eq!(book.score(&right), Some(4));
        assert_eq!(book.score(&Position::new(shape)), None);
    }
}
