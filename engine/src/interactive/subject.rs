//! An interactive game as the stress loop sees it: a case is a position from
//! the family with the case it came from (which seeds the jury's choices, so
//! a game replays move for move while it is shrunk), the answer is the side
//! that wins it, and judging a player is playing one game against the jury
//! (or the user's interactor), a process each.

use std::time::Duration;

use brute::Budget;
use gen::judge::Format;
use gen::{Family, Rng};

use super::game::{value_of, Game};
use super::jury::Ruling;
use super::stress::{game, Contender, Judge};
use crate::shrink::{self, ByMoves, Shrunk};
use crate::subject::{Contestant, Failing, Subject};
use crate::verdict::{Failure, Judged, Kind};

/// A position, and the case of the run it was generated for.
#[derive(Clone, Debug)]
pub struct Seeded<P> {
    pub position: P,
    pub seed: u64,
    pub case: u64,
}

pub struct Played<G: Game> {
    pub params: G::Params,
    pub(super) contenders: Vec<Contender>,
    pub(super) judge: Judge,
    /// The time limit of a whole game.
    pub limit: Duration,
    pub budget: Budget,
    /// An exhaustive run's positions, in place of random ones.
    pub enumeration: Option<crate::exhaustive::Cursor<G::Position>>,
    contestants: Vec<Contestant>,
}

impl<G: Game> Played<G> {
    pub(super) fn new(
        params: G::Params,
        contenders: Vec<Contender>,
        judge: Judge,
        limit: Duration,
        budget: Budget,
    ) -> Self {
        let contestants = contenders
            .iter()
            .map(|c| Contestant {
                name: c.name.clone(),
                external: true,
            })
            .collect();
        Played {
            params,
            contenders,
            judge,
            limit,
            budget,
            enumeration: None,
            contestants,
        }
    }
}

/// The verdict a lost game is stored with.
fn kind(ruling: Ruling) -> Kind {
    match ruling {
        Ruling::WrongAnswer => Kind::Mismatch,
        Ruling::Protocol => Kind::BadOutput,
        Ruling::Crash => Kind::Crash,
        Ruling::Idleness => Kind::Timeout,
        // Brute gave up on a position of a game it valued at the start: it proves nothing.
        Ruling::Accepted | Ruling::Skipped | Ruling::Interrupted => Kind::Cancelled,
    }
}

impl<G: Game> Subject for Played<G> {
    type Case = Seeded<G::Position>;
    type Answer = bool;

    fn generate(&self, seed: u64, case: u64) -> Result<Self::Case, String> {
        let position = match &self.enumeration {
            Some(e) => e.get(case)?,
            None => self.params.generate(&mut Rng::for_case(seed, case)),
        };
        Ok(Seeded { position, seed, case })
    }

    fn prepare(&self, ids: &[u64]) -> usize {
        self.enumeration.as_ref().map_or(ids.len(), |e| e.prepare(ids))
    }

    fn answers(&self, unit: &[Self::Case]) -> Result<Vec<Option<bool>>, String> {
        Ok(unit
            .iter()
            .map(|c| match (&self.judge, value_of::<G>(&c.position, &self.budget)) {
                (_, Ok(value)) => Some(value != 0),
                // The interactor judges the game whatever brute can value; the side is a record.
                (Judge::Interactor(_), Err(_)) => Some(false),
                (Judge::Jury, Err(_)) => None,
            })
            .collect())
    }

    fn contenders(&self) -> &[Contestant] {
        &self.contestants
    }

    fn judge(&self, c: usize, unit: &[Self::Case], _expected: &[bool]) -> Judged {
        for (k, case) in unit.iter().enumerate() {
            let outcome = game::<G>(
                &self.judge,
                &case.position,
                &self.contenders[c],
                case.seed,
                case.case,
                self.limit,
                &self.budget,
            )
            .map_err(|e| {
                let failure = Failure {
                    kind: Kind::CannotRun,
                    actual: String::new(),
                    detail: format!("{e:#}"),
                    transcript: None,
                };
                (Some(k), failure)
            })?;
            if outcome.result == Ruling::Accepted {
                continue;
            }
            let failure = Failure {
                kind: kind(outcome.result),
                actual: outcome
                    .transcript
                    .player_lines()
                    .first()
                    .map(|l| format!("{l}\n"))
                    .unwrap_or_default(),
                detail: outcome.message,
                // The interactor's games pass through no harness pipe: there is nothing to record.
                transcript: matches!(self.judge, Judge::Jury).then(|| outcome.transcript.text()),
            };
            return Err((Some(k), failure));
        }
        Ok(())
    }

    fn slow(&self) -> bool {
        true
    }

    fn input(&self, unit: &[Self::Case]) -> String {
        let positions: Vec<G::Position> = unit.iter().map(|c| c.position.clone()).collect();
        G::Judge::write_input(&positions)
    }

    fn expected(&self, answers: &[bool]) -> String {
        G::Judge::write_output(answers)
    }

    fn size(&self, unit: &[Self::Case]) -> String {
        match unit {
            [one] => G::size(&one.position),
            many => format!("{} positions", many.len()),
        }
    }

    fn shrink(&self, c: usize, start: Failing<Self>, time: Duration) -> Shrunk<Failing<Self>> {
        // The jury stays the one of the case the game was found in.
        let moves = |case: &Self::Case| {
            self.params
                .shrink(&case.position)
                .into_iter()
                .map(|position| Seeded { position, ..*case })
                .collect()
        };
        let by = ByMoves {
            subject: self,
            contender: c,
            moves: &moves,
        };
        shrink::shrink(&by, start, time)
    }
}
