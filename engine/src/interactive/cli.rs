//! Interactive problems as `harness list` shows them.

use super::DynInteractive;

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
