//! The command-line face of interactive problems: the stress run's closing
//! line and exit code, and their part of `harness list`.

use std::process::ExitCode;

use anyhow::{bail, Result};

use super::DynInteractive;
use crate::builtin::registry::RunOptions;
use crate::config::Source;

/// Runs `game`'s stress loop: exit 0 when every game was won, 1 when one was lost (stored).
pub fn stress(game: &dyn DynInteractive, src: &Source, opts: &RunOptions) -> Result<ExitCode> {
    let s = game.stress(src, opts)?;
    let secs = s.elapsed.as_secs_f64();
    eprintln!(
        "{}: {} games played, {} won, {} skipped (brute over its budget), {:.2} s, {:.1} games/s, {:.1} positions valued by the jury per game{}",
        game.id().name,
        s.games,
        s.won,
        s.skipped,
        secs,
        s.games as f64 / secs.max(1e-9),
        s.evaluated as f64 / (s.games.max(1)) as f64,
        if s.interrupted { ", interrupted" } else { "" }
    );
    if s.failed {
        return Ok(ExitCode::from(1));
    }
    if s.interrupted {
        return Ok(ExitCode::from(130));
    }
    if s.games == 0 && s.skipped > 0 {
        bail!(
            "brute gave up on all {} positions, so no game was played: lower the sizes in [gen] or raise --max-states",
            s.skipped
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The interactive problems for `harness list`: identity, protocol, players.
pub fn list(games: &[&dyn DynInteractive]) -> String {
    let mut out = String::from("\nInteractive problems (the jury is brute; harness --config NAME --solver-cmd CMD):\n");
    for p in games {
        out.push_str(&one(*p));
    }
    out
}

/// One interactive problem as `harness list` shows it: config, protocol, players.
pub fn one(p: &dyn DynInteractive) -> String {
    let id = p.id();
    let mut out = format!("  {}  [configs/{}.toml]\n", id.name, p.config());
    out.push_str(&format!("      {}\n", id.about));
    for line in p.protocol().lines() {
        out.push_str(&format!("      | {line}\n"));
    }
    for pl in p.players() {
        let tag = if pl.right { "right" } else { "wrong" };
        out.push_str(&format!("      player {:<22} {tag:<11} {}\n", pl.name, pl.about));
    }
    out
}
