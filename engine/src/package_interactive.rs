//! The package of an interactive game (`testset --format kattis|bapc|polygon` of a
//! `<game>-interactive`): an interactive problem whose jury is a self-contained C++ interactor,
//! so that the judge's own tools run it without the harness.
//!
//! - The interactor: `gen/interactors/<game>.cpp`, found by the game's name as the validators
//!   are, with the shared `interaction.h` it includes (the jury's side of the protocol in the
//!   Kattis convention, or testlib's when `INTERACTION_TESTLIB` is defined) inlined: one file,
//!   since problemtools builds each file of `output_validator/` apart and p2d copies one. A
//!   Kattis package carries it as its output validator (`type: interactive`); a Polygon package
//!   as its testlib interactor (`files/interactor.cpp`, testlib first), with testlib's token
//!   checker comparing the side the interactor wrote to its output file with the test's answer.
//! - The submissions: the game's right player as one C++ file, `gen/players/<game>.cpp`
//!   (`accepted/`), and a deliberately wrong one where there is, `gen/players/wrong_answer/`.
//! - The input validator: `gen/validators/<game>.cpp`, else that of the plain problem whose
//!   format the game's position is (`bash-game` for `bash-game-interactive`).
//! - Samples: beside `.in` and `.ans`, the `.interaction` of the right player's game against
//!   the jury (`<` what the jury prints, `>` what the player does), which the Kattis tools show
//!   in the statement.
//!
//! Reference: the Kattis problem package format (2023-07 and 2025-09: `type: interactive`, the
//! output validator as interactor, `.interaction` samples); testlib's `registerInteraction`; p2d's
//! reading of `assets/interactor`.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};
use brute::Budget;

use crate::config;
use crate::interactive::game::Game;
use crate::interactive::jury::{jury_rng, referee, Ruling, Who};
use crate::interactive::player::InProcess;
use crate::interactive::DynInteractive;
use crate::package::{stems, workspace_sources, write, About, Carried, Group, Judging, Layout, Test};

/// Where the interactors live, one source per game beside the header they share.
const INTERACTORS: &str = "gen/interactors";
/// The header every interactor includes.
const HEADER: &str = "interaction.h";
/// Where the games' right players live, one source a judge builds per game.
const PLAYERS: &str = "gen/players";
/// Where deliberately wrong players live (a built-in wrong player's idea), likewise.
const WRONG_PLAYERS: &str = "gen/players/wrong_answer";
/// Where the input validators live.
const VALIDATORS: &str = "gen/validators";

/// What a package of the game `game` says beside its tests (none of its sources outside a
/// workspace).
pub fn about(game: &dyn DynInteractive) -> Result<About> {
    let id = game.id();
    Ok(About {
        name: id.name.to_string(),
        title: id.title(),
        time_ms: u64::from(id.judge.time_ms),
        memory_bytes: u64::from(id.judge.memory_mib) << 20,
        judging: Judging::Interactor,
        statement: statement(game),
        submissions: submissions(id.name)?,
        input_validators: input_validators(id.name)?,
        output_validators: interactor(id.name)?,
        checkers: vec![],
        // A game's answers are its interactor's to judge: BAPC's `.ans` files are empty.
        answer_validators: vec![],
        generator: None,
    })
}

/// The right player, then the wrong one if any, named apart (`nim-interactive-wrong.cpp`): a
/// Polygon package keeps its solutions in one folder.
fn submissions(name: &str) -> Result<Vec<Carried>> {
    let mut all = workspace_sources(PLAYERS, name, "accepted/")?;
    for wrong in workspace_sources(WRONG_PLAYERS, name, "")? {
        let (stem, ext) = wrong.name.rsplit_once('.').unwrap_or((&wrong.name, ""));
        all.push(Carried {
            name: format!("wrong_answer/{stem}-wrong.{ext}"),
            text: wrong.text,
        });
    }
    Ok(all)
}

/// The tests as `layout` holds them: in the 2025-09 format an interactive problem's `.ans` is
/// empty (BAPCtools enforces it; the interactor judges), so the winning side moves to the
/// test's description.
pub fn answers_for(layout: Layout, mut tests: Vec<Test>) -> Vec<Test> {
    if layout == Layout::Bapc {
        for t in &mut tests {
            t.what = format!("{} (wins: {})", t.what, t.answer.trim());
            t.answer.clear();
        }
    }
    tests
}

/// The interactor as one self-contained source, `<name>.cpp` with the header it includes
/// inlined: problemtools builds each file of `output_validator/` as a program of its own, and
/// p2d copies one file. None when the workspace has no interactor for `name`.
fn interactor(name: &str) -> Result<Vec<Carried>> {
    let include = format!("#include \"{HEADER}\"");
    let mut sources = workspace_sources(INTERACTORS, name, "")?;
    for source in &mut sources {
        if source.text.contains(&include) {
            let path = config::workspace_root().join(INTERACTORS).join(HEADER);
            let header = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let inlined = format!(
                "// {HEADER}, inlined:\n{}// {HEADER} ends.",
                header.replace("#pragma once\n", "")
            );
            source.text = source.text.replace(&include, &inlined);
        }
    }
    Ok(sources)
}

