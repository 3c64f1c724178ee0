//! The stress run of an interactive problem: its players (built-in ones as
//! `harness play` processes, or the user's programs), one game per position
//! against the jury or the user's interactor, in the engine's loop
//! ([`super::subject`]); and the replay of a lost game's entry.
//!
//! Determinism: games are independent (each has its own jury generator,
//! seeded from the run's seed and the case), so the loop's promises hold: the
//! entry does not depend on `--threads`.

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use brute::Budget;
use gen::judge::Format;
use gen::Family;

use super::game::{value_of, Game, Player};
use super::interactor;
use super::jury::{jury_rng, referee, Outcome, Ruling, Transcript};
use super::player::{InProcess, Scripted};
use super::subject::Played;
use crate::builtin::problem::NoOptions;
use crate::builtin::registry::Replay;
use crate::config::{ConfigFile, Source};
use crate::corpus::{Entry, Verdict};
use crate::options::RunOptions;
use crate::run;
use sandbox::{Ending, Session, Silence};
use sandbox::{Exit, Program, RunError};

/// One contender: a built-in player or the user's program, each run as a process.
pub(super) struct Contender {
    /// As entries record it: `player:NAME` or `cmd:CMD`.
    pub name: String,
    program: Program,
}

pub fn load<G: Game>(src: &Source) -> Result<ConfigFile<G::Params, NoOptions>> {
    let cfg: ConfigFile<G::Params, NoOptions> = src.parse()?;
    cfg.gen.check().map_err(|m| anyhow!("{}: in [gen]: {m}", src.origin))?;
    Ok(cfg)
}

