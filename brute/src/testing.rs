//! Shared by the engines' tests.

/// Runs `f` on a thread with a 2 MiB stack, far less than a recursive search
/// of a long line of play would need: an engine that recursed would overflow.
pub fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn a thread")
        .join()
        .expect("the search must not overflow the stack")
}
