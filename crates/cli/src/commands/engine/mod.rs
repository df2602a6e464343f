//! `ply engine GAME`.

pub mod text;
