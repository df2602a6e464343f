//! Agents' panics are results, not noise: the arena catches them and records the message, so
//! the default hook's report on standard error is silenced for the arena's own threads only.

use std::any::Any;
use std::sync::Once;

/// Every thread the arena runs an agent on has a name starting with this.
pub(crate) const AGENT_THREAD_PREFIX: &str = "ply-arena-agent";

/// Installs (once per process) a hook that stays quiet for agent threads and hands every other
/// panic to the hook that was there before.
pub(crate) fn silence_agent_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let on_agent_thread = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(AGENT_THREAD_PREFIX));
            if !on_agent_thread {
                previous(info);
            }
        }));
    });
}

/// The message a panic carried, if it was text.
pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
