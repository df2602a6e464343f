//! Arena (work in progress).
