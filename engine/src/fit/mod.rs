//! `harness table --fit`: closed forms that explain a whole value table,
//! proven where a theorem allows, stressed beyond the table otherwise.
//!
//! Problem: a setter's table shows a pattern; which closed form is it, does
//! it hold for ever, and if nobody can say, does it hold further out?
//!
//! Idea: forms are tried in order of simplicity and each one printed must
//! give every value of the table, with enough values beyond those that fix
//! it to count as evidence. One key: a period with a pre-period
//! ([`periodic`]), a saltus, a polynomial ([`polynomial`]), a linear
//! recurrence ([`recurrence`], only when nothing simpler fits: a periodic
//! sequence is one; its coefficients as fractions by [`rational`]
//! reconstruction), the zero set as residue classes. A form that holds only
//! because the table's tail is short is no fit: a period must show
//! [`FEWEST_PERIODS`] whole times (unless a theorem proves it), and a
//! recurrence of order `L` needs `3L` values (any `N` values satisfy one of
//! order about `N/2`); the values it needs are said. Two keys: `a XOR b`,
//! `(a + b) mod k`, a function of `(a mod p, b mod q)` ([`grid`]), the zeros
//! as Beatty pairs ([`beatty`]), and whether the grid is symmetric. A plain
//! period is *proven* when the problem has a theorem for it
//! ([`crate::builtin::problem::PeriodProof`]: Guy–Smith for octal games, the
//! subtraction-game bound): the problem's fast engine extends the values to
//! the theorem's bound and they are checked there. Every other fit is a
//! *conjecture*, stressed against the fast engine or brute beyond the table.
//! The simplest fit that stands can be saved and read back as a solver of
//! the table ([`saved`]) and as a stress contender on any case made of the
//! table's points ([`contender`]).
//!
//! Complexity: `O(N^2)` for the one-key forms over `N` values (the periods
//! and Berlekamp–Massey), `O(R C K)` for a grid; the proof costs the fast
//! engine's time to the bound, and the stress at most [`STRESS_CASES`]
//! brute points or [`STRESS_TIME`].
//!
//! Reference: Winning Ways, ch. 4 (the periodicity theorem, arithmetic
//! periodicity); CGSuite's periodicity checker; OEIS's superseeker (forms
//! tried in turn).

mod beatty;
pub(crate) mod contender;
mod grid;
mod periodic;
mod polynomial;
mod rational;
mod recurrence;
pub(crate) mod saved;

use std::fmt::Write;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use crate::builtin::problem::PeriodProof;
use crate::builtin::registry::TablePoint;
use crate::table::{Request, Vary};
use beatty::Beatty;
use grid::Grid;
use periodic::Periodic;
use polynomial::Polynomial;

/// The most values the fast engine computes for a proof.
const PROOF_LIMIT: usize = 10_000_000;
/// Values beyond those that fix a polynomial or a recurrence that must check it.
const EVIDENCE: usize = 4;
/// The values Berlekamp–Massey reads; a longer table checks the recurrence on the rest.
const RECURRENCE_PREFIX: usize = 2_000;
/// The highest polynomial degree tried.
const MAX_DEGREE: usize = 8;
/// The fewest values of a one-key table, and of each key of a grid.
const FEWEST_VALUES: usize = 6;
const FEWEST_SIDE: usize = 4;
/// The fewest whole periods a table must show for a period to count, unless a theorem proves it.
const FEWEST_PERIODS: usize = 3;
/// The fewest Beatty pairs that count as evidence.
const FEWEST_PAIRS: usize = 4;
/// Bounds on the stress of a conjecture by brute.
const STRESS_CASES: usize = 200;
const STRESS_TIME: Duration = Duration::from_secs(3);

/// A closed form; saved by `--save-fit` as the `[fit]` table, `form` naming the variant.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "form", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Form {
    Periodic(Periodic),
    Polynomial(Polynomial),
    /// `v(x) = sum c_i v(x - i)` mod [`recurrence::PRIME`], from `initial`
    /// (the values at `lo..lo + L`); `rational` holds the coefficients as
    /// fractions `[a, b]` when rational reconstruction finds them and they
    /// generate the table exactly, and is empty otherwise.
    Recurrence {
        lo: i64,
        coefficients: Vec<u64>,
        initial: Vec<u64>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rational: Vec<(i64, i64)>,
    },
    /// The zero set: where a periodic 0/1 sequence is 1.
    Zeros(Periodic),
    Xor,
    SumMod {
        modulus: i64,
    },
    Residues {
        p: i64,
        q: i64,
        values: Vec<i64>,
    },
    Beatty(Beatty),
}

/// What a form says about one point of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    Value(i64),
    /// Only whether the value is 0.
    Zero(bool),
}

impl Claim {
    fn agrees(self, value: i64) -> bool {
        match self {
            Claim::Value(v) => v == value,
            Claim::Zero(z) => z == (value == 0),
        }
    }

