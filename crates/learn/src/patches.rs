//! A convolution's patches as a custom operation with its own gradient, for training.
//!
//! [`patches`] lays a batch `[batch, channels, rows, cols]` out as one row per cell, the
//! `k × k` window around the cell in each channel (zeros past the edge), so that a
//! convolution is one matrix product by the kernel. Its gradient puts each row back where
//! it was read from, adding where windows overlap.
//!
//! Why not candle's `Conv2d`: its CPU convolution and the transposed convolution of its
//! backward pass work board by board; building the patches from candle's own shifted views
//! instead makes the backward pass add nine padded copies of the input. A loop each way is
//! what the work is. The price: the matrix product keeps the patches, `k²` times its input,
//! for its gradient, so a step's peak memory about doubles (docs/results/learning.md).
//!
//! ```text
//!   row (b·rows + r)·cols + c,  column ch·k² + dy·k + dx
//!     = x[b][ch][r + dy − k/2][c + dx − k/2]   (0 off the board)
//! ```

use candle_core::{CpuStorage, CustomOp1, Layout, Result, Shape, Tensor};

/// The patches of `x` (`[batch, channels, rows, cols]`) for a `k × k` window (odd `k`):
/// `[batch·rows·cols, channels·k²]`, differentiable.
pub fn patches(x: &Tensor, k: usize) -> Result<Tensor> {
    let (batch, channels, rows, cols) = x.dims4()?;
    x.contiguous()?.apply_op1(Window {
        k,
        batch,
        channels,
        rows,
        cols,
        gather: true,
    })
}

/// The window and the batch's dimensions; `gather` reads patches out of a batch, otherwise
/// patch values are added back into a batch (the gradient).
#[derive(Debug, Clone, Copy)]
struct Window {
    k: usize,
    batch: usize,
    channels: usize,
    rows: usize,
    cols: usize,
    gather: bool,
}

impl Window {
    /// Calls `each(batch index, patch index)` for every pair of a cell of the batch and a
    /// patch entry that lies on the board.
    fn for_each_pair(&self, mut each: impl FnMut(usize, usize)) {
        let Window {
            k,
            batch,
            channels,
            rows,
            cols,
            ..
        } = *self;
        let half = k / 2;
        let width = channels * k * k;
        for b in 0..batch {
            for r in 0..rows {
                for c in 0..cols {
                    let row = ((b * rows + r) * cols + c) * width;
                    for ch in 0..channels {
                        let plane = (b * channels + ch) * rows;
                        for dy in 0..k {
                            let Some(y) = (r + dy).checked_sub(half).filter(|&y| y < rows) else {
                                continue;
                            };
                            for dx in 0..k {
                                let Some(x) = (c + dx).checked_sub(half).filter(|&x| x < cols)
                                else {
                                    continue;
                                };
                                each((plane + y) * cols + x, row + (ch * k + dy) * k + dx);
                            }
                        }
                    }
                }
            }
        }
    }

    fn patch_len(&self) -> usize {
        self.batch * self.rows * self.cols * self.channels * self.k * self.k
    }
}

impl CustomOp1 for Window {
    fn name(&self) -> &'static str {
        if self.gather {
            "patches"
        } else {
            "patches-backward"
        }
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let CpuStorage::F32(data) = storage else {
            candle_core::bail!("{} wants f32 values", self.name());
        };
        let Some((start, end)) = layout.contiguous_offsets() else {
            candle_core::bail!("{} wants a contiguous tensor", self.name());
        };
        let input = &data[start..end];
        let batch_len = self.batch * self.channels * self.rows * self.cols;
        let cells = self.batch * self.rows * self.cols;
        let width = self.channels * self.k * self.k;
        if self.gather {
            if input.len() != batch_len {
                candle_core::bail!("patches: {} values for a batch of {batch_len}", input.len());
            }
            let mut out = vec![0.0f32; self.patch_len()];
            self.for_each_pair(|at, patch| out[patch] = input[at]);
            Ok((CpuStorage::F32(out), Shape::from((cells, width))))
        } else {
            if input.len() != self.patch_len() {
                candle_core::bail!(
                    "patches-backward: {} values for {} patch entries",
                    input.len(),
                    self.patch_len()
                );
            }
            let mut out = vec![0.0f32; batch_len];
            self.for_each_pair(|at, patch| out[at] += input[patch]);
            let shape = (self.batch, self.channels, self.rows, self.cols);
            Ok((CpuStorage::F32(out), Shape::from(shape)))
        }
    }

    fn bwd(&self, _arg: &Tensor, _res: &Tensor, grad_res: &Tensor) -> Result<Option<Tensor>> {
        let back = Window {
            gather: false,
            ..*self
        };
        Ok(Some(grad_res.contiguous()?.apply_op1_no_bwd(&back)?))
    }
}
