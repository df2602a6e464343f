//! Web server (work in progress).