    fn show(self) -> String {
        match self {
            Claim::Value(v) => v.to_string(),
            Claim::Zero(true) => "0".into(),
            Claim::Zero(false) => "a non-zero value".into(),
        }
    }
}

impl Form {
    /// The claims at `x = from..=to` of a one-key form.
    fn row_claims(&self, from: i64, to: i64) -> Vec<Option<Claim>> {
        match self {
            Form::Periodic(p) => (from..=to).map(|x| p.at(x).map(Claim::Value)).collect(),
            Form::Zeros(p) => (from..=to).map(|x| p.at(x).map(|z| Claim::Zero(z == 1))).collect(),
            Form::Polynomial(p) => (from..=to)
                .map(|x| p.at(x).and_then(|v| i64::try_from(v).ok()).map(Claim::Value))
                .collect(),
            Form::Recurrence {
                lo,
                coefficients,
                initial,
                ..
            } => {
                let known = *lo + initial.len() as i64;
                let count = (to + 1 - known).max(0) as usize;
                let mut all = initial.clone();
                all.extend(recurrence::extend(coefficients, initial, count));
                (from..=to)
                    .map(|x| {
                        let r = *all.get(usize::try_from(x - lo).ok()?)?;
                        Some(Claim::Value(recurrence::signed(r)))
                    })
                    .collect()
            }
            _ => vec![None; (to + 1 - from).max(0) as usize],
        }
    }

    /// The claim at `(a, b)` of a two-key form.
    fn cell_claim(&self, a: i64, b: i64) -> Option<Claim> {
        match self {
            Form::Xor => (a >= 0 && b >= 0).then_some(Claim::Value(a ^ b)),
            Form::SumMod { modulus } => Some(Claim::Value((a + b).rem_euclid(*modulus))),
            Form::Residues { p, q, values } => {
                Some(Claim::Value(values[(a.rem_euclid(*p) * q + b.rem_euclid(*q)) as usize]))
            }
            Form::Beatty(f) => (a >= 0 && b >= 0).then(|| Claim::Zero(f.holds(a as u64, b as u64))),
            _ => None,
        }
    }

    /// Why a form read from a file cannot be evaluated, if it cannot: the
    /// parameters a saved fit must keep consistent.
    fn inconsistency(&self) -> Option<String> {
        match self {
            Form::Periodic(p) | Form::Zeros(p) => {
                let wanted = (p.from - p.lo).checked_add(p.period);
                (p.period < 1 || p.from < p.lo || wanted != Some(p.head.len() as i64)).then(|| {
                    "`head` must hold the values from `lo` to `from + period - 1`, with lo <= from and period >= 1"
                        .to_string()
                })
            }
            Form::Polynomial(p) => p.newton.is_empty().then(|| "`newton` is empty".to_string()),
            Form::Recurrence {
                coefficients,
                initial,
                rational,
                ..
            } => (coefficients.len() != initial.len()
                || initial.iter().chain(coefficients).any(|&r| r >= recurrence::PRIME)
                || !(rational.is_empty() || rational.len() == coefficients.len())
                || rational.iter().any(|&(_, b)| b < 1))
            .then(|| {
                "`initial` must hold one residue per coefficient, and `rational` none or one fraction [a, b], b >= 1, \
                 per coefficient"
                    .to_string()
            }),
            Form::SumMod { modulus } => (*modulus < 1).then(|| "`modulus` must be at least 1".to_string()),
            Form::Residues { p, q, values } => (*p < 1 || *q < 1 || p.checked_mul(*q) != Some(values.len() as i64))
                .then(|| "`values` must hold p × q values, p and q at least 1".to_string()),
            Form::Beatty(f) => (f.alpha.value().partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater)
                || f.beta.value().partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater))
            .then(|| "α and β must be positive".to_string()),
            Form::Xor => None,
        }
    }

    /// The form in words, over the keys `keys`.
    fn statement(&self, keys: &[&str]) -> String {
        let n = keys[0];
        match self {
            Form::Periodic(p) if p.saltus == 0 => format!("period {} from {n}={}", p.period, p.from),
            Form::Periodic(p) => format!("period {}, saltus {} from {n}={}", p.period, p.saltus, p.from),
            Form::Polynomial(p) => format!("value = {} (degree {})", p.show(n), p.degree()),
            Form::Recurrence {
                coefficients, rational, ..
            } => {
                let (terms, modulo) = match rational.is_empty() {
                    false => (recurrence_terms(rational, n), ""),
                    true => {
                        let residues: Vec<(i64, i64)> =
                            coefficients.iter().map(|&c| (recurrence::signed(c), 1)).collect();
                        (
                            recurrence_terms(&residues, n),
                            " (mod 2^61-1: no rational coefficients)",
                        )
                    }
                };
                format!(
                    "linear recurrence of order {}: v({n}) = {terms}{modulo}",
                    coefficients.len()
                )
            }
            Form::Zeros(p) => {
                let zeros = residues_where(p, |v| v == 1);
                if zeros.is_empty() {
                    format!("no value 0 from {n}={}", p.from)
                } else {
                    format!(
                        "value 0 exactly at {n} ≡ {zeros} (mod {}) from {n}={}",
                        p.period, p.from
                    )
                }
            }
            Form::Xor => format!("value = {} XOR {}", keys[0], keys[1]),
            Form::SumMod { modulus } => format!("value = ({} + {}) mod {modulus}", keys[0], keys[1]),
            Form::Residues { p, q, values } => {
                let rows: Vec<String> = values
                    .chunks(*q as usize)
                    .map(|r| r.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
                    .collect();
                format!(
                    "value = f({} mod {p}, {} mod {q}), f by rows: {}",
                    keys[0],
                    keys[1],
                    rows.join(" | ")
                )
            }
            Form::Beatty(f) => format!(
                "value 0 exactly at (⌊kα⌋, ⌊kβ⌋) and mirrored, k >= 0: α = {}, β = {}",
                f.alpha.show(),
                f.beta.show()
            ),
        }
    }
}

