//! A 256-bit integer for the boards that do not fit 128 bits (up to `width·(height+1) ≤ 256`,
//! e.g. 15x15 or 20x11): four 64-bit limbs, least significant first. Only what [`Bits`]
//! needs; slower than the native integers, but every rule and the solver work unchanged.

use std::ops::{
    Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

use crate::bits::Bits;

/// Four little-endian 64-bit limbs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct U256([u64; 4]);

impl PartialOrd for U256 {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for U256 {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

macro_rules! limbwise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl $trait for U256 {
            type Output = U256;
            #[inline]
            fn $method(self, rhs: U256) -> U256 {
                U256(std::array::from_fn(|i| self.0[i] $op rhs.0[i]))
            }
        }
        impl $assign_trait for U256 {
            #[inline]
            fn $assign(&mut self, rhs: U256) {
                *self = *self $op rhs;
            }
        }
    };
}

limbwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
limbwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
limbwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256(self.0.map(|x| !x))
    }
}

impl Add for U256 {
    type Output = U256;
    /// Wrapping addition (carries ripple from limb to limb).
    #[inline]
    fn add(self, rhs: U256) -> U256 {
        let mut carry = false;
        U256(std::array::from_fn(|i| {
            let (s1, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            carry = c1 || c2;
            s2
        }))
    }
}

impl Sub for U256 {
    type Output = U256;
    /// Wrapping subtraction.
    #[inline]
    fn sub(self, rhs: U256) -> U256 {
        let mut borrow = false;
        U256(std::array::from_fn(|i| {
            let (d1, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            borrow = b1 || b2;
            d2
        }))
    }
}

impl Shl<u32> for U256 {
    type Output = U256;
    /// `self << n`; zero for `n ≥ 256`.
    #[inline]
    fn shl(self, n: u32) -> U256 {
        if n >= 256 {
            return U256::default();
        }
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        U256(std::array::from_fn(|i| {
            if i < limbs {
                return 0;
            }
            let src = i - limbs;
            let mut limb = self.0[src] << bits;
            if bits > 0 && src > 0 {
                limb |= self.0[src - 1] >> (64 - bits);
            }
            limb
        }))
    }
}

impl Shr<u32> for U256 {
    type Output = U256;
    /// `self >> n`; zero for `n ≥ 256`.
    #[inline]
    fn shr(self, n: u32) -> U256 {
        if n >= 256 {
            return U256::default();
        }
        let (limbs, bits) = ((n / 64) as usize, n % 64);
        U256(std::array::from_fn(|i| {
            let src = i + limbs;
            if src >= 4 {
                return 0;
            }
            let mut limb = self.0[src] >> bits;
            if bits > 0 && src + 1 < 4 {
                limb |= self.0[src + 1] << (64 - bits);
            }
            limb
        }))
    }
}

impl Bits for U256 {
    const ZERO: Self = U256([0; 4]);
    const ONE: Self = U256([1, 0, 0, 0]);
    const BITS: u32 = 256;

    #[inline]
    fn count_ones(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        let mut total = 0;
        for x in self.0 {
            if x != 0 {
                return total + x.trailing_zeros();
            }
            total += 64;
        }
        256
    }
    #[inline]
    fn shl_sat(self, n: u32) -> Self {
        self << n
    }
    #[inline]
    fn shr_sat(self, n: u32) -> Self {
        self >> n
    }
    #[inline]
    fn fold64(self) -> u64 {
        // Odd multipliers so no limb can cancel another.
        self.0[0]
            ^ self.0[1].wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self.0[2].wrapping_mul(0xBF58_476D_1CE4_E5B9)
            ^ self.0[3].wrapping_mul(0x94D0_49BB_1331_11EB)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// U256 agrees with u128 wherever both can hold the values.
    #[test]
    fn arithmetic_matches_u128_on_small_values() {
        let samples: [u128; 5] = [0, 1, 0xDEAD_BEEF, u64::MAX as u128 + 7, 1 << 100];
        let wide = |x: u128| U256([x as u64, (x >> 64) as u64, 0, 0]);
        for &a in &samples {
            for &b in &samples {
                assert_eq!(wide(a) & wide(b), wide(a & b));
                assert_eq!(wide(a) | wide(b), wide(a | b));
                if let Some(s) = a.checked_add(b) {
                    assert_eq!(wide(a) + wide(b), wide(s));
                }
                if a >= b {
                    assert_eq!(wide(a) - wide(b), wide(a - b));
                }
            }
            for n in [0, 1, 5, 63, 64, 65, 100] {
                assert_eq!(wide(a) >> n, wide(a >> n), "{a} >> {n}");
                if a.leading_zeros() >= n {
                    assert_eq!(wide(a) << n, wide(a << n), "{a} << {n}");
                }
            }
            assert_eq!(wide(a).count_ones(), a.count_ones());
        }
        assert_eq!((U256::ONE << 200).trailing_zeros(), 200);
        assert_eq!((U256::ONE << 200) >> 200, U256::ONE);
        assert_eq!(U256::ONE << 256, U256::ZERO);
        assert_eq!(U256::ZERO - U256::ONE, !U256::ZERO);
        assert!(U256::ONE << 130 > U256::ONE << 129);
    }
}
