//! The recorded periods of octal games, proven again by `solvers::octal`
//! (`octal_speed --records`): for each code whose period the literature
//! records, the values are computed until the Guy-Smith theorem proves a
//! period, and the period and its start are compared with the record, with
//! the CPU seconds it took.
//!
//! The records are the nontrivial solved games of tczajka/octal-games
//! (`SolvedGames.md`: Flammenkamp's results checked again), and the Winning
//! Ways and OEIS entries the octal tests use. A record's `start` is the
//! first heap of the period (the last exception plus one).

use gen::octal::OctalCode;
use solvers::octal::{Period, Values};

use super::seconds;

/// `(code, start, length, source)`.
const RECORDS: [(&str, usize, usize, &str); 16] = [
    ("0.77", 71, 12, "Kayles, Winning Ways ch. 4"),
    ("0.137", 52, 34, "Dawson's chess, Winning Ways ch. 4"),
    ("0.07", 53, 34, "Dawson's Kayles, Winning Ways ch. 4"),
    ("0.1377", 141, 24, "OEIS A071434"),
    ("0.11377", 187, 32, "OEIS A071452"),
    ("0.177", 497, 20, "OEIS A071435"),
    ("0.45", 498, 20, "tczajka/octal-games"),
    ("0.644", 3256, 442, "Richard Austin, 1976"),
    ("0.156", 3479, 349, "Jack Kenyon, 1967"),
    ("0.165", 5181, 1550, "Richard Austin, 1976"),
    ("0.356", 7315, 142, "Richard Austin, 1976"),
    ("0.127", 46578, 4, "Gangolli and Plambeck, 1989"),
    ("0.16", 105351, 149459, "Gangolli and Plambeck, 1989"),
    ("0.56", 326640, 144, "Gangolli and Plambeck, 1989"),
    ("0.376", 2268248, 4, "Gangolli and Plambeck, 1989"),
    ("0.354", 10061916, 1180, "Flammenkamp, 2002"),
];

/// Proves again every record whose start is below `below`; the number of
/// records not proven as recorded.
pub fn run(below: usize) -> usize {
    println!("== recorded periods proven again (Guy-Smith), one core, CPU seconds");
    println!(
        "{:<8} {:>9} {:>7}  {:>9} {:>7} {:>11} {:>9}  source",
        "code", "start", "period", "found", "period", "computed", "seconds"
    );
    let mut wrong = 0;
    for (text, start, length, source) in RECORDS.into_iter().filter(|r| r.1 < below) {
        let code = OctalCode::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // The theorem needs g(n + p) = g(n) for n < 2 start + p + t, so values to
        // 2 start + 2p + t; and an eighth more: the engine looks at checkpoints an eighth apart.
        let bound = 2 * start + 2 * length + code.reach();
        let up_to = bound + bound / 8 + 1024;
        let mut values = None;
        let spent = seconds(|| values = Some(Values::compute(&code, up_to)));
        let values = values.expect("computed");
        let found = values.period();
        let (found_start, found_length) = found.map_or((String::from("none"), String::new()), |p| {
            (p.start.to_string(), p.length.to_string())
        });
        let agrees = found == Some(Period { start, length });
        wrong += usize::from(!agrees);
        println!(
            "{text:<8} {start:>9} {length:>7}  {found_start:>9} {found_length:>7} {:>11} {spent:>9.3}  {source}{}",
            values.computed(),
            if agrees { "" } else { "   DIFFERS" }
        );
    }
    wrong
}