/// The game's own input validator, else its plain problem's (a game's position is that
/// problem's case), as a folder with the shared reader.
fn input_validators(name: &str) -> Result<Vec<Carried>> {
    let plain = name.strip_suffix("-interactive").unwrap_or(name);
    for candidate in [name, plain] {
        let found =
            crate::package::with_includes(VALIDATORS, candidate, workspace_sources(VALIDATORS, candidate, "")?)?;
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(vec![])
}

/// The statement in Markdown: what the game is, the exchange, the limits.
fn statement(game: &dyn DynInteractive) -> String {
    let id = game.id();
    // The protocol's last sentences say how the harness's jury values positions: not this one's.
    let protocol = game.protocol();
    let exchange = protocol.split("\nThe jury plays from").next().unwrap_or(protocol);
    let mut out = format!("{}.\n\n## Interaction\n\n{exchange}\n", id.about);
    let _ = write!(
        out,
        "The jury plays perfectly. Every move makes the position smaller, so the game ends; the player \
         wins when the jury is left without a move.\n\n## Limits\n\n- {}\n- {}",
        id.limits_text(),
        crate::problem_doc::limits_line(id.judge.time_ms.into(), id.judge.memory_mib.into())
    );
    out
}

/// The testlib interactor of a Polygon package: the self-contained one in testlib's convention.
pub fn testlib_interactor(name: &str, sources: &[Carried]) -> Option<String> {
    let main = sources.iter().find(|s| s.name.ends_with(".cpp"))?;
    Some(format!(
        "// {name}'s interactor in testlib's convention, for Polygon.\n\
         #include \"testlib.h\"\n#define INTERACTION_TESTLIB\n{}",
        main.text
    ))
}

/// Writes `data/sample/<stem>.interaction` beside each sample of a Kattis layout: the right
/// player's game against the jury. In the 2025-09 format the files a contestant downloads are
/// named too (`.in.download`, the position, and an empty `.ans.download`): with an
/// `.interaction` shown in the statement, BAPCtools expects both.
pub fn write_interactions(game: &dyn DynInteractive, layout: Layout, tests: &[Test], dir: &Path) -> Result<()> {
    if !layout.is_kattis() {
        return Ok(());
    }
    let stem = stems(tests.len());
    for (k, t) in tests.iter().enumerate() {
        if t.group == Group::Sample {
            let lines = game
                .interaction(&t.input, &Budget::new(2_000_000))
                .with_context(|| format!("sample {}", stem(k)))?;
            let sample = dir.join("data").join("sample");
            write(&sample.join(format!("{}.interaction", stem(k))), &lines)?;
            if layout == Layout::Bapc {
                write(&sample.join(format!("{}.in.download", stem(k))), &t.input)?;
                write(&sample.join(format!("{}.ans.download", stem(k))), "")?;
            }
        }
    }
    Ok(())
}

/// The exchange of `G`'s first right player against the jury on the position `input`, as a
/// Kattis `.interaction` file: `<` before each line the jury prints, `>` before the player's.
pub fn interaction<G: Game>(input: &str, budget: &Budget) -> Result<String> {
    use gen::judge::Format;
    let start = G::Judge::read_input(input)
        .map_err(|e| anyhow::anyhow!("not a {} position: {e}", G::Judge::ID.name))?
        .remove(0);
    let player = (G::players().iter())
        .find(|p| p.right)
        .with_context(|| format!("{} has no right player", G::Judge::ID.name))?;
    let outcome = referee::<G>(
        &start,
        &mut jury_rng(0, 0),
        budget,
        std::time::Duration::ZERO,
        &mut InProcess::new(player),
    );
    if outcome.result != Ruling::Accepted {
        anyhow::bail!("the right player `{}` did not win: {}", player.name, outcome.message);
    }
    let mut out: String = input.lines().map(|l| format!("<{l}\n")).collect();
    for (who, line) in &outcome.transcript.0 {
        let mark = if *who == Who::Jury { '<' } else { '>' };
        let _ = writeln!(out, "{mark}{line}");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(group: Group, answer: &str) -> Test {
        Test {
            input: "1\n1\n".into(),
            answer: answer.into(),
            group,
            by: "brute".into(),
            what: "sample 1".into(),
            gen_args: None,
        }
    }

    #[test]
    fn only_the_2025_09_answers_are_empty_and_the_side_moves_to_the_description() {
        let bapc = answers_for(Layout::Bapc, vec![test(Group::Sample, "First\n")]);
        assert_eq!(bapc[0].answer, "");
        assert_eq!(bapc[0].what, "sample 1 (wins: First)");
        for layout in [Layout::Kattis, Layout::Polygon, Layout::Flat, Layout::Oj] {
            let kept = answers_for(layout, vec![test(Group::Random, "Second\n")]);
            assert_eq!(
                (kept[0].answer.as_str(), kept[0].what.as_str()),
                ("Second\n", "sample 1")
            );
        }
    }

    #[test]
    fn the_testlib_interactor_defines_the_convention_after_testlib_and_before_the_game() {
        let game = Carried {
            name: "nim-interactive.cpp".into(),
            text: "// header inlined\nint main() {}\n".into(),
        };
        let source = testlib_interactor("nim-interactive", &[game]).unwrap();
        let at = |part: &str| source.find(part).unwrap_or_else(|| panic!("{part} missing:\n{source}"));
        assert!(at("#include \"testlib.h\"") < at("#define INTERACTION_TESTLIB"));
        assert!(at("#define INTERACTION_TESTLIB") < at("int main()"));
        assert_eq!(testlib_interactor("nim-interactive", &[]), None);
    }

    #[test]
    fn an_interactor_is_one_file_with_its_header_inlined() {
        for name in ["nim-interactive", "green-hackenbush-interactive"] {
            let sources = interactor(name).unwrap();
            assert_eq!(sources.len(), 1, "{name}");
            assert_eq!(sources[0].name, format!("{name}.cpp"));
            assert!(!sources[0].text.contains("#include \"interaction.h\""), "{name}");
            assert!(sources[0].text.contains("namespace interaction"), "{name}");
        }
    }
}
