//! The integer a board lives in: `u64` for boards of up to 64 cells (sentinel row included),
//! `u128` for the larger ones. Everything above this module is generic over [`Bits`], so the
//! two widths share one implementation and the compiler specialises each.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{
    Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

/// An unsigned integer used as a set of board cells.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// How many cells fit.
    const BITS: u32;

    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// `self << n`, or zero when `n` is at least [`Bits::BITS`] (shifting every bit out).
    fn shl_sat(self, n: u32) -> Self;
    /// `self >> n`, or zero when `n` is at least [`Bits::BITS`].
    fn shr_sat(self, n: u32) -> Self;
    /// The value folded into 64 bits: exact for `u64`, a well-mixed hash for `u128`.
    fn fold64(self) -> u64;

    /// The set with only cell `n`.
    #[inline]
    fn bit(n: u32) -> Self {
        Self::ONE.shl_sat(n)
    }

    /// Whether no cell is set.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
}

impl Bits for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const BITS: u32 = 64;

    #[inline]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline]
    fn shl_sat(self, n: u32) -> Self {
        self.checked_shl(n).unwrap_or(0)
    }
    #[inline]
    fn shr_sat(self, n: u32) -> Self {
        self.checked_shr(n).unwrap_or(0)
    }
    #[inline]
    fn fold64(self) -> u64 {
        self
    }
}

impl Bits for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const BITS: u32 = 128;

    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline]
    fn shl_sat(self, n: u32) -> Self {
        self.checked_shl(n).unwrap_or(0)
    }
    #[inline]
    fn shr_sat(self, n: u32) -> Self {
        self.checked_shr(n).unwrap_or(0)
    }
    #[inline]
    fn fold64(self) -> u64 {
        // Odd multiplier (from SplitMix64) so the high half cannot cancel the low half
        // for keys that differ only above bit 64.
        (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_past_the_width_give_zero() {
        assert_eq!(<u64 as Bits>::shl_sat(1, 64), 0);
        assert_eq!(<u64 as Bits>::shr_sat(u64::MAX, 70), 0);
        assert_eq!(<u128 as Bits>::shl_sat(1, 127), 1u128 << 127);
        assert_eq!(<u128 as Bits>::shl_sat(1, 128), 0);
        assert_eq!(<u64 as Bits>::bit(5), 32);
    }

    #[test]
    fn folding_keeps_high_bits_apart() {
        let a: u128 = 1 << 70;
        let b: u128 = 1 << 71;
        assert_ne!(a.fold64(), b.fold64());
        assert_eq!(7u64.fold64(), 7);
    }
}