/// `v(n-1) - 1/2·v(n-2)`: the right side of a recurrence with fractions `(a, b)`.
fn recurrence_terms(fractions: &[(i64, i64)], n: &str) -> String {
    let mut out = String::new();
    for (i, &(a, b)) in fractions.iter().enumerate().filter(|&(_, &(a, _))| a != 0) {
        let sign = match (out.is_empty(), a < 0) {
            (true, false) => "",
            (true, true) => "-",
            (false, false) => " + ",
            (false, true) => " - ",
        };
        let term = format!("v({n}-{})", i + 1);
        let _ = match (a.unsigned_abs(), b) {
            (1, 1) => write!(out, "{sign}{term}"),
            (m, _) => write!(out, "{sign}{}·{term}", rational::show(m as i64, b)),
        };
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// The residues `r` (from `p.from`) whose value satisfies `keep`, as `r1, r2`.
fn residues_where(p: &Periodic, keep: impl Fn(i64) -> bool) -> String {
    let cycle = p.cycle();
    let mut classes: Vec<i64> = (0..p.period)
        .filter(|&i| keep(cycle[i as usize]))
        .map(|i| (p.from + i).rem_euclid(p.period))
        .collect();
    classes.sort_unstable();
    listed(classes.iter().map(i64::to_string).collect(), ", ")
}

/// The most items of a list [`listed`] prints: a period of 149 459 values (`0.16`) is evidence
/// by its length, not by being printed whole.
const MAX_LISTED: usize = 48;

/// `items` joined by `sep`, the first [`MAX_LISTED`] of them and how many there are when more.
fn listed(mut items: Vec<String>, sep: &str) -> String {
    let all = items.len();
    if all <= MAX_LISTED {
        return items.join(sep);
    }
    items.truncate(MAX_LISTED);
    format!("{}{sep}… ({all} in all)", items.join(sep))
}

/// A point beyond the table (its settings) and what a form claims there.
type Point<'a> = (Vec<(&'a str, i64)>, Option<Claim>);

/// A form that fits, why it counts, and how sure it is.
struct Fit {
    form: Form,
    evidence: String,
    status: Status,
}

enum Status {
    /// The theorem and how far it was checked, then which values the fast engine gave.
    Proven(String, String),
    /// How it was stressed beyond the table.
    Conjecture(String),
    /// It fits the table but not beyond: where it breaks.
    Refuted(String),
}

