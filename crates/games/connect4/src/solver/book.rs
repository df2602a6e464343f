//! An opening book: the exact score of every position with a given number of stones, built
//! by this solver ([`super::book_build`], `ply solve connect4-book`). A search that reaches
//! a position of the book's depth takes its score instead of searching below it, so every
//! position with fewer stones solves in a few thousand nodes.
//!
//! File format (little-endian), docs/rules.md "Connect Four opening book":
//!
//! ```text
//!   bytes 0..8    magic "PLYC4BK1"
//!   byte  8       width      byte 9   height      byte 10  k      byte 11  depth (stones)
//!   bytes 12..16  n, the number of entries (u32)
//!   then n × 8 bytes, one u64 per position, in increasing order:
//!     bits 63..8  the position's key: the smaller of the key of the position and of its
//!                 mirror image, key = mover's stones + all stones (bit layout in
//!                 `position.rs`), so every position is stored once for it and its mirror
//!     bits  7..0  its exact score for the player to move, plus 128
//! ```
//!
//! Every position with `depth` stones, no line on the board, and at least one empty cell
//! is in the book (those where the mover wins at once too), so a lookup that misses on a
//! position of that depth means the book is not this board's.

use std::sync::{Arc, OnceLock};

use crate::bits::Bits;
use crate::position::{Position, Shape};

/// The book ply ships: the exact score of every 7x6 position with 6 stones, built by
/// `ply solve connect4-book --depth 6` (how long it took and what it covers:
/// docs/rules.md, "Opening books").
const BUNDLED_7X6: &[u8] = include_bytes!("../../data/book/7x6-depth6.book");

const MAGIC: &[u8; 8] = b"PLYC4BK1";
const HEADER: usize = 16;

/// A book that cannot be read. Each message names the rule the bytes break.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("not a ply Connect Four book: it does not start with \"PLYC4BK1\"")]
    Magic,
    #[error("the book is cut short: {len} bytes, {expected} expected from its header")]
    Truncated { len: usize, expected: usize },
    #[error("the book's board {width}x{height}, {k} in a row, has no book form: keys of at most 56 bits")]
    Shape { width: u8, height: u8, k: u8 },
    #[error("the book's depth {depth} is not below its {cells} cells")]
    Depth { depth: u8, cells: u32 },
    #[error("entry {index} of the book is out of order (entries must rise strictly)")]
    Order { index: usize },
}

/// An opening book in memory (see the module's introduction for what it holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    width: u32,
    height: u32,
    k: u32,
    depth: u32,
    entries: Vec<u64>,
}

impl Book {
    /// The book that ships with ply, for the standard 7x6 board with four in a row (a
    /// solver given it for another board ignores it). Read once, then shared.
    pub fn bundled() -> Arc<Book> {
        static BOOK: OnceLock<Arc<Book>> = OnceLock::new();
        BOOK.get_or_init(|| {
            // A test reads the same bytes, so a damaged file fails the tests, not a user.
            Arc::new(Book::from_bytes(BUNDLED_7X6).expect("the bundled book is well formed"))
        })
        .clone()
    }

    /// A book of `shape`'s positions with `depth` stones, from `(key, score)` pairs in any
    /// order (keys as [`Book::key`] makes them; duplicates keep one).
    pub fn from_scores(
        shape: &Shape<u64>,
        depth: u32,
        scores: impl IntoIterator<Item = (u64, i32)>,
    ) -> Self {
        let mut entries: Vec<u64> = scores
            .into_iter()
            .map(|(key, score)| key << 8 | u64::from((score + 128) as u8))
            .collect();
        entries.sort_unstable();
        entries.dedup_by_key(|e| *e >> 8);
        Book {
            width: shape.width(),
            height: shape.height(),
            k: shape.k(),
            depth,
            entries,
        }
    }

    /// Reads a book file's bytes, checking the header, the length and the order.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(BookError::Magic);
        }
        let (width, height, k, depth) = (bytes[8], bytes[9], bytes[10], bytes[11]);
        let n = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let expected = n.saturating_mul(8).saturating_add(HEADER);
        if bytes.len() != expected {
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
        let entries: Vec<u64> = bytes[HEADER..]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        if let Some(index) = (1..entries.len()).find(|&i| entries[i] >> 8 <= entries[i - 1] >> 8) {
            return Err(BookError::Order { index });
        }
        Ok(Book {
            width: width.into(),
            height: height.into(),
            k: k.into(),
            depth: depth.into(),
            entries,
        })
    }

    /// The book's file form.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + 8 * self.entries.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend([self.width, self.height, self.k, self.depth].map(|x| x as u8));
        bytes.extend((self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            bytes.extend(e.to_le_bytes());
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

    /// The number of stones of every position in the book.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The number of positions stored (one per mirror pair).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book key of `p`: the smaller of its key and its mirror image's.
    #[inline]
    pub fn key<B: Bits>(p: &Position<B>) -> u64 {
        p.key().min(p.mirrored_key()).fold64()
    }

    /// The exact score of `p` for the player to move, if the book holds it.
    #[inline]
    pub fn score<B: Bits>(&self, p: &Position<B>) -> Option<i32> {
        let key = Book::key(p);
        let at = self.entries.partition_point(|e| e >> 8 < key);
        let e = *self.entries.get(at)?;
        (e >> 8 == key).then(|| i32::from(e as u8) - 128)
    }

    /// Every stored key with its score, in key order.
    pub fn scores(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.entries
            .iter()
            .map(|e| (e >> 8, i32::from(*e as u8) - 128))
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
