//! Built-in solvers run inside the harness: a panic is a verdict on the
//! solver, caught and reported with its counterexample, not a crash.

thread_local! {
    static IN_SOLVER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A built-in solver's panic is a verdict, reported with the counterexample;
/// printing its trace on every shrink step would bury that report. Panics
/// anywhere else still print as usual. Installed once, on first use.
fn quiet_solver_panics() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_SOLVER.with(|q| q.get()) {
                default(info);
            }
        }));
    });
}

/// Runs a built-in solver with its panics kept quiet (they become verdicts).
pub(crate) fn in_solver<T>(f: impl FnOnce() -> T) -> T {
    quiet_solver_panics();
    IN_SOLVER.with(|q| q.set(true));
    let out = f();
    IN_SOLVER.with(|q| q.set(false));
    out
}
