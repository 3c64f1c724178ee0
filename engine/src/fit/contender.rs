//! A saved fit as a stress contender: `harness --config C --fit FILE` runs the
//! conjecture of `table --fit --save-fit FILE` against brute (or the reference)
//! on every case of `C`, far beyond the table it was fitted on, and a failure
//! is shrunk and stored like any wrong solver's, under the name `fit:FILE`.
//!
//! Problem: a fit speaks about the points of one table (a config, its
//! `--set` settings, one or two varied keys); a stress run draws instances.
//! Which instances does the fit answer, and with what?
//!
//! Idea: the problem reads a case as points of the table
//! ([`Problem::table_points`]): the case itself (Bash's game at `n`, Wythoff
//! at `(a, b)`), or the summands of a sum of games (one octal heap each),
//! whose Sprague-Grundy value is the XOR of theirs: the rules' own theorem,
//! the one brute trusts. Each point is then checked to be exactly the
//! instance the fit's table makes there (its config and settings with the
//! keys set, every range pinned), so a case of another code, another `k` or
//! another shape is never answered by the fit of a different table. The
//! form's claims at the points, XORed for a sum, become the answer
//! ([`Problem::answer_of_claim`]). A case the fit cannot answer is no
//! verdict ([`Kind::CannotRun`](crate::verdict::Kind)): the run stops with a
//! usage error, and before the run the first cases of the config are read
//! this way so a config of another table is refused up front.
//!
//! Complexity: per case, one pinned generation per point not met before (a
//! config parse and one instance; the points met are kept) and the form's
//! claim there: `O(1)` for a period, a polynomial or a grid form, `O(x L)`
//! for a recurrence of order `L` at `x`.
//!
//! Reference: R. P. Sprague (1935), P. M. Grundy (1939): the value of a sum
//! of impartial games is the XOR of its summands' values.

use std::collections::HashMap;
use std::sync::Mutex;

use anyhow::{bail, Result};
use gen::judge::Format;
use gen::{Family, Rng};

use super::saved::Fitted;
use super::{Claim, Form};
use crate::builtin::problem::Problem;

/// How many of a config's first cases are read before the run, so a config
/// of another table is refused before brute answers anything.
pub const CHECKED_CASES: u64 = 1_000;

/// The instance a fit's table makes at the given key values.
pub type PointMaker<P> = Box<dyn Fn(&[(String, i64)]) -> Result<<P as Problem>::Instance> + Send + Sync>;

/// A saved fit that answers the cases it can read as points of its table.
pub struct FitContender<P: Problem> {
    /// `fit:FILE`, as entries record it.
    pub name: String,
    form: Form,
    keys: Vec<String>,
    /// The table, for messages: `<--problem octal-game> --set code=0.77, varying n`.
    table: String,
    /// The run that gives a config the fit's settings: `--config octal-game --set code=0.77`.
    run: String,
    point: PointMaker<P>,
    /// The points made so far, as the judge writes them (or why there is none), up to
    /// [`KEPT_POINTS`]: a heap size or a pile recurs across cases, and making a point parses
    /// the config.
    made: Mutex<HashMap<Vec<i64>, Result<String, String>>>,
}

/// The most points a fit keeps made.
const KEPT_POINTS: usize = 1 << 16;

/// A fit's answer to a case, and where it came from in words.
pub struct FitAnswer<A> {
    pub answer: A,
    pub because: String,
}

impl<P: Problem> FitContender<P> {
    pub fn new(name: String, fitted: Fitted, point: PointMaker<P>) -> Self {
        let config = match fitted.config.strip_prefix("<--problem ") {
            Some(problem) => problem.trim_end_matches('>'),
            None => &fitted.config,
        };
        let sets: String = fitted.sets.iter().map(|s| format!(" --set {s}")).collect();
        FitContender {
            run: format!("--config {config}{sets}"),
            name,
            table: fitted.table(),
            form: fitted.form,
            keys: fitted.keys,
            point,
            made: Mutex::new(HashMap::new()),
        }
    }