/// The fits of the table as text, for `table --fit`.
/// The first `by_brute` rows are brute's, the others the fast engine's.
pub fn explain(r: &Request, grid: &[Vec<TablePoint>], by_brute: usize) -> Result<String> {
    let values = numbers(r.vary, grid)?;
    let keys: Vec<&str> = r.vary.iter().map(|v| v.key.as_str()).collect();
    let range = ranges(r.vary, &values);
    let flat: Vec<i64> = values.iter().flatten().copied().collect();
    if flat.is_empty() {
        bail!("{range} holds no value: nothing to fit; widen the range");
    }
    if flat.iter().all(|&v| v == flat[0]) {
        bail!(
            "every value of {range} is {}: a constant table has no form to find; vary another key, or set \
             the others so the values change",
            flat[0]
        );
    }
    let by = match by_brute * values[0].len() {
        all if all == flat.len() => "by brute".to_string(),
        brute => format!("{brute} by brute, the others by the fast engine"),
    };
    let mut out = format!("\nfit over {range} ({} values, {by}):\n", flat.len());
    let fits = match r.vary {
        [v] => fit_row(r, v, &values.iter().map(|l| l[0]).collect::<Vec<_>>(), &mut out)?,
        [a, b] => fit_grid(r, a, b, &values, &mut out)?,
        _ => unreachable!("one or two keys, checked by the table"),
    };
    for (k, f) in fits.iter().enumerate() {
        let (label, how) = match &f.status {
            Status::Proven(theorem, how) => (format!("proven: {} ({theorem})", f.form.statement(&keys)), how.clone()),
            Status::Conjecture(how) => (
                format!("conjecture: {}", f.form.statement(&keys)),
                format!("stress: {how}"),
            ),
            Status::Refuted(how) => (
                format!("refuted (it fits the table only): {}", f.form.statement(&keys)),
                format!("stress: {how}"),
            ),
        };
        let _ = writeln!(out, "  {}. {label}", k + 1);
        let _ = writeln!(out, "     evidence: {}", f.evidence);
        let _ = writeln!(out, "     {how}");
    }
    if fits.is_empty() {
        out.push_str("  no closed form explains the whole table\n");
    }
    if let Some(path) = r.save_fit {
        // The simplest fit that stands; else the simplest refuted one, which a stress run
        // with `--fit FILE` shrinks to its smallest counterexample.
        let standing = fits.iter().position(|f| !matches!(f.status, Status::Refuted(_)));
        let Some(k) = standing.or((!fits.is_empty()).then_some(0)) else {
            bail!("--save-fit: no closed form fits the table, so nothing is saved");
        };
        let f = &fits[k];
        let status = match f.status {
            Status::Proven(..) => "proven",
            Status::Conjecture(_) => "conjecture",
            Status::Refuted(_) => "refuted",
        };
        let table = saved::Table {
            problem: r.problem.id().name,
            vary: r.vary,
            base: r.base,
        };
        saved::save(path, &table, &f.form, status)?;
        let _ = match f.status {
            Status::Refuted(_) => writeln!(
                out,
                "saved fit {} (refuted: no fit stands) to {}; `harness --config CONFIG --fit {}` shrinks its \
                 counterexample",
                k + 1,
                path.display(),
                path.display()
            ),
            _ => writeln!(out, "saved fit {} to {}", k + 1, path.display()),
        };
    }
    Ok(out)
}

/// The table's values as integers.
fn numbers(vary: &[Vary], grid: &[Vec<TablePoint>]) -> Result<Vec<Vec<i64>>> {
    grid.iter()
        .enumerate()
        .map(|(i, line)| {
            line.iter()
                .enumerate()
                .map(|(j, p)| {
                    p.value.parse::<i64>().map_err(|_| {
                        let at = match vary {
                            [a] => format!("{}={}", a.key, a.lo + i as i64),
                            _ => format!(
                                "{}={}, {}={}",
                                vary[0].key,
                                vary[0].lo + i as i64,
                                vary[1].key,
                                vary[1].lo + j as i64
                            ),
                        };
                        anyhow::anyhow!("--fit needs integer values, and the value at {at} is `{}`", p.value)
                    })
                })
                .collect()
        })
        .collect()
}

/// `n=0..100`, or `a=0..20, b=0..20`, as far as the table got.
fn ranges(vary: &[Vary], values: &[Vec<i64>]) -> String {
    let first = format!(
        "{}={}..{}",
        vary[0].key,
        vary[0].lo,
        vary[0].lo + values.len() as i64 - 1
    );
    match vary.get(1) {
        Some(b) => format!("{first}, {}={}..{}", b.key, b.lo, b.hi),
        None => first,
    }
}

