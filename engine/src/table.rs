//! `harness table`: brute's values over a row or a grid of generator settings,
//! the tool setters use to find and check the conjectures behind a problem.
//!
//! Every `[gen]` range is pinned to its lower end (`Family::pinned`), except
//! the varied keys, which take each value of their range in turn; `--set`
//! fixes others. For each point the problem's `table_value` is shown (the
//! Sprague-Grundy value for impartial problems, even where the judge asks only
//! who wins); `--solver` adds that solver's answers and marks every cell the
//! problem's check rejects. `--find-period` looks for the smallest period of
//! a one-key table, with its pre-period and, failing that, a saltus
//! (arithmetic periodicity: values grow by a constant every period).
//! `--fit` hands the table to [`crate::fit`]. On a one-key table whose
//! problem has a fast engine for the key (`Problem::period_proof`), rows
//! beyond brute's reach come from that engine, as a line above the table says.
//!
//! `--exhaustive` makes each point a verdict instead of a value: the varied
//! keys are fixed to the point and every other range is kept as the config
//! (or `--set`) gives it, and the point is every instance of the family within
//! them, by the same enumeration as `harness --exhaustive` (up to its
//! symmetry), each answered by brute and by each solver (the problem's default
//! ones when none is named). A cell counts the instances a solver's answer is
//! rejected on (`ok` when none, a panic counts as rejected), the first row
//! shows how many instances the point has, and the first rejected instance of
//! each solver follows the table: a smallest one, as its enumeration goes.

use std::fmt::Write;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use brute::{Budget, TooBig};

use crate::builtin::registry::{DynProblem, ExhaustivePoint, TablePoint};
use crate::config::Source;
use crate::show::{Bar, Bars, Cell, Figure, Grid, Panel, Picture, Tone};

/// The most points one table may have, each answered by brute or a solver.
const MAX_POINTS: u64 = 200_000;
/// The most rows of a one-key table whose rows beyond brute's reach come from a fast engine:
/// a value each, so tables of 10^6 terms fit.
const MAX_FAST_ROWS: u64 = 2_000_000;
/// A brute point slower than this ends brute's rows where a fast engine can go on.
const BRUTE_POINT_TIME: Duration = Duration::from_millis(50);
/// Brute's rows in all, where a fast engine can go on: each point is searched from scratch, so
/// a thousand points just under [`BRUTE_POINT_TIME`] would cost a minute before the engine,
/// which answers them all in less than a second, starts.
const BRUTE_ROWS_TIME: Duration = Duration::from_secs(2);
/// The most points a table's picture draws: a 100x100 heat map.
const MAX_DRAWN: u64 = 10_000;

/// `KEY=LO..HI`, as `--vary` takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vary {
    pub key: String,
    pub lo: i64,
    pub hi: i64,
}

impl Vary {
    fn values(&self) -> impl Iterator<Item = i64> + Clone {
        self.lo..=self.hi
    }

    fn len(&self) -> u64 {
        (self.hi - self.lo) as u64 + 1
    }
}

