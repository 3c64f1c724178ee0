//! `harness invoke` for an interactive game: every player, a process under the
//! judge's time, memory and stack limits, plays every test position against
//! the jury; a won game is OK, a lost one WA, a broken exchange WA (protocol),
//! RE or TLE. The tests are the game's judge-size positions
//! (`configs/judge/<game>.toml`, when it has them) and its corpus entries.

use std::marker::PhantomData;
use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use brute::Budget;
use gen::judge::Format;
use sandbox::{Endpoint, Rlimits, RunError, Session};

use super::game::{value_of, Game};
use super::jury::{jury_rng, referee, Ruling};
use crate::builtin::registry::Judgement;
use crate::invoke::{self, Cell, Kind, Limits, Setup, Solution, Test, Verdict};
use crate::{corpus, judge_size};

/// The stack a player gets when `--stack` gives none: what most systems give a main thread.
const STACK: u64 = 8 << 20;

/// The brute jury, judging by playing.
struct Jury<G> {
    budget: Budget,
    game: PhantomData<G>,
}

impl<G: Game> invoke::Jury for Jury<G> {
    fn answer(&self, input: &str) -> Result<String> {
        let start = position::<G>(input)?;
        let value = value_of::<G>(&start, &self.budget)
            .map_err(|e| anyhow!("brute cannot value the position within {} states", e.max_states))?;
        Ok(G::Judge::write_output(&[value != 0]))
    }

    fn judge(&self, _input: &str, _output: &str, _answer: &str) -> Result<Judgement> {
        bail!("an interactive game is judged by playing it, not by its output")
    }

    fn run(
        &self,
        s: &Solution,
        input: &Path,
        _answer: &str,
        limits: Limits,
        rlimits: &Rlimits,
    ) -> Result<Option<Cell>> {
        let text = std::fs::read_to_string(input).with_context(|| format!("cannot read {}", input.display()))?;
        let start = position::<G>(&text)?;
        let mut session = match Session::start_limited(&s.program, limits.time, rlimits) {
            Ok(session) => session,
            Err(RunError::CannotStart(why)) => bail!("{why}"),
            Err(RunError::Interrupted) => return Ok(None),
        };
        let outcome = referee::<G>(&start, &mut jury_rng(0, 0), &self.budget, limits.time, &mut session);
        let ending = session.finish(false);
        let verdict = match outcome.result {
            Ruling::Interrupted => return Ok(None),
            Ruling::Skipped => bail!("brute cannot value a position of this game within its budget"),
            _ if ending.peak_rss > limits.memory => Verdict::MemoryLimit,
            Ruling::Accepted => Verdict::Ok,
            Ruling::WrongAnswer => Verdict::WrongAnswer(outcome.message),
            Ruling::Protocol => Verdict::WrongAnswer(format!("protocol: {}", outcome.message)),
            Ruling::Crash => Verdict::RuntimeError(outcome.message),
            Ruling::Idleness => Verdict::TimeLimit,
        };
        Ok(Some(Cell {
            verdict,
            time: ending.elapsed,
            memory: ending.peak_rss,
            stderr: ending.stderr_tail,
        }))
    }
}

fn position<G: Game>(input: &str) -> Result<G::Position> {
    let mut positions =
        G::Judge::read_input(input).map_err(|e| anyhow!("not a {} position: {e}", G::Judge::ID.name))?;
    match positions.len() {
        1 => Ok(positions.remove(0)),
        n => bail!("{n} positions in one test: a game is played from one"),
    }
}

/// The tests, players, limits and jury of `invoke` on the game `G`; brute's `budget` values
/// the positions.
pub fn setup<G: Game>(budget: Budget, o: &invoke::Options) -> Result<Setup> {
    let name = G::Judge::ID.name;
    if o.solutions.is_some() {
        bail!("--config: a file of [[solution]] tables is for built-in problems; name players with --solver");
    }
    let mut tests = Vec::new();
    if judge_size::spec_path(name).is_some() {
        for spec in judge_size::specs_of(name)? {
            let (about, beyond) = (spec.about.clone(), spec.beyond);
            let input =
                super::stress::generate::<G>(&judge_size::source_of(name, G::CONFIG, &spec)?, Some(spec.seed), 0)?;
            tests.push(Test::inputs(spec.name, about, vec![input]).beyond(beyond));
        }
    }
    let dir = o.corpus.clone().unwrap_or_else(crate::config::default_corpus);
    if let Some((folder, inputs)) = corpus::inputs_of(&dir, name)? {
        let about = format!(
            "the {} corpus positions of {}: judge samples and every game lost so far",
            inputs.len(),
            folder.display()
        );
        tests.push(Test::inputs("corpus".into(), about, inputs));
    }
    if tests.is_empty() {
        bail!(
            "{name} has no test to play: list judge-size positions in configs/judge/{name}.toml, or give --corpus \
             with entries of {name}"
        );
    }
    let mut solutions = Vec::new();
    let players: Vec<String> = if o.solvers.is_empty() && o.solver_cmds.is_empty() {
        G::players()
            .iter()
            .filter(|p| p.right)
            .map(|p| p.name.to_string())
            .collect()
    } else {
        o.solvers.clone()
    };
    for player in &players {
        let known = G::players().iter().find(|p| p.name == player.as_str()).ok_or_else(|| {
            anyhow!(
                "--solver: unknown player `{player}` for {name}\n  {}",
                crate::suggest::hint(player, G::players().iter().map(|p| p.name), "harness list")
            )
        })?;
        let program = super::stress::player_program(name, player)?;
        solutions.push(Solution {
            name: player.clone(),
            program,
            expect: if known.right { vec![] } else { vec![Kind::WrongAnswer] },
        });
    }
    for cmd in &o.solver_cmds {
        solutions.push(Solution::command(cmd)?);
    }
    let judge = G::Judge::ID.judge;
    let limits = Limits {
        time: Duration::from_millis(o.time_limit_ms.unwrap_or(u64::from(judge.time_ms))),
        memory: o.memory.unwrap_or(u64::from(judge.memory_mib) << 20),
        stack: o.stack.unwrap_or(STACK),
        stack_source: if o.stack.is_some() {
            "--stack"
        } else {
            "the usual default; --stack changes it"
        },
    };
    Ok(Setup {
        name: name.to_string(),
        jury: Box::new(Jury::<G> {
            budget,
            game: PhantomData,
        }),
        tests,
        solutions,
        limits,
    })
}