/// The forms of a one-key table, proven or stressed; a form the table shows
/// too thinly (a period seen fewer than [`FEWEST_PERIODS`] whole times or
/// over fewer than [`FEWEST_VALUES`] values) is a fit only if a theorem
/// proves it, and is otherwise named with the values it needs.
fn fit_row(r: &Request, v: &Vary, values: &[i64], out: &mut String) -> Result<Vec<Fit>> {
    let (key, lo, n) = (v.key.as_str(), v.lo, values.len());
    let hi = lo + n as i64 - 1;
    if n < FEWEST_VALUES {
        bail!(
            "too short to decide: --fit needs at least {FEWEST_VALUES} values and {key}={lo}..{hi} has {n}; widen \
             to {key}={lo}..{}",
            lo + FEWEST_VALUES as i64 - 1
        );
    }
    let candidates = row_forms(key, lo, values);
    if candidates.is_empty() {
        if let Some((needs, p, from)) = periodic::undecided(values, lo, FEWEST_PERIODS) {
            bail!(
                "too short to decide: period {p} from {key}={from} fits the {n} values of {key}={lo}..{hi} but needs \
                 {needs} ({FEWEST_PERIODS} whole periods); widen to {key}={lo}..{}",
                lo + needs as i64 - 1
            );
        }
        let prefix: Vec<u64> = values[..n.min(RECURRENCE_PREFIX)]
            .iter()
            .map(|&x| recurrence::residue(x))
            .collect();
        let order = recurrence::berlekamp_massey(&prefix).len();
        let _ = writeln!(
            out,
            "  where the forms break: no period repeats {FEWEST_PERIODS} times in full; no polynomial of degree <= \
             {MAX_DEGREE}; the shortest linear recurrence has order {order}, which needs {} values to confirm",
            recurrence_needs(order)
        );
        return Ok(Vec::new());
    }
    let proof = match lo >= 0 {
        true => r.problem.period_proof(&with_sets(r, &[(key, lo)]), key)?,
        false => None,
    };
    let fast = match &proof {
        Some(proof) => Some(fast_values(proof, &candidates, values, key, lo)?),
        None => None,
    };
    let mut fits = Vec::new();
    let mut thin = Vec::new();
    for c in candidates {
        let status = match (&c.form, &proof, &fast) {
            (Form::Periodic(p), Some(proof), Some(fast)) if p.saltus == 0 => match prove(p, proof, fast, key, hi) {
                Some(proven @ Status::Proven(..)) => proven,
                _ if c.needs.is_some() => {
                    thin.push(c);
                    continue;
                }
                Some(refuted) => refuted,
                None => beyond_reach(
                    stress_row(r, key, &c.form, hi, Some((fast, proof.engine))),
                    proof,
                    p,
                    key,
                ),
            },
            _ if c.needs.is_some() => {
                thin.push(c);
                continue;
            }
            (_, Some(proof), Some(fast)) => stress_row(r, key, &c.form, hi, Some((fast, proof.engine))),
            _ => stress_row(r, key, &c.form, hi, None),
        };
        fits.push(Fit {
            form: c.form,
            evidence: c.evidence,
            status,
        });
    }
    let keys = [key];
    let words: Vec<String> = (thin.iter())
        .map(|c| {
            format!(
                "{} ({}) needs {} values",
                c.form.statement(&keys),
                c.evidence,
                c.needs.expect("thin")
            )
        })
        .collect();
    if fits.is_empty() && !thin.is_empty() {
        let needs = thin.iter().filter_map(|c| c.needs).min().expect("thin");
        bail!(
            "too short to decide: {}; no fit stands on {key}={lo}..{hi} alone: widen to {key}={lo}..{}",
            words.join("; "),
            lo + needs as i64 - 1
        );
    }
    for w in words {
        let _ = writeln!(out, "  too short to decide, so not a fit: {w}");
    }
    Ok(fits)
}

/// A form that gives every value of the table, why, and, when the table
/// shows it too thinly to count, how many values it needs.
struct Candidate {
    form: Form,
    evidence: String,
    needs: Option<usize>,
}

/// The values a recurrence of order `order` needs: `2 order` fix it, as many
/// again and at least [`EVIDENCE`] more confirm it, so a recurrence whose
/// order is near half the table (which any sequence has) is no fit.
fn recurrence_needs(order: usize) -> usize {
    (3 * order).max(2 * order + EVIDENCE)
}

/// Every one-key form that gives each value, with its evidence, simplest first.
fn row_forms(key: &str, lo: i64, values: &[i64]) -> Vec<Candidate> {
    let n = values.len();
    let mut forms = Vec::new();
    // A period seen fewer than FEWEST_PERIODS whole times, or over fewer than FEWEST_VALUES
    // values, may be no more than the table's short tail.
    let thin = |p: &Periodic| {
        let needs = (p.from - p.lo) as usize + (FEWEST_PERIODS * p.period as usize).max(FEWEST_VALUES);
        (n < needs).then_some(needs)
    };
    let period = Periodic::find(values, lo);
    if let Some(p) = &period {
        let pre = match p.from - lo {
            0 => "no pre-period".to_string(),
            k => format!("pre-period {k} ({key}={lo}..{})", p.from - 1),
        };
        let cycle: Vec<String> = p.cycle().iter().map(i64::to_string).collect();
        let mut evidence = format!(
            "{pre}, then {} whole periods in the table; one period from {key}={}: {}",
            p.periods,
            p.from,
            listed(cycle, " ")
        );
        let zeros = residues_where(p, |v| v == 0);
        if p.saltus == 0 && !zeros.is_empty() {
            let _ = write!(
                evidence,
                "; value 0 exactly at {key} ≡ {zeros} (mod {}) from there",
                p.period
            );
        }
        forms.push(Candidate {
            needs: thin(p),
            form: Form::Periodic(p.clone()),
            evidence,
        });
    }
    if let Some(p) = polynomial::interpolate(values, lo, MAX_DEGREE, EVIDENCE).filter(|p| p.degree() >= 2) {
        let d = p.degree();
        forms.push(Candidate {
            form: Form::Polynomial(p),
            evidence: format!(
                "its {} coefficients from {key}={lo}..{}, checked on the other {} values",
                d + 1,
                lo + d as i64,
                n - d - 1
            ),
            needs: None,
        });
    }
    if forms.iter().all(|c| c.needs.is_some()) {
        let residues: Vec<u64> = values.iter().map(|&x| recurrence::residue(x)).collect();
        // Berlekamp–Massey is quadratic: it reads a prefix, and the rest is checked in O(N L).
        let coefficients = recurrence::berlekamp_massey(&residues[..n.min(RECURRENCE_PREFIX)]);
        let order = coefficients.len();
        let holds = recurrence::extend(&coefficients, &residues[..order], n - order) == residues[order..];
        if holds && recurrence_needs(order) <= n {
            let (rational, how) = rational_coefficients(&coefficients, values);
            forms.push(Candidate {
                form: Form::Recurrence {
                    lo,
                    initial: residues[..order].to_vec(),
                    coefficients,
                    rational,
                },
                evidence: format!(
                    "Berlekamp–Massey (mod 2^61-1): fixed by the first {} values, checked on the other {}; {how}",
                    2 * order,
                    n - 2 * order
                ),
                needs: None,
            });
        }
    }
    if period.is_none() {
        if let Some(z) = Periodic::find(&periodic::zeros(values), lo).filter(|z| z.saltus == 0) {
            forms.push(Candidate {
                needs: thin(&z),
                evidence: format!("the zeros repeat {} whole times in the table", z.periods),
                form: Form::Zeros(z),
            });
        }
    }
    forms
}