pub fn parse_vary(arg: &str) -> Result<Vary, String> {
    let (key, range) = arg
        .split_once('=')
        .ok_or_else(|| format!("`{arg}` is not KEY=LO..HI, e.g. n=0..40"))?;
    let (lo, hi) = range
        .split_once("..")
        .ok_or_else(|| format!("`{range}` is not a range LO..HI, e.g. 0..40"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<i64>()
            .map_err(|_| format!("`{s}` in `{arg}` is not an integer"))
    };
    let (lo, hi) = (number(lo)?, number(hi.trim_start_matches('='))?);
    if lo > hi {
        return Err(format!("{lo}..{hi} is empty: write {hi}..{lo}"));
    }
    let key = key.trim();
    if key.is_empty() {
        return Err(format!("`{arg}` has an empty key"));
    }
    Ok(Vary {
        key: key.to_string(),
        lo,
        hi,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A row for one key, a grid for two; `*` marks a solver's rejected answers.
    Text,
    /// One line per point: the varied keys, `value`, then one column per solver.
    Csv,
    /// A picture: a one-key table as a strip of bars, a two-key table as a
    /// heat map; losing positions (value 0) marked, the period in the caption.
    Svg,
}

#[derive(Clone, Copy)]
pub struct Request<'a> {
    pub problem: &'static dyn DynProblem,
    pub base: &'a Source,
    pub vary: &'a [Vary],
    pub solvers: &'a [String],
    pub find_period: bool,
    /// Closed forms that explain the whole table (`--fit`).
    pub fit: bool,
    /// Where `--save-fit` writes the simplest fit that stands.
    pub save_fit: Option<&'a std::path::Path>,
    pub style: Style,
    pub budget: Budget,
    /// Every instance of each point, refused past this many (`--exhaustive`).
    pub exhaustive: Option<u128>,
}

/// The table as text; `true` when a solver was rejected somewhere.
pub fn make(r: &Request) -> Result<(String, bool)> {
    if let Some(limit) = r.exhaustive {
        return exhaustive(r, limit);
    }
    match r.vary {
        [_] | [_, _] => {}
        [] => bail!("name a key to vary, e.g. --vary n=0..40"),
        _ => bail!("a table varies one key (a row) or two (a grid), not {}", r.vary.len()),
    }
    if r.vary.len() == 2 && r.vary[0].key == r.vary[1].key {
        bail!("--vary names `{}` twice", r.vary[0].key);
    }
    if r.find_period && r.vary.len() != 1 {
        bail!("--find-period needs a one-key table (one --vary)");
    }
    let points: u64 = r.vary.iter().map(Vary::len).product();
    if points > MAX_FAST_ROWS {
        bail!(
            "{points} points is more than a table holds ({MAX_POINTS}, or {MAX_FAST_ROWS} in a row a fast engine \
             answers beyond brute): narrow the ranges"
        );
    }
    if r.style == Style::Svg && points > MAX_DRAWN {
        bail!("{points} points is more than a picture holds ({MAX_DRAWN}): narrow the ranges, or use --format csv");
    }
    // A saved fit (`fit:FILE`) answers from its form; the others are built-in solvers.
    let table = crate::fit::saved::Table {
        problem: r.problem.id().name,
        vary: r.vary,
        base: r.base,
    };
    let fits: Vec<(usize, crate::fit::Form)> = r
        .solvers
        .iter()
        .enumerate()
        .filter_map(|(k, s)| s.strip_prefix("fit:").map(|f| (k, f)))
        .map(|(k, f)| Ok((k, crate::fit::saved::load(std::path::Path::new(f), &table)?)))
        .collect::<Result<_>>()?;
    let builtins: Vec<String> = r.solvers.iter().filter(|s| !s.starts_with("fit:")).cloned().collect();
    // Rows beyond brute's reach (its budget, a point slower than
    // BRUTE_POINT_TIME, or BRUTE_ROWS_TIME in all) come from the problem's fast
    // engine where it has one for the key, unless a built-in solver needs
    // brute's answers.
    let fast = match r.vary {
        [v] if builtins.is_empty() && v.lo >= 0 => {
            let mut src = r.base.clone();
            src.sets.push((v.key.clone(), toml::Value::Integer(v.lo)));
            r.problem.period_proof(&src, &v.key)?
        }
        _ => None,
    };
    if fast.is_none() && points > MAX_POINTS {
        bail!("{points} points is more than {MAX_POINTS} (no fast engine answers this table beyond brute): narrow the ranges");
    }
    let rows: Vec<i64> = r.vary[0].values().collect();
    let cols: Vec<Option<i64>> = match r.vary.get(1) {
        Some(v) => v.values().map(Some).collect(),
        None => vec![None],
    };
    let mut grid: Vec<Vec<TablePoint>> = Vec::with_capacity(rows.len());
    let mut slow = false;
    let brute_started = Instant::now();
    for &x in &rows {
        // A signal stops the table after its last whole row, which is printed (see `cancel`).
        if sandbox::signals::cancelled() {
            break;
        }
        let mut line = Vec::with_capacity(cols.len());
        for &y in &cols {
            let mut src = r.base.clone();
            src.sets.push((r.vary[0].key.clone(), toml::Value::Integer(x)));
            if let (Some(y), Some(v)) = (y, r.vary.get(1)) {
                src.sets.push((v.key.clone(), toml::Value::Integer(y)));
            }
            let at = match y {
                Some(y) => format!("{}={x}, {}={y}", r.vary[0].key, r.vary[1].key),
                None => format!("{}={x}", r.vary[0].key),
            };
            let started = Instant::now();
            let point = match r.problem.table_point(&src, &builtins, &r.budget) {
                Err(e) if fast.is_some() && e.downcast_ref::<TooBig>().is_some() => break,
                point => point.map_err(|e| anyhow::anyhow!("at {at}: {e:#}"))?,
            };
            slow =
                fast.is_some() && (started.elapsed() > BRUTE_POINT_TIME || brute_started.elapsed() > BRUTE_ROWS_TIME);
            line.push(point);
        }
        if line.len() < cols.len() {
            break;
        }
        grid.push(line);
        if slow {
            break;
        }
    }
    let by_brute = grid.len();
    let mut origin = String::new();
    if let Some(proof) = fast.filter(|_| by_brute < rows.len() && !sandbox::signals::cancelled()) {
        let hi = rows[rows.len() - 1];
        let values = (proof.values)(hi as usize);
        let key = &r.vary[0].key;
        origin = format!(
            "values: {key}={}..{} by brute, {key}={}..{hi} by the fast engine ({}), beyond brute's reach\n",
            rows[0],
            rows[0] + by_brute as i64 - 1,
            rows[by_brute],
            proof.engine
        );
        grid.extend(rows[by_brute..].iter().map(|&x| {
            vec![TablePoint {
                value: values[x as usize].to_string(),
                solvers: Vec::new(),
            }]
        }));
    }
    let rows = &rows[..grid.len()];
    if !fits.is_empty() {
        let values: Vec<Vec<String>> = grid
            .iter()
            .map(|l| l.iter().map(|p| p.value.clone()).collect())
            .collect();
        for (k, form) in &fits {
            let cells = crate::fit::saved::cells(form, r.vary, &values);
            for (line, answers) in grid.iter_mut().zip(cells) {
                for (point, answer) in line.iter_mut().zip(answers) {
                    point.solvers.insert(*k, answer);
                }
            }
        }
    }
    let rejected = grid.iter().flatten().any(|p| p.solvers.iter().any(|(_, ok)| !ok));
    let period = (r.find_period && !sandbox::signals::cancelled()).then(|| {
        let values: Vec<&str> = grid.iter().map(|l| l[0].value.as_str()).collect();
        describe(&r.vary[0], find_period(&values).as_ref())
    });
    let mut out = match r.style {
        Style::Text => origin,
        Style::Csv | Style::Svg => String::new(),
    };
    out += &match (r.style, r.vary) {
        (Style::Csv, _) => csv(r, rows, &cols, &grid),
        (Style::Svg, _) => return Ok((picture(r, rows, &cols, &grid, period.as_deref()), rejected)),
        (Style::Text, [v]) => row(r, v, &grid),
        (Style::Text, [a, b]) => text_grid(r, a, b, &grid),
        _ => unreachable!("one or two keys, checked above"),
    };
    out.push_str(period.as_deref().unwrap_or_default());
    if r.fit && !sandbox::signals::cancelled() {
        out.push_str(&crate::fit::explain(r, &grid, by_brute)?);
    }
    Ok((out, rejected))
}

/// What a point's first line holds: brute's value, or the instances an exhaustive point checked.
fn label(r: &Request) -> &'static str {
    match r.exhaustive {
        Some(_) => "instances",
        None => "value",
    }
}

/// `table --exhaustive`: per point, the instances and each solver's rejected
/// count, then each solver's first rejected instance.
fn exhaustive(r: &Request, limit: u128) -> Result<(String, bool)> {
    let refused = [
        (r.fit, "--fit"),
        (r.find_period, "--find-period"),
        (r.style == Style::Svg, "--format svg"),
        (r.solvers.iter().any(|s| s.starts_with("fit:")), "--solver fit:FILE"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(on, _)| *on) {
        bail!("{flag} reads brute's values, and --exhaustive gives verdicts over many instances per point: drop one");
    }
    let defaults: Vec<String> = (r.problem.solvers().into_iter())
        .filter(|s| s.default)
        .map(|s| s.name.to_string())
        .collect();
    let r = Request {
        solvers: if r.solvers.is_empty() { &defaults } else { r.solvers },
        exhaustive: Some(limit),
        ..*r
    };
    let r = &r;
    match r.vary {
        [_] | [_, _] => {}
        [] => bail!("name a key to vary, e.g. --vary n=0..40"),
        _ => bail!("a table varies one key (a row) or two (a grid), not {}", r.vary.len()),
    }
    let rows: Vec<i64> = r.vary[0].values().collect();
    let cols: Vec<Option<i64>> = match r.vary.get(1) {
        Some(v) => v.values().map(Some).collect(),
        None => vec![None],
    };
    let mut grid = Vec::with_capacity(rows.len());
    let mut firsts: Vec<Option<(String, String)>> = vec![None; r.solvers.len()];
    'rows: for &x in &rows {
        let mut line = Vec::with_capacity(cols.len());
        for &y in &cols {
            if sandbox::signals::cancelled() {
                break 'rows;
            }
            let mut src = r.base.clone();
            let mut at = vec![format!("{}={x}", r.vary[0].key)];
            src.sets.push((r.vary[0].key.clone(), toml::Value::Integer(x)));
            if let (Some(y), Some(v)) = (y, r.vary.get(1)) {
                src.sets.push((v.key.clone(), toml::Value::Integer(y)));
                at.push(format!("{}={y}", v.key));
            }
            let at = at.join(", ");
            let point: ExhaustivePoint = (r.problem.exhaustive_point(&src, r.solvers, &r.budget, limit))
                .map_err(|e| anyhow::anyhow!("at {at}: {e:#}"))?;
            for (first, (_, input)) in firsts.iter_mut().zip(&point.rejected) {
                if first.is_none() {
                    *first = input.clone().map(|i| (at.clone(), i));
                }
            }
            line.push(TablePoint {
                value: point.instances.to_string(),
                solvers: (point.rejected.iter())
                    .map(|(wrong, _)| match wrong {
                        0 => ("ok".to_string(), true),
                        k => (k.to_string(), false),
                    })
                    .collect(),
            });
        }
        grid.push(line);
    }
    let rows = &rows[..grid.len()];
    let rejected = firsts.iter().any(Option::is_some);
    let mut out = match (r.style, r.vary) {
        (Style::Csv, _) => csv(r, rows, &cols, &grid),
        (_, [v]) => row(r, v, &grid),
        (_, [a, b]) => text_grid(r, a, b, &grid),
        _ => unreachable!("one or two keys, checked above"),
    };
    if r.style == Style::Text {
        out.push_str("every instance of each point checked against brute; a number counts the rejected answers\n");
        for (name, first) in r.solvers.iter().zip(&firsts) {
            if let Some((at, input)) = first {
                let input = input.trim_end().replace('\n', "\n    ");
                let _ = writeln!(out, "{name}: first rejected at {at}, on\n    {input}");
            }
        }
    }
    Ok((out, rejected))
}

/// A solver's answer as a cell, `*` marking one the check rejects.
fn cell(answer: &str, ok: bool) -> String {
    if ok {
        answer.to_string()
    } else {
        format!("{answer}*")
    }
}

fn width(cells: impl IntoIterator<Item = usize>) -> usize {
    cells.into_iter().max().unwrap_or(1)
}

/// A one-key table: the key's values on a header line, brute's below, a line
/// per solver; wrapped every 20 columns.
fn row(r: &Request, v: &Vary, grid: &[Vec<TablePoint>]) -> String {
    let mut lines: Vec<(String, Vec<String>)> = vec![
        (
            v.key.clone(),
            v.values().take(grid.len()).map(|x| x.to_string()).collect(),
        ),
        (label(r).into(), grid.iter().map(|l| l[0].value.clone()).collect()),
    ];
    for (k, name) in r.solvers.iter().enumerate() {
        let cells = grid.iter().map(|l| {
            let (answer, ok) = &l[0].solvers[k];
            cell(answer, *ok)
        });
        lines.push((name.clone(), cells.collect()));
    }
    let label = width(lines.iter().map(|(l, _)| l.len()));
    let w = width(lines.iter().flat_map(|(_, c)| c.iter().map(String::len)));
    let mut out = String::new();
    let total = lines[0].1.len();
    for start in (0..total).step_by(20) {
        let end = (start + 20).min(total);
        for (name, cells) in &lines {
            let _ = write!(out, "{name:<label$} ");
            for c in &cells[start..end] {
                let _ = write!(out, " {c:>w$}");
            }
            out.push('\n');
        }
        if end < total {
            out.push('\n');
        }
    }
    out
}

/// A two-key table: the first key down, the second across; one grid for
/// brute's values, then one per solver.
fn text_grid(r: &Request, a: &Vary, b: &Vary, grid: &[Vec<TablePoint>]) -> String {
    let mut grids: Vec<(String, Vec<Vec<String>>)> = vec![(
        label(r).into(),
        grid.iter()
            .map(|l| l.iter().map(|p| p.value.clone()).collect())
            .collect(),
    )];
    for (k, name) in r.solvers.iter().enumerate() {
        let cells = grid
            .iter()
            .map(|l| l.iter().map(|p| cell(&p.solvers[k].0, p.solvers[k].1)).collect())
            .collect();
        grids.push((format!("solver {name} (* where the check rejects it)"), cells));
    }
    let corner = format!("{}\\{}", a.key, b.key);
    let label = width(a.values().map(|x| x.to_string().len()).chain([corner.len()]));
    let w = width(
        grids
            .iter()
            .flat_map(|(_, g)| g.iter().flatten().map(String::len))
            .chain(b.values().map(|y| y.to_string().len())),
    );
    let mut out = String::new();
    for (title, cells) in &grids {
        let _ = writeln!(out, "{title}: {} down, {} across", a.key, b.key);
        let _ = write!(out, "{corner:<label$} ");
        for y in b.values() {
            let _ = write!(out, " {y:>w$}");
        }
        out.push('\n');
        for (x, line) in a.values().zip(cells) {
            let _ = write!(out, "{x:<label$} ");
            for c in line {
                let _ = write!(out, " {c:>w$}");
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// Quotes a CSV field when it needs it.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv(r: &Request, rows: &[i64], cols: &[Option<i64>], grid: &[Vec<TablePoint>]) -> String {
    let mut header: Vec<String> = r.vary.iter().map(|v| field(&v.key)).collect();
    header.push(label(r).into());
    header.extend(r.solvers.iter().map(|s| field(s)));
    let mut out = header.join(",") + "\n";
    for (x, line) in rows.iter().zip(grid) {
        for (y, p) in cols.iter().zip(line) {
            let mut fields = vec![x.to_string()];
            fields.extend(y.map(|y| y.to_string()));
            fields.push(field(&p.value));
            fields.extend(p.solvers.iter().map(|(answer, ok)| field(&cell(answer, *ok))));
            out.push_str(&fields.join(","));
            out.push('\n');
        }
    }
    out
}

/// The table as an SVG picture: bars over the first key, or a heat map with
/// the first key down and the second across; value 0 marked, a solver's
/// rejected points named in the caption.
fn picture(r: &Request, rows: &[i64], cols: &[Option<i64>], grid: &[Vec<TablePoint>], period: Option<&str>) -> String {
    let numbers: Vec<Option<i64>> = grid.iter().flatten().map(|p| p.value.parse().ok()).collect();
    let (low, high) = numbers
        .iter()
        .flatten()
        .fold((i64::MAX, i64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let tone = |p: &TablePoint| if p.value == "0" { Tone::Marked } else { Tone::Plain };
    let figure = match r.vary {
        [v] => Figure::Bars(Bars {
            bars: rows
                .iter()
                .zip(grid)
                .map(|(x, l)| Bar {
                    name: format!("{}={x}", v.key),
                    // Values that are no numbers (`First`) stand as equal bars, their words beneath.
                    value: l[0].value.parse::<i64>().map_or(1, |n| (n - low.min(0)) as u64),
                    label: l[0].value.parse::<i64>().is_err().then(|| l[0].value.clone()),
                    tone: tone(&l[0]),
                })
                .collect(),
        }),
        _ => Figure::Grid(Grid {
            rows: rows.len(),
            cols: cols.len(),
            cells: grid
                .iter()
                .flatten()
                .map(|p| Cell {
                    heat: p
                        .value
                        .parse::<i64>()
                        .ok()
                        .map(|n| (n - low) as f64 / (high - low).max(1) as f64),
                    ..Cell::new(&p.value, tone(p))
                })
                .collect(),
            row_names: rows.iter().map(ToString::to_string).collect(),
            col_names: cols.iter().flatten().map(ToString::to_string).collect(),
        }),
    };
    let keys: Vec<String> = r.vary.iter().map(|v| format!("{}={}..{}", v.key, v.lo, v.hi)).collect();
    let mut caption = vec![match r.vary {
        [_, b] => format!(
            "{} down, {} across; value 0 (a losing position) in red",
            r.vary[0].key, b.key
        ),
        _ => "value 0 (a losing position) in red".to_string(),
    }];
    for (k, name) in r.solvers.iter().enumerate() {
        let wrong: Vec<String> = rows
            .iter()
            .zip(grid)
            .flat_map(|(x, l)| cols.iter().zip(l).map(move |(y, p)| (x, y, p)))
            .filter(|(_, _, p)| !p.solvers[k].1)
            .map(|(x, y, p)| match y {
                Some(y) => format!("({x},{y}): {}", p.solvers[k].0),
                None => format!("{x}: {}", p.solvers[k].0),
            })
            .collect();
        caption.push(match wrong.len() {
            0 => format!("solver {name}: right everywhere"),
            n => format!("solver {name}: rejected at {n} points: {}", wrong.join(", ")),
        });
    }
    caption.extend(period.map(|p| p.trim().to_string()));
    // A table is drawn whole, whatever its size: its ranges are what was asked for.
    let panel = Panel::new(figure);
    Picture {
        title: format!("{}: {} over {}", r.problem.id().name, "value", keys.join(", ")),
        caption,
        panels: vec![(String::new(), panel)],
    }
    .svg()
}

/// Periodicity found in a sequence: from index `start` on, `v[i + period] =
/// v[i] + saltus`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    pub start: usize,
    pub period: usize,
    pub saltus: i64,
    /// Whole periods the periodic part of the range spans.
    pub periods: usize,
}

/// The period the values support from the earliest point (at least two whole
/// periods after the pre-period, so every value of one period is seen
/// repeated; three for a saltus), the smallest such period, and its
/// pre-period; a saltus only when no plain period fits.
pub fn find_period(values: &[&str]) -> Option<Period> {
    let n = values.len();
    let numbers: Option<Vec<i64>> = values.iter().map(|v| v.parse().ok()).collect();
    // Any two values fit some saltus, so an arithmetic period must be seen
    // three times to mean anything; a plain one, twice.
    let plain = |p: usize| start_of(n, p, 2, |i| values[i + p] == values[i]).map(|s| (s, 0));
    let arithmetic = |p: usize| {
        let v = numbers.as_ref()?;
        let s = v[n - 1] - v[n - 1 - p];
        start_of(n, p, 3, |i| v[i + p] - v[i] == s).map(|start| (start, s))
    };
    // The earliest start wins, then the smallest period: a short run of
    // equal values at the end of the range fits period 1 from there on, but
    // it starts later than the true period does.
    let earliest = |fits: &dyn Fn(usize) -> Option<(usize, i64)>, most: usize| {
        (1..=most)
            .filter_map(|p| fits(p).map(|(start, saltus)| (start, p, saltus)))
            .min_by_key(|&(start, p, _)| (start, p))
    };
    let (start, period, saltus) = earliest(&plain, n / 2).or_else(|| earliest(&arithmetic, n / 3))?;
    Some(Period {
        start,
        period,
        saltus,
        periods: (n - start) / period,
    })
}

/// The smallest `start` such that `holds(i)` for every `i` in `start..n - p`,
/// if that leaves at least `times` periods.
fn start_of(n: usize, p: usize, times: usize, holds: impl Fn(usize) -> bool) -> Option<usize> {
    let mut start = n - p;
    while start > 0 && holds(start - 1) {
        start -= 1;
    }
    (n - start >= times * p).then_some(start)
}

fn describe(v: &Vary, found: Option<&Period>) -> String {
    let range = format!("{}={}..{}", v.key, v.lo, v.hi);
    match found {
        None => format!("\nno period in {range}: none repeats twice in full; widen the range\n"),
        Some(p) => {
            let from = v.lo + p.start as i64;
            let saltus = if p.saltus == 0 {
                String::new()
            } else {
                format!(", saltus {}", p.saltus)
            };
            format!(
                "\nperiod {}{saltus} from {}={from} (pre-period {}); {range} covers {} periods\n",
                p.period, v.key, p.start, p.periods
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(v: &[i64]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    fn period_of(v: &[i64]) -> Option<Period> {
        let s = seq(v);
        find_period(&s.iter().map(String::as_str).collect::<Vec<_>>())
    }

    #[test]
    fn bash_game_values_have_period_k_plus_one() {
        let v: Vec<i64> = (0..41).map(|n| n % 4).collect();
        assert_eq!(
            period_of(&v),
            Some(Period {
                start: 0,
                period: 4,
                saltus: 0,
                periods: 10
            })
        );
    }

    #[test]
    fn a_pre_period_is_found_and_counted() {
        // 9 7 then 1 2 3 repeating.
        let mut v = vec![9, 7];
        v.extend((0..12).map(|i| i % 3 + 1));
        let p = period_of(&v).unwrap();
        assert_eq!((p.start, p.period, p.saltus, p.periods), (2, 3, 0, 4));
    }

    #[test]
    fn a_saltus_only_when_no_plain_period_fits() {
        // 0 1 | 2 3 | 4 5 ...: period 2, saltus 2 (and no plain period).
        let v: Vec<i64> = (0..20).collect();
        let p = period_of(&v).unwrap();
        assert_eq!((p.start, p.period, p.saltus), (0, 1, 1));
        let v: Vec<i64> = (0..20).map(|i| (i / 2) * 3 + i % 2).collect();
        let p = period_of(&v).unwrap();
        assert_eq!((p.start, p.period, p.saltus), (0, 2, 3));
    }

    #[test]
    fn equal_values_at_the_end_are_no_period_of_one() {
        // Period 3 from the start, and the range happens to end on a repeat
        // (1 1), which period 1 would fit from there on.
        let v: Vec<i64> = (0..30).map(|i| [4, 1, 1][i % 3]).collect();
        let p = period_of(&v).unwrap();
        assert_eq!((p.start, p.period, p.saltus), (0, 3, 0));
    }

    #[test]
    fn two_full_periods_are_needed() {
        assert_eq!(period_of(&[1, 2, 3, 1, 2]), None);
        assert!(period_of(&[1, 2, 3, 1, 2, 3]).is_some());
        assert_eq!(period_of(&[5]), None);
    }

    #[test]
    fn vary_parses_and_explains() {
        assert_eq!(
            parse_vary("n=0..40"),
            Ok(Vary {
                key: "n".into(),
                lo: 0,
                hi: 40
            })
        );
        assert_eq!(parse_vary("piles.2=-1..=3").unwrap().hi, 3);
        assert!(parse_vary("n=5..1").unwrap_err().contains("write 1..5"));
        assert!(parse_vary("n=5").unwrap_err().contains("LO..HI"));
        assert!(parse_vary("n").unwrap_err().contains("KEY=LO..HI"));
        assert!(parse_vary("n=a..3").unwrap_err().contains("`a`"));
    }
}
