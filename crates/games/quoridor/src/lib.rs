//! quoridor (work in progress).
