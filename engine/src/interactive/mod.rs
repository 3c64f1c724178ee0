//! Interactive problems: the player chooses a side and plays a game against
//! the jury, which is brute and never misses a win.
//!
//! A problem is a [`Game`] (its rules, move syntax and values) with built-in
//! [`Player`]s, listed once in the `games` crate's catalog. The jury ([`jury`]) talks
//! to a player through an [`Endpoint`](sandbox::Endpoint): a program in
//! a process ([`Session`](sandbox::Session)), a built-in player in
//! process, or a recorded transcript. A lost game is a counterexample: it is
//! shrunk like any other ([`stress`]) and stored with its transcript, which
//! `corpus check` replays.

pub mod cli;
pub mod game;
mod interactor;
mod invoke;
pub mod jury;
pub mod player;
mod stress;
mod subject;

use std::marker::PhantomData;

use anyhow::{anyhow, Result};
use brute::Budget;
use gen::judge::{Format, Identity};
use gen::{Family, Rng};

use crate::builtin::registry::Replay;
use crate::config::Source;
use crate::corpus::Entry;
use crate::options::RunOptions;
use crate::suggest;
pub use game::{Game, Player};

/// A built-in player, as `harness list` shows it.
pub struct PlayerInfo {
    pub name: &'static str,
    pub about: &'static str,
    pub right: bool,
}

/// An interactive problem behind an object-safe face, for the CLI and the corpus.
pub trait DynInteractive: Sync {
    fn id(&self) -> &'static Identity;
    /// The main config's name in `configs/`.
    fn config(&self) -> &'static str;
    /// The exchange between jury and player, in words.
    fn protocol(&self) -> &'static str;
    /// The brute module the jury plays from.
    fn brute(&self) -> &'static str;
    fn players(&self) -> Vec<PlayerInfo>;
    /// Plays generated positions against the players, shrinks and stores the first lost game.
    fn stress(&self, src: &Source, opts: &RunOptions) -> Result<crate::run::Summary>;
    /// Case `case` of the config: a position in the jury's format.
    fn generate(&self, src: &Source, seed: Option<u64>, case: u64) -> Result<String>;
    /// Generates cases `0..cases` and checks each and its shrink candidates against the family.
    fn self_check(&self, src: &Source, cases: u64) -> Result<()>;
    /// `harness invoke`: the players on the judge-size and corpus positions.
    fn invocation(&self, src: &Source, o: &crate::invoke::Options) -> Result<crate::invoke::Setup>;
    /// The side that wins a position given in the jury's format: `First` or `Second`, a line.
    fn side(&self, input: &str, budget: &Budget) -> Result<String>;
    /// Replays an entry; an error when the entry itself is malformed (its position, its
    /// transcript, its player).
    fn replay(&self, entry: &Entry, budget: &Budget) -> Result<Replay>;
    /// `harness play`: the named built-in player on stdin and stdout.
    fn play(&self, player: &str) -> Result<()>;
    /// A package's sample exchange: the right player's game against the jury on the position
    /// `input` ([`crate::package_interactive::interaction`]).
    fn interaction(&self, input: &str, budget: &Budget) -> Result<String>;
}

/// An interactive game behind [`DynInteractive`]: `games` lists one per game.
pub struct Registered<G>(PhantomData<G>);

impl<G> Registered<G> {
    /// `const`, for the catalog's statics, which `Default` cannot serve.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Registered(PhantomData)
    }
}

impl<G: Game> Registered<G> {
    fn player(name: &str, whence: &str) -> Result<&'static Player<G>> {
        G::players().iter().find(|p| p.name == name).ok_or_else(|| {
            anyhow!(
                "{whence}: unknown player `{name}` for {}\n  {}",
                G::Judge::ID.name,
                suggest::hint(name, G::players().iter().map(|p| p.name), "harness list")
            )
        })
    }
}

impl<G: Game> DynInteractive for Registered<G> {
    fn id(&self) -> &'static Identity {
        &G::Judge::ID
    }

    fn config(&self) -> &'static str {
        G::CONFIG
    }

    fn protocol(&self) -> &'static str {
        G::PROTOCOL
    }

    fn brute(&self) -> &'static str {
        G::BRUTE
    }

    fn players(&self) -> Vec<PlayerInfo> {
        G::players()
            .iter()
            .map(|p| PlayerInfo {
                name: p.name,
                about: p.about,
                right: p.right,
            })
            .collect()
    }

    fn stress(&self, src: &Source, opts: &RunOptions) -> Result<crate::run::Summary> {
        stress::stress::<G>(src, opts)
    }

    fn generate(&self, src: &Source, seed: Option<u64>, case: u64) -> Result<String> {
        stress::generate::<G>(src, seed, case)
    }

    fn invocation(&self, src: &Source, o: &crate::invoke::Options) -> Result<crate::invoke::Setup> {
        let cfg = stress::load::<G>(src)?;
        invoke::setup::<G>(Budget::new(cfg.max_states), o)
    }

    fn self_check(&self, src: &Source, cases: u64) -> Result<()> {
        let cfg = stress::load::<G>(src)?;
        for case in 0..cases {
            let p = cfg.gen.generate(&mut Rng::for_case(cfg.seed, case));
            for q in std::iter::once(p.clone()).chain(cfg.gen.shrink(&p)) {
                cfg.gen.validate(&q).map_err(|e| {
                    anyhow!(
                        "{}: case {case}: a position breaks the family's invariants: {e}\n{}",
                        src.origin,
                        G::Judge::write_input(std::slice::from_ref(&q))
                    )
                })?;
            }
        }
        Ok(())
    }

    fn side(&self, input: &str, budget: &Budget) -> Result<String> {
        let positions =
            G::Judge::read_input(input).map_err(|e| anyhow!("not a {} position: {e}", G::Judge::ID.name))?;
        let sides = positions
            .iter()
            .map(|p| Ok(game::value_of::<G>(p, budget)? != 0))
            .collect::<Result<Vec<bool>, brute::TooBig>>()?;
        Ok(G::Judge::write_output(&sides))
    }

    fn replay(&self, entry: &Entry, budget: &Budget) -> Result<Replay> {
        stress::replay::<G>(entry, budget)
    }

    fn play(&self, player: &str) -> Result<()> {
        player::play_stdio(Self::player(player, "harness play")?)
    }

    fn interaction(&self, input: &str, budget: &Budget) -> Result<String> {
        crate::package_interactive::interaction::<G>(input, budget)
    }
}
