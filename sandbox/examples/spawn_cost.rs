//! What the supervisor costs per program start: `true` run 1000 times directly, then 1000 times
//! through the supervisor, in this one process (which is its own supervisor, as the harness
//! binary is). Run it with `cargo run --release -p sandbox --example spawn_cost`.

use std::time::{Duration, Instant};

use sandbox::Program;

const RUNS: u32 = 1000;

fn runs_per_second(p: &Program) -> f64 {
    let started = Instant::now();
    for _ in 0..RUNS {
        let run = sandbox::run(p, "", Duration::from_secs(10)).expect("`true` starts");
        assert_eq!(run.exit, Some(sandbox::Exit::Success));
    }
    f64::from(RUNS) / started.elapsed().as_secs_f64()
}

fn main() {
    sandbox::supervisor::serve_if_asked();
    let p = Program::parse("true").expect("`true` is on PATH");
    let direct = runs_per_second(&p);
    sandbox::supervisor::enable().expect("/proc/self/exe exists");
    let supervised = runs_per_second(&p);
    println!(
        "`true`, {RUNS} runs: {direct:.0} runs/s directly, {supervised:.0} through the supervisor \
         ({:.2}x the time per run)",
        direct / supervised
    );
}
