//! halma (work in progress).