/// The recurrence's coefficients as fractions, when rational reconstruction
/// finds each and they generate `values` exactly, with what was done in words.
fn rational_coefficients(coefficients: &[u64], values: &[i64]) -> (Vec<(i64, i64)>, String) {
    let found: Option<Vec<(i64, i64)>> = coefficients.iter().map(|&c| rational::reconstruct(c)).collect();
    match found {
        Some(f) if rational::generates(&f, values) => (
            f,
            "its coefficients by rational reconstruction (Wang), checked exactly on the whole table".into(),
        ),
        Some(_) => (
            Vec::new(),
            "rational reconstruction gives fractions that do not generate the table exactly, so the coefficients \
             are shown mod 2^61-1"
                .into(),
        ),
        None => {
            let i = coefficients
                .iter()
                .position(|&c| rational::reconstruct(c).is_none())
                .unwrap_or(0);
            (
                Vec::new(),
                format!(
                    "rational reconstruction fails: coefficient {} is no fraction with numerator and denominator \
                     within sqrt(p/2), so the coefficients are shown mod 2^61-1",
                    i + 1
                ),
            )
        }
    }
}

/// The config's settings with `sets` added.
fn with_sets(r: &Request, sets: &[(&str, i64)]) -> crate::config::Source {
    let mut src = r.base.clone();
    src.sets
        .extend(sets.iter().map(|&(k, x)| (k.to_string(), toml::Value::Integer(x))));
    src
}

/// Values by the fast engine far enough for the proof of the first plain
/// period (if within [`PROOF_LIMIT`]) and for a stress beyond the table;
/// they must agree with brute's on the table.
fn fast_values(proof: &PeriodProof, forms: &[Candidate], table: &[i64], key: &str, lo: i64) -> Result<Vec<i64>> {
    let hi = lo as usize + table.len() - 1;
    let mut up_to = (10 * (hi + 1)).clamp(1_000, 100_000).max(2 * (hi + 1));
    for c in forms {
        if let Form::Periodic(p) = &c.form {
            if p.saltus == 0 {
                let needs = proof.theorem.needs(p.from as usize, p.period as usize).ok_or_else(|| {
                    anyhow::anyhow!(
                        "the {} bound for period {} from {key}={} overflows: no proof can be computed",
                        proof.theorem.name(),
                        p.period,
                        p.from
                    )
                })?;
                if needs <= PROOF_LIMIT {
                    up_to = up_to.max(needs - 1);
                }
            }
        }
    }
    let fast = (proof.values)(up_to);
    for (k, &brute) in table.iter().enumerate() {
        let x = lo as usize + k;
        if fast[x] != brute {
            bail!(
                "the fast engine ({}) gives {} at {key}={x} where brute gives {brute}: one of them is wrong",
                proof.engine,
                fast[x]
            );
        }
    }
    Ok(fast)
}

/// The theorem's check of a plain period on the fast values: `None` when the
/// bound is beyond [`PROOF_LIMIT`] (the period stays a conjecture).
fn prove(p: &Periodic, proof: &PeriodProof, fast: &[i64], key: &str, hi: i64) -> Option<Status> {
    let (from, period) = (p.from as usize, p.period as usize);
    let needs = proof.theorem.needs(from, period)?;
    if needs > fast.len() {
        return None;
    }
    let n0 = proof.theorem.start(from);
    if let Some(x) = (n0 + period..needs).find(|&x| fast[x] != fast[x - period]) {
        return Some(Status::Refuted(format!(
            "the fast engine ({}) gives {}={x} the value {} but {}={} the value {}",
            proof.engine,
            key,
            fast[x],
            key,
            x - period,
            fast[x - period]
        )));
    }
    let extended = match (hi + 1) as usize {
        top if top < needs => format!("{key}={top}..{} by the fast engine ({})", needs - 1, proof.engine),
        _ => "within the table".to_string(),
    };
    Some(Status::Proven(
        format!("{}, checked to {key}={}", proof.theorem.name(), needs - 1),
        format!("proof: the theorem's bound is {key}={}, checked {extended}", needs - 1),
    ))
}