fn contenders<G: Game>(
    src: &Source,
    cfg: &ConfigFile<G::Params, NoOptions>,
    opts: &RunOptions,
) -> Result<Vec<Contender>> {
    let unsupported = [
        (opts.batch.is_some(), "--batch"),
        (opts.check_determinism, "--check-determinism"),
        (opts.reference.is_some(), "--reference"),
        (opts.brute_cmd.is_some(), "--brute-cmd"),
        (opts.checker.is_some(), "--checker"),
        (opts.no_oracle, "--no-oracle"),
        (opts.metamorphic, "--metamorphic"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
        bail!(
            "{flag} does not apply to the interactive problem {}: the jury is brute and plays one game per position",
            G::Judge::ID.name
        );
    }
    let cmds: Vec<String> = if opts.solver_cmds.is_empty() {
        cfg.solver_cmd.iter().cloned().collect()
    } else {
        opts.solver_cmds.clone()
    };
    let names: Vec<String> = if !opts.solvers.is_empty() {
        opts.solvers.clone()
    } else if let Some(names) = &cfg.solvers {
        names.clone()
    } else if cmds.is_empty() {
        G::players()
            .iter()
            .filter(|p| p.right)
            .map(|p| p.name.to_string())
            .collect()
    } else {
        vec![]
    };
    let mut out = Vec::new();
    for name in names {
        let known = G::players().iter().any(|p| p.name == name);
        if !known {
            bail!(
                "{}: unknown player `{name}` for {}\n  {}",
                src.origin,
                G::Judge::ID.name,
                crate::suggest::hint(&name, G::players().iter().map(|p| p.name), "harness list")
            );
        }
        let program = player_program(G::Judge::ID.name, &name)?;
        out.push(Contender {
            name: format!("player:{name}"),
            program,
        });
    }
    for cmd in cmds {
        let program = Program::parse(&cmd).map_err(|e| anyhow!("--solver-cmd `{cmd}`: {e}"))?;
        out.push(Contender {
            name: format!("cmd:{cmd}"),
            program,
        });
    }
    Ok(out)
}

/// The built-in player `player` of `game` as a program: `harness play GAME PLAYER`.
pub(super) fn player_program(game: &str, player: &str) -> Result<Program> {
    let exe = std::env::current_exe().map_err(|e| anyhow!("cannot find the harness binary: {e}"))?;
    let exe = shlex::try_quote(&exe.to_string_lossy())
        .map_err(|e| anyhow!("the harness binary's path cannot be quoted: {e}"))?
        .into_owned();
    Program::parse(&format!("{exe} play {game} {player}")).map_err(|e| anyhow!("player `{player}`: {e}"))
}

/// Position `case` of `src` (seed `seed`, else the config's), in the jury's format.
pub(super) fn generate<G: Game>(src: &Source, seed: Option<u64>, case: u64) -> Result<String> {
    let cfg = load::<G>(src)?;
    let p = cfg
        .gen
        .generate(&mut gen::Rng::for_case(seed.unwrap_or(cfg.seed), case));
    Ok(G::Judge::write_input(&[p]))
}

/// Who judges the games: the brute jury, or the user's interactor.
pub(super) enum Judge {
    Jury,
    Interactor(Program),
}

/// One game of `pos` against `c`, under the jury seeded from `(seed, case)` or the interactor.
pub(super) fn game<G: Game>(
    judge: &Judge,
    pos: &G::Position,
    c: &Contender,
    seed: u64,
    case: u64,
    limit: Duration,
    budget: &Budget,
) -> Result<Outcome> {
    if let Judge::Interactor(interactor) = judge {
        let input = G::Judge::write_input(std::slice::from_ref(pos));
        let judged = interactor::play(interactor, &c.program, &input, limit)?;
        return Ok(Outcome {
            result: judged.ruling,
            message: judged.message,
            transcript: Transcript::default(),
            first_wins: false,
            evaluated: 0,
        });
    }
    let mut session = match Session::start(&c.program, limit) {
        Ok(s) => s,
        Err(RunError::CannotStart(why)) => bail!("{why}"),
        Err(RunError::Interrupted) => {
            return Ok(Outcome {
                result: Ruling::Interrupted,
                message: "stopped".into(),
                transcript: Transcript::default(),
                first_wins: false,
                evaluated: 0,
            })
        }
    };
    Ok(referee::<G>(
        pos,
        &mut jury_rng(seed, case),
        budget,
        limit,
        &mut session,
    ))
}

/// Plays generated positions against the players; the engine's loop shrinks and stores the
/// first lost game (or, with `--keep-going`, every one) with its transcript.
pub fn stress<G: Game>(src: &Source, opts: &RunOptions) -> Result<run::Summary> {
    let cfg = load::<G>(src)?;
    let contenders = contenders::<G>(src, &cfg, opts)?;
    if contenders.is_empty() {
        bail!("{}: no player: name one with --solver or --solver-cmd", src.origin);
    }
    let (judge, oracle) = match &opts.interactor {
        Some(cmd) => (
            Judge::Interactor(Program::parse(cmd).map_err(|e| anyhow!("--interactor `{cmd}`: {e}"))?),
            format!("interactor:{cmd}"),
        ),
        None => (Judge::Jury, "brute".to_string()),
    };
    let exhaustive = (opts.exhaustive)
        .map(|limit| crate::exhaustive::enumerate(&cfg.gen, limit, &src.origin, G::Judge::ID.name))
        .transpose()?;
    let (plan, cursor) = exhaustive.unzip();
    let settings = run::Settings {
        problem: G::Judge::ID.name,
        noun: "game",
        cases: match &plan {
            Some(plan) => Some(plan.cases()),
            None => opts.cases.or((opts.duration.is_none()).then_some(cfg.cases)),
        },
        duration: opts.duration,
        keep_going: opts.keep_going,
        seed: opts.seed.unwrap_or(cfg.seed),
        shard: opts.shard.unwrap_or((0, 1)),
        shrink: !opts.no_shrink,
        shrink_time: Duration::from_secs(opts.shrink_seconds),
        corpus: Some(opts.corpus.clone().unwrap_or_else(crate::config::default_corpus)),
        config: src.origin.clone(),
        oracle,
        brute: None,
        exhaustive: plan,
    };
    let limit = Duration::from_millis(opts.time_limit_ms.unwrap_or(cfg.time_limit_ms).max(1));
    let budget = Budget::new(opts.max_states.unwrap_or(cfg.max_states));
    let mut played = Played::<G>::new(cfg.gen, contenders, judge, limit, budget);
    played.enumeration = cursor;
    run::stress(&played, &settings)
}

/// Replays an entry: brute must still name `expected` as the winning side; a judge sample
/// must be won by every right player; a lost game must be lost again, line for line, by its
/// built-in player, or by its transcript's lines for a program.
pub fn replay<G: Game>(entry: &Entry, budget: &Budget) -> Result<Replay> {
    let start = G::Judge::read_input(&entry.input)
        .map_err(|e| anyhow!("key `input`: not a {} position: {e}", G::Judge::ID.name))?
        .remove(0);
    let expected = G::Judge::read_output(std::slice::from_ref(&start), &entry.expected)
        .map_err(|e| anyhow!("key `expected`: {e}"))?[0];
    let origin = entry.origin.clone().unwrap_or_default();
    let rng = || jury_rng(origin.seed.unwrap_or(0), origin.case.unwrap_or(0));
    let limit = Duration::ZERO;
    let mut replay = Replay::default();
    if let Some(interactor) = entry.oracle.as_deref().and_then(|o| o.strip_prefix("interactor:")) {
        replay.notes.push(format!(
            "judged by the interactor `{interactor}`, which is not at hand: only the position is checked"
        ));
        return Ok(replay);
    }
    let value = value_of::<G>(&start, budget).map_err(|e| {
        anyhow!(
            "brute cannot value the position within {} states: raise --max-states",
            e.max_states
        )
    })?;
    if (value != 0) != expected {
        replay.problems.push(format!(
            "brute's value of the position is {value}, so {} wins, not {}",
            side(value != 0),
            entry.expected.trim()
        ));
    }
    if entry.verdict == Verdict::Regression {
        for p in G::players().iter().filter(|p| p.right) {
            let o = referee::<G>(&start, &mut rng(), budget, limit, &mut InProcess::new(p));
            if o.result != Ruling::Accepted {
                replay
                    .problems
                    .push(format!("the right player `{}` does not win: {}", p.name, o.message));
            }
        }
        return Ok(replay);
    }
    let text = entry.transcript.as_deref().ok_or_else(|| {
        anyhow!(
            "key `transcript` is missing: a lost game of {} records it",
            G::Judge::ID.name
        )
    })?;
    let transcript = Transcript::parse(text).map_err(|e| anyhow!("key `transcript`: {e}"))?;
    let solver = entry.solver.as_deref().unwrap_or("");
    let outcome = if let Some(name) = solver.strip_prefix("player:") {
        let player: &Player<G> = G::players()
            .iter()
            .find(|p| p.name == name)
            .ok_or_else(|| anyhow!("key `solver`: {} has no player `{name}`", G::Judge::ID.name))?;
        referee::<G>(&start, &mut rng(), budget, limit, &mut InProcess::new(player))
    } else if solver.starts_with("cmd:") {
        let (then, ending) = recorded_end(entry.verdict);
        let mut script = Scripted::new(transcript.player_lines(), then, ending);
        referee::<G>(&start, &mut rng(), budget, limit, &mut script)
    } else {
        bail!("key `solver`: `{solver}` is neither `player:NAME` nor `cmd:CMD`");
    };
    if outcome.result.verdict() != Some(entry.verdict) {
        replay.problems.push(format!(
            "the game now ends {:?} ({}), not {}",
            outcome.result, outcome.message, entry.verdict
        ));
    } else if outcome.transcript != transcript {
        replay.problems.push(format!(
            "the game now goes:\n{}instead of:\n{}",
            outcome.transcript.text(),
            text
        ));
    }
    Ok(replay)
}

/// How a recorded program ended after its last line, as the entry's verdict says.
fn recorded_end(verdict: Verdict) -> (Silence, Ending) {
    let ending = |exit, timed_out| Ending {
        exit,
        timed_out,
        interrupted: false,
        stderr_tail: String::new(),
        peak_rss: 0,
        elapsed: std::time::Duration::ZERO,
    };
    match verdict {
        Verdict::Timeout => (Silence::Timeout, ending(None, true)),
        Verdict::Crash => (Silence::Closed, ending(Some(Exit::Code(1)), false)),
        _ => (Silence::Closed, ending(Some(Exit::Success), false)),
    }
}

fn side(first: bool) -> &'static str {
    if first {
        "First"
    } else {
        "Second"
    }
}
