//! Whole-number arguments, read one way everywhere: through `__index__` (so NumPy integers
//! serve wherever an `int` does), a `bool` refused, and a value out of range a `ValueError`
//! naming the argument and its range (never Python's `OverflowError`).

use std::fmt::Display;
use std::time::Duration;

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::errors::value_error;

/// Longest piece of a value an error message shows.
const SHOWN: usize = 40;

/// `value` as a Python `int` (itself, or what its `__index__` gives), or `None` for what is
/// no whole number (a `bool` included: `True` is not a count).
pub fn as_int<'py>(value: &Bound<'py, PyAny>) -> Option<Bound<'py, PyInt>> {
    if value.is_instance_of::<PyBool>() {
        return None;
    }
    if let Ok(int) = value.downcast::<PyInt>() {
        return Some(int.clone());
    }
    // SAFETY: `PyNumber_Index` takes a borrowed object and returns a new reference or NULL
    // with an exception set, which `from_owned_ptr_or_err` takes over.
    let index = unsafe {
        Bound::from_owned_ptr_or_err(value.py(), pyo3::ffi::PyNumber_Index(value.as_ptr()))
    };
    index.ok()?.downcast_into::<PyInt>().ok()
}

/// `value` shown in a message: its `str`, cut short (a number may have thousands of digits).
pub fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "<a number too large to print>".into());
    if text.chars().count() > SHOWN {
        let head: String = text.chars().take(SHOWN).collect();
        format!("{head}…")
    } else {
        text
    }
}

/// The argument `name`, a whole number from `min` to `max`.
pub fn whole<T>(value: &Bound<'_, PyAny>, name: &str, min: T, max: T) -> PyResult<T>
where
    T: TryFrom<i128> + TryInto<i128> + Copy + Display,
{
    let Some(int) = as_int(value) else {
        let kind = value
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        return Err(PyTypeError::new_err(format!(
            "{name} is a whole number, not {kind} ({})",
            shown(value)
        )));
    };
    let out_of_range = || {
        value_error(format!(
            "{name} {}: {name} is a whole number from {min} to {max}",
            shown(value)
        ))
    };
    let wide: i128 = match int.extract() {
        Ok(wide) => wide,
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => return Err(out_of_range()),
        Err(e) => return Err(e),
    };
    let (low, high) = (
        min.try_into().unwrap_or(i128::MIN),
        max.try_into().unwrap_or(i128::MAX),
    );
    if wide < low || wide > high {
        return Err(out_of_range());
    }
    T::try_from(wide).map_err(|_| out_of_range())
}

/// The argument `name`, a number of seconds: a finite number from 0 on (`positive`: above
/// 0), capped at a billion seconds; an int too large for a float is out of range too.
pub fn seconds(value: &Bound<'_, PyAny>, name: &str, positive: bool) -> PyResult<Duration> {
    let rule = if positive {
        "a positive"
    } else {
        "a non-negative"
    };
    let out_of_range = || {
        value_error(format!(
            "{name} {}: {name} is {rule} number of seconds",
            shown(value)
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} is a number of seconds, not bool ({})",
            shown(value)
        )));
    }
    let seconds: f64 = match value.extract() {
        Ok(seconds) => seconds,
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => return Err(out_of_range()),
        Err(e) => return Err(e),
    };
    let allowed = seconds.is_finite() && (seconds > 0.0 || !positive && seconds == 0.0);
    if !allowed {
        return Err(out_of_range());
    }
    Ok(Duration::from_secs_f64(seconds.min(1e9)))
}

/// [`whole`] for an optional argument (`None` stays `None`).
pub fn optional<T>(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    min: T,
    max: T,
) -> PyResult<Option<T>>
where
    T: TryFrom<i128> + TryInto<i128> + Copy + Display,
{
    value.map(|v| whole(v, name, min, max)).transpose()
}
