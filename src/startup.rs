//! Whether the app is rendering its first view at start-up (set by `lib.rs`'s mount, read by screens that put
//! off part of their work to a task of its own, so start-up is not one long task).

use std::cell::Cell;

thread_local! {
    /// True while the app renders its first view.
    static FIRST_RENDER: Cell<bool> = const { Cell::new(false) };
}

/// True while the app renders its first view at start-up (not when a screen is opened later): a screen can put
/// off part of its work to a task of its own, so start-up is not one long task (the Roll screen's panel does).
pub fn is_first_render() -> bool {
    FIRST_RENDER.with(Cell::get)
}

/// Run `render`, the app's first render, with [`is_first_render`] true.
pub fn first_render(render: impl FnOnce()) {
    FIRST_RENDER.with(|first| first.set(true));
    render();
    FIRST_RENDER.with(|first| first.set(false));
}
