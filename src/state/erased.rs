//! Derived signals and effects built from a boxed closure, so the wasm holds Leptos' code for them once per value
//! type instead of once per closure (issue #31).
//!
//! `Signal::derive` and `Effect::new` are generic over the closure they are given. Every closure is a type of its
//! own, so each call compiled its own copy of the constructor and of what Leptos wraps around the closure (an
//! effect's whole task: its wait for a change, its run, its cleanup), with the closure's body inlined into it.
//! Given a `Box<dyn Fn...>` instead, all the calls with the same value type share one copy (the app's 22 effects
//! two copies, one for effects that return nothing); each closure keeps only its own body and vtable. The price is
//! one allocation when the signal or effect is made and an indirect call each time it runs: nothing next to the
//! work they do here (reading a request, setting a field, scheduling a save), so these are for the app's wiring,
//! not for work repeated per die or per frame.
//!
//! Behaviour is Leptos' own: [`derive`] is a `Signal::derive`, which runs its closure on every read; [`effect`] is
//! an `Effect::new`, which runs once now and again after each change of what it read, given what it returned last
//! time. `tests/layers` keeps every derived signal and effect of `src/` going through here.
//!
//! Why memos and `<For>` lists are not boxed too, with the measured figures: bench/README.md, "Type-erased reactive
//! parts" (eleventh session).

use leptos::prelude::*;

/// A boxed derived-signal closure.
type DeriveFn<T> = Box<dyn Fn() -> T + Send + Sync>;
/// A boxed effect closure, given what it returned when it last ran (`None` on its first run).
type EffectFn<T> = Box<dyn FnMut(Option<T>) -> T>;

/// `Signal::derive(f)`, with `f` boxed.
pub fn derive<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Signal<T>
where
    T: Send + Sync + 'static,
{
    derive_boxed(Box::new(f))
}

/// `Effect::new(f)`, with `f` boxed. An effect that does not care whether it ran before takes `move |_| ...`.
pub fn effect<T: 'static>(f: impl FnMut(Option<T>) -> T + 'static) -> Effect<LocalStorage> {
    effect_boxed(Box::new(f))
}

#[inline(never)]
fn derive_boxed<T>(f: DeriveFn<T>) -> Signal<T>
where
    T: Send + Sync + 'static,
{
    Signal::derive(f)
}

#[inline(never)]
fn effect_boxed<T: 'static>(f: EffectFn<T>) -> Effect<LocalStorage> {
    Effect::new(f)
}