    /// The fit's answer to `i`, or why it has none (in words that end with what to do).
    pub fn answer(&self, i: &P::Instance) -> Result<FitAnswer<P::Answer>, String> {
        let keys: Vec<&str> = self.keys.iter().map(String::as_str).collect();
        let problem = crate::builtin::problem::id::<P>().name;
        let points = P::table_points(i, &keys).ok_or_else(|| {
            format!(
                "{problem} does not read its cases as points of a table varying {}",
                keys.join(" and ")
            )
        })?;
        let mut claims = Vec::with_capacity(points.len());
        let mut because = Vec::with_capacity(points.len());
        for (at, instance) in &points {
            let sets: Vec<(String, i64)> = self.keys.iter().cloned().zip(at.iter().copied()).collect();
            let shown = sets
                .iter()
                .map(|(k, x)| format!("{k}={x}"))
                .collect::<Vec<_>>()
                .join(", ");
            let text = |x: &P::Instance| P::Judge::write_input(std::slice::from_ref(x));
            let made = self
                .made_at(at, &sets)
                .map_err(|e| format!("the fit's table has no point {shown}: {e}"))?;
            if made != text(instance) {
                let size = (self.point)(&sets).map_or_else(|_| made.clone(), |m| P::size(&m));
                return Err(format!(
                    "at {shown} the fit's table ({}) is {size}, and this case has {} there",
                    self.table,
                    P::size(instance)
                ));
            }
            let claim = claim_at(&self.form, at).ok_or_else(|| format!("the fit says nothing at {shown}"))?;
            because.push(format!("{shown}: {}", claim.show()));
            claims.push(claim);
        }
        let sum = xor(&claims).ok_or_else(|| {
            format!(
                "the fit says only which points are 0, which does not decide a sum of {} of them",
                claims.len()
            )
        })?;
        let answer = P::answer_of_claim(i, sum)
            .ok_or_else(|| format!("the fit's claim ({}) does not decide {problem}'s answer", sum.show()))?;
        let because = match because.len() {
            1 => format!("the fit's value at {}", because[0]),
            _ => format!("the XOR of the fit's values at {}", because.join("; ")),
        };
        Ok(FitAnswer { answer, because })
    }

    /// The instance the fit's table makes at `at` (the keys set to `sets`), as the judge writes it.
    fn made_at(&self, at: &[i64], sets: &[(String, i64)]) -> Result<String, String> {
        if let Some(made) = self.made.lock().expect("no panic holds it").get(at) {
            return made.clone();
        }
        let made = (self.point)(sets)
            .map(|i| P::Judge::write_input(std::slice::from_ref(&i)))
            .map_err(|e| format!("{e:#}"));
        let mut kept = self.made.lock().expect("no panic holds it");
        if kept.len() < KEPT_POINTS {
            kept.insert(at.to_vec(), made.clone());
        }
        made
    }

    /// Refuses a config some of whose first [`CHECKED_CASES`] cases the fit cannot answer,
    /// saying which cases it answers and how to run it on them.
    pub fn check_config(&self, gen: &P::Params, seed: u64, cases: u64, origin: &str) -> Result<()> {
        let problem = crate::builtin::problem::id::<P>().name;
        for case in 0..cases.min(CHECKED_CASES) {
            let i = gen.generate(&mut Rng::for_case(seed, case));
            if let Err(why) = self.answer(&i) {
                bail!(
                    "{}: case {case} of seed {seed} of {origin} ({}) is not a case the fit answers: {why}\n  the \
                     fit answers the {problem} cases that are points of its table ({}), or sums of them where the \
                     problem is a sum of games: give the config the fit's settings, e.g. `harness {} --fit {}`",
                    self.name,
                    P::size(&i),
                    self.table,
                    self.run,
                    self.name.trim_start_matches("fit:")
                );
            }
        }
        Ok(())
    }
}

/// The form's claim at key values `at`: one key, a row's; two, a grid's.
fn claim_at(form: &Form, at: &[i64]) -> Option<Claim> {
    match *at {
        [x] => form.row_claims(x, x).pop().flatten(),
        [a, b] => form.cell_claim(a, b),
        _ => None,
    }
}

/// The claim about a sum from its summands' claims: the XOR of their values,
/// or non-zero when exactly one is only known to be non-zero and the others
/// XOR to 0; `None` when that does not decide it.
fn xor(claims: &[Claim]) -> Option<Claim> {
    let mut value = 0;
    let mut unknown = 0;
    for c in claims {
        match *c {
            Claim::Value(v) => value ^= v,
            Claim::Zero(true) => {}
            Claim::Zero(false) => unknown += 1,
        }
    }
    match (unknown, value) {
        (0, v) => Some(Claim::Value(v)),
        (1, 0) => Some(Claim::Zero(false)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_the_xor_of_its_summands() {
        // 3 XOR 5 XOR 6 = 0, by hand: 011 ^ 101 = 110, ^ 110 = 000.
        let values = [Claim::Value(3), Claim::Value(5), Claim::Value(6)];
        assert_eq!(xor(&values), Some(Claim::Value(0)));
        assert_eq!(xor(&[Claim::Zero(true), Claim::Value(4)]), Some(Claim::Value(4)));
        // One summand non-zero and the rest worth 0: the sum is non-zero.
        assert_eq!(xor(&[Claim::Zero(false), Claim::Zero(true)]), Some(Claim::Zero(false)));
        // Two non-zero summands may cancel (1 ^ 1) or not (1 ^ 2): undecided.
        assert_eq!(xor(&[Claim::Zero(false), Claim::Zero(false)]), None);
        assert_eq!(xor(&[Claim::Zero(false), Claim::Value(2)]), None);
        assert_eq!(xor(&[]), Some(Claim::Value(0)));
    }
}