/// A stress's status, with why the theorem could not be checked.
fn beyond_reach(status: Status, proof: &PeriodProof, p: &Periodic, key: &str) -> Status {
    let needs = proof
        .theorem
        .needs(p.from as usize, p.period as usize)
        .unwrap_or(usize::MAX);
    let why = format!(
        "; no proof: {} needs the values to {key}={}, beyond the {PROOF_LIMIT} --fit computes",
        proof.theorem.name(),
        needs - 1
    );
    match status {
        Status::Conjecture(how) => Status::Conjecture(how + &why),
        other => other,
    }
}

/// A one-key form against the fast values beyond the table, or else brute's.
fn stress_row(r: &Request, key: &str, form: &Form, hi: i64, fast: Option<(&[i64], &str)>) -> Status {
    if let Some((fast, engine)) = fast {
        let to = fast.len() as i64 - 1;
        let claims = form.row_claims(hi + 1, to);
        let found = (hi + 1..=to)
            .zip(&claims)
            .find(|&(x, c)| c.is_some_and(|c| !c.agrees(fast[x as usize])));
        return match found {
            Some((x, c)) => Status::Refuted(format!(
                "the fast engine ({engine}) at {key}={}..{to}: first disagreement at {key}={x}: the form says {}, \
                 the fast engine {}",
                hi + 1,
                c.expect("found where it is some").show(),
                fast[x as usize]
            )),
            None => Status::Conjecture(format!(
                "{} values beyond the table ({key}={}..{to}, fast engine {engine}): no disagreement",
                to - hi,
                hi + 1
            )),
        };
    }
    let points: Vec<Point> = form
        .row_claims(hi + 1, hi + STRESS_CASES as i64)
        .into_iter()
        .enumerate()
        .map(|(k, c)| (vec![(key, hi + 1 + k as i64)], c))
        .collect();
    stress_by_brute(r, &points)
}

/// Claims against brute at `points` (settings, claim), until a disagreement,
/// [`STRESS_TIME`] or brute's reach.
fn stress_by_brute(r: &Request, points: &[Point]) -> Status {
    let start = Instant::now();
    let show = |sets: &[(&str, i64)]| {
        sets.iter()
            .map(|(k, x)| format!("{k}={x}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut cases = 0;
    let mut stopped = String::new();
    for (sets, claim) in points {
        if start.elapsed() > STRESS_TIME || sandbox::signals::cancelled() {
            stopped = format!(" (stopped after {} s)", STRESS_TIME.as_secs());
            break;
        }
        let Some(claim) = claim else { continue };
        let value = r
            .problem
            .table_point(&with_sets(r, sets), &[], &r.budget)
            .map_err(|e| format!("{e:#}"))
            .and_then(|p| {
                p.value
                    .parse::<i64>()
                    .map_err(|_| format!("brute's value `{}`", p.value))
            });
        match value {
            Ok(v) if !claim.agrees(v) => {
                return Status::Refuted(format!(
                    "brute, {cases} points beyond the table agree, then at {}: the form says {}, brute {v}",
                    show(sets),
                    claim.show()
                ))
            }
            Ok(_) => cases += 1,
            Err(e) => {
                stopped = format!(" (brute stopped at {}: {e})", show(sets));
                break;
            }
        }
    }
    let span = match (points.first(), points.get(cases.max(1) - 1)) {
        (Some((a, _)), Some((b, _))) if cases > 0 => format!(" from {} to {}", show(a), show(b)),
        _ => String::new(),
    };
    Status::Conjecture(format!(
        "brute at {cases} points beyond the table{span}: no disagreement{stopped}"
    ))
}

/// The forms of a two-key table, stressed beyond it.
fn fit_grid(r: &Request, a: &Vary, b: &Vary, values: &[Vec<i64>], out: &mut String) -> Result<Vec<Fit>> {
    let (rows, cols) = (values.len(), values[0].len());
    if rows < FEWEST_SIDE || cols < FEWEST_SIDE {
        bail!(
            "too short to decide: --fit needs at least {FEWEST_SIDE} values of each key and the grid is {rows} × \
             {cols}; widen to {}={}..{}, {}={}..{}",
            a.key,
            a.lo,
            a.lo + rows.max(FEWEST_SIDE) as i64 - 1,
            b.key,
            b.lo,
            b.lo + cols.max(FEWEST_SIDE) as i64 - 1
        );
    }
    let g = Grid {
        a_lo: a.lo,
        b_lo: b.lo,
        v: values,
    };
    let every = format!("all {rows} × {cols} cells");
    let mut forms = Vec::new();
    if g.is_xor() {
        forms.push((Form::Xor, every.clone()));
    } else if let Some(k) = g.sum_modulus() {
        forms.push((Form::SumMod { modulus: k }, every.clone()));
    }
    if let Some((p, q, values)) = g.residues() {
        forms.push((
            Form::Residues { p, q, values },
            format!("{every}, each of the {} classes seen at least twice", p * q),
        ));
    }
    if a.lo == 0 && b.lo == 0 {
        let zeros: Vec<Vec<bool>> = values.iter().map(|l| l.iter().map(|&v| v == 0).collect()).collect();
        if let Some(f) = Beatty::find(&zeros, FEWEST_PAIRS) {
            let pairs = f.pairs;
            forms.push((
                Form::Beatty(f),
                format!(
                    "{pairs} pairs (k = 0..{}) in the grid and no other zero cell",
                    pairs - 1
                ),
            ));
        }
    }
    let _ = match g.asymmetry() {
        None => writeln!(
            out,
            "  symmetric: v({0}, {1}) = v({1}, {0}) wherever the grid has both",
            a.key, b.key
        ),
        Some((x, y)) => writeln!(
            out,
            "  not symmetric: at {}={x}, {}={y} the value differs from its mirror's",
            a.key, b.key
        ),
    };
    let (a_hi, b_hi) = (a.lo + rows as i64 - 1, b.lo + cols as i64 - 1);
    let reach = (rows.max(cols) as i64 / 2).max(2);
    let mut outside: Vec<(i64, i64)> = (a.lo..=a_hi + reach)
        .flat_map(|x| (b.lo..=b_hi + reach).map(move |y| (x, y)))
        .filter(|&(x, y)| x > a_hi || y > b_hi)
        .collect();
    outside.sort_by_key(|&(x, y)| ((x - a_hi).max(y - b_hi), x, y));
    let fits = forms
        .into_iter()
        .map(|(form, evidence)| {
            let points: Vec<Point> = outside
                .iter()
                .map(|&(x, y)| (vec![(a.key.as_str(), x), (b.key.as_str(), y)], form.cell_claim(x, y)))
                .collect();
            let status = stress_by_brute(r, &points[..points.len().min(STRESS_CASES)]);
            Fit { form, evidence, status }
        })
        .collect();
    Ok(fits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_cut_and_says_how_long_it_is() {
        let items = |n: usize| (0..n).map(|k| k.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(items(3), " "), "0 1 2");
        assert_eq!(listed(items(MAX_LISTED), ", ").split(", ").count(), MAX_LISTED);
        let cut = listed(items(1000), " ");
        assert!(
            cut.starts_with("0 1 2 ") && cut.ends_with(" 47 … (1000 in all)"),
            "{cut}"
        );
    }

    fn statements(values: &[i64]) -> Vec<(String, Option<usize>)> {
        row_forms("n", 0, values)
            .into_iter()
            .map(|c| (c.form.statement(&["n"]), c.needs))
            .collect()
    }

    #[test]
    fn a_fibonacci_like_table_prints_integer_coefficients() {
        // Lucas numbers: 2 1 3 4 7 11 ...
        let mut v = vec![2i64, 1];
        while v.len() < 30 {
            v.push(v[v.len() - 1] + v[v.len() - 2]);
        }
        let found = statements(&v);
        assert_eq!(
            found[0],
            ("linear recurrence of order 2: v(n) = v(n-1) + v(n-2)".to_string(), None)
        );
    }

    #[test]
    fn rational_coefficients_print_as_fractions() {
        // v(n) = 2^41 - 2^(41-n): the roots 1 and 1/2 of x^2 = 3/2 x - 1/2, so
        // v(n) = (3 v(n-1) - v(n-2)) / 2 (by hand: v(2) = (3·2^40 - 0)/2 = 2^41 - 2^39).
        let v: Vec<i64> = (0..24).map(|n| (1i64 << 41) - (1i64 << (41 - n))).collect();
        let found = statements(&v);
        assert_eq!(
            found[0].0,
            "linear recurrence of order 2: v(n) = 3/2·v(n-1) - 1/2·v(n-2)"
        );
    }

    #[test]
    fn a_recurrence_near_half_the_table_is_no_fit() {
        // Ten values with no pattern (digits of π): Berlekamp–Massey finds an order near 5,
        // which any ten values have; 3L values are needed, so it is not a form.
        let v = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
        assert!(
            statements(&v).iter().all(|(s, _)| !s.contains("recurrence")),
            "{:?}",
            statements(&v)
        );
    }

    #[test]
    fn a_period_seen_twice_at_the_end_needs_three_periods() {
        // 9 8 7 then 1 2 1 2 (two periods of 2 from n=3): 3 + 3·2 = 9 values decide it.
        let found = statements(&[9, 8, 7, 1, 2, 1, 2]);
        assert_eq!(found[0], ("period 2 from n=3".to_string(), Some(9)));
    }
}
