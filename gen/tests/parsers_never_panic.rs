//! Every judge format's readers, fed damaged copies of valid inputs and
//! outputs (`gen::mutate`), answer Ok or an error a person can act on: the
//! error names a line of the text, a field, and shows every character it
//! quotes. They never panic, never take long, and never allocate for a size
//! the text only claims: a parse may hold at most a fixed multiple of the
//! text's length, whatever `n`, `m` or `T` say.

use std::alloc::{GlobalAlloc, Layout, System};
use std::any::Any;
use std::cell::Cell;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use gen::board::BoardParams;
use gen::cactus::CactusParams;
use gen::candy::CandyParams;
use gen::cards::CardParams;
use gen::dag::DagParams;
use gen::even_split::EvenSplitParams;
use gen::judge::bunny_egg;
use gen::judge::candy_piles;
use gen::judge::choosing_carrot;
use gen::judge::fox_card_game;
use gen::judge::jiangnan_le;
use gen::judge::nullify_matrix;
use gen::judge::octal_game;
use gen::judge::{christmas_game, dag_game, forest_game, green_hackenbush, tree_game, Format};
use gen::matrix::MatrixParams;
use gen::multigraph::MultigraphParams;
use gen::mutate::mutations;
use gen::octal::{CodeChoice, Codes, OctalParams};
use gen::range::SizeRange;
use gen::row::RowParams;
use gen::tree::TreeParams;
use gen::weighted_tree::WeightedTreeParams;
use gen::{Family, ParseError, Rng};

/// Damaged texts per format and direction (inputs to `read_input`, outputs to
/// `read_output`), spread over the valid texts each format starts from.
const MUTATIONS: usize = 10_000;
/// Inputs per format: small ones, and one large enough that truncations and
/// deleted lines land deep inside a long edge list.
const INPUTS: usize = 5;
const SLOW: Duration = Duration::from_secs(2);

/// What a parse of `len` bytes may hold at once: the edge and weight vectors
/// of a valid text need well under 64 bytes per byte of text, and a claimed
/// size that was believed (a 12 MB `Vec::with_capacity(m)` for a 10-byte
/// text) overshoots by orders of magnitude.
fn allowed_bytes(len: usize) -> usize {
    64 * len + (64 << 10)
}

/// The global allocator, counting the bytes each thread holds so a test can
/// read the peak of one parse; per thread because tests run in parallel.
struct Counting;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grew(by: usize) {
    // `try_with`: the allocator also runs while a thread's locals are torn down.
    let _ = HELD.try_with(|held| {
        held.set(held.get() + by);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(held.get())));
    });
}

fn shrank(by: usize) {
    // Saturating: memory may be freed by another thread than allocated it.
    let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(by)));
}

// SAFETY: every call forwards its caller's contract to `System` unchanged;
// the counters only observe sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrank(layout.size());
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size);
        shrank(layout.size());
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `f`'s result and the most bytes this thread held at once during it, beyond
/// what it held before.
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let out = f();
    (out, PEAK.with(Cell::get) - before)
}

/// A text as a failure message shows it: escaped, and cut if long.
fn show(text: &str) -> String {
    show_cut(text, 400)
}

fn show_cut(text: &str, chars: usize) -> String {
    let head: String = text.chars().take(chars).collect();
    if head.len() < text.len() {
        format!("{head:?}... ({} bytes)", text.len())
    } else {
        format!("{head:?}")
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a non-string payload")
}

/// Calls, how many were accepted, the slowest, and the most bytes held.
#[derive(Default)]
struct Report {
    calls: usize,
    accepted: usize,
    slowest: Duration,
    slowest_text: String,
    most_bytes: usize,
}

impl Report {
    /// Parses `text`, failing the test if the parser panics, takes longer
    /// than [`SLOW`], holds more than [`allowed_bytes`], or returns an error
    /// that [`check_error`] rejects. Returns the error, if any.
    fn parse<T>(
        &mut self,
        what: &str,
        text: &str,
        parse: impl FnOnce(&str) -> Result<T, ParseError>,
    ) -> Option<ParseError> {
        let start = Instant::now();
        let (result, bytes) = peak_bytes(|| catch_unwind(AssertUnwindSafe(|| parse(text))));
        let took = start.elapsed();
        let result =
            result.unwrap_or_else(|payload| panic!("{what} panicked ({}) on {}", panic_message(&*payload), show(text)));
        assert!(took < SLOW, "{what} took {took:?} on {}", show(text));
        assert!(
            bytes <= allowed_bytes(text.len()),
            "{what} held {bytes} bytes for {} bytes of text: {}",
            text.len(),
            show(text)
        );
        self.calls += 1;
        if took > self.slowest {
            self.slowest = took;
            self.slowest_text = show_cut(text, 60);
        }
        self.most_bytes = self.most_bytes.max(bytes);
        let Err(error) = result else {
            self.accepted += 1;
            return None;
        };
        check_error(what, text, &error);
        Some(error)
    }
}

/// An error names a line the text has (the one after a final newline
/// included: input can end there), a field, and shows only printable ASCII,
/// so no invisible or look-alike character hides in a message.
fn check_error(what: &str, text: &str, e: &ParseError) {
    let lines = text.matches('\n').count() + 1;
    assert!(
        (1..=lines).contains(&e.line),
        "{what}: line {} is not in 1..={lines}: `{e}` on {}",
        e.line,
        show(text)
    );
    assert!(
        !e.field.is_empty() && !e.message.is_empty(),
        "{what}: `{e:?}` on {}",
        show(text)
    );
    let shown = e.to_string();
    assert!(
        shown.chars().all(|c| c == ' ' || c.is_ascii_graphic()),
        "{what}: the message {shown:?} has characters a reader cannot see or tell apart, on {}",
        show(text)
    );
}

/// Feeds [`MUTATIONS`] damaged copies of the inputs to `read_input`, and as
/// many of plausible outputs (one answer per case, from `answer`) to
/// `read_output` against the parsed cases.
fn fuzz<F: Format>(name: &str, inputs: &[Vec<F::Case>], answer: impl Fn(&mut Rng) -> F::Answer)
where
    F::Case: PartialEq + Debug,
{
    assert_eq!(inputs.len(), INPUTS);
    let per_text = MUTATIONS / INPUTS;
    let (mut reading, mut answering) = (Report::default(), Report::default());
    for (k, written) in inputs.iter().enumerate() {
        let input = F::write_input(written);
        let cases = F::read_input(&input).unwrap_or_else(|e| panic!("{name}: {e} on a valid input {}", show(&input)));
        assert_eq!(&cases, written, "{name}: the input does not read back as written");
        for text in mutations(&input, k as u64, per_text) {
            reading.parse(&format!("{name} read_input"), &text, F::read_input);
        }
        let mut rng = Rng::from_seed(k as u64);
        let output = F::write_output(&cases.iter().map(|_| answer(&mut rng)).collect::<Vec<_>>());
        assert!(
            F::read_output(&cases, &output).is_ok(),
            "{name}: a valid output {output:?}"
        );
        for text in mutations(&output, 1000 + k as u64, per_text) {
            answering.parse(&format!("{name} read_output"), &text, |t| F::read_output(&cases, t));
        }
    }
    for (reader, report) in [("read_input", reading), ("read_output", answering)] {
        assert_eq!(report.calls, MUTATIONS);
        println!(
            "{name} {reader}: {} texts, {} accepted, at most {} bytes held, slowest {:?} on {}",
            report.calls, report.accepted, report.most_bytes, report.slowest, report.slowest_text
        );
    }
}

/// `INPUTS` inputs of `per_input` cases each from `family`; the last from
/// `large` instead, its size set by the caller.
fn inputs<P: Family>(family: P, large: P, per_input: impl Fn(&mut Rng) -> usize) -> Vec<Vec<P::Instance>> {
    let mut rng = Rng::from_seed(7);
    (0..INPUTS)
        .map(|k| {
            let p = if k + 1 == INPUTS { &large } else { &family };
            (0..per_input(&mut rng)).map(|_| p.generate(&mut rng)).collect()
        })
        .collect()
}

fn one(_: &mut Rng) -> usize {
    1
}

fn one_to_three(rng: &mut Rng) -> usize {
    rng.range(1, 3) as usize
}

#[test]
fn green_hackenbush_readers_never_panic() {
    let large = MultigraphParams {
        n: SizeRange::new(60, 60),
        m: SizeRange::new(120, 120),
        ..Default::default()
    };
    let inputs = inputs(MultigraphParams::default(), large, one);
    fuzz::<green_hackenbush::Judge>("green-hackenbush", &inputs, |rng| rng.below(1 << 32) as u32);
}

#[test]
fn tree_game_readers_never_panic() {
    let large = TreeParams {
        n: SizeRange::new(80, 80),
        ..Default::default()
    };
    let inputs = inputs(TreeParams::default(), large, one_to_three);
    fuzz::<tree_game::Judge>("tree-game", &inputs, |rng| rng.chance(0.5));
}

#[test]
fn christmas_game_readers_never_panic() {
    let large = CactusParams {
        graphs: SizeRange::new(5, 5),
        n: SizeRange::new(20, 30),
        ..Default::default()
    };
    let inputs = inputs(CactusParams::default(), large, one_to_three);
    fuzz::<christmas_game::Judge>("christmas-game", &inputs, |rng| rng.chance(0.5));
}

#[test]
fn forest_game_readers_never_panic() {
    let large = WeightedTreeParams {
        n: SizeRange::new(60, 60),
        ..Default::default()
    };
    let inputs = inputs(WeightedTreeParams::default(), large, one);
    fuzz::<forest_game::Judge>("forest-game", &inputs, |rng| rng.range(0, 1 << 50));
}

#[test]
fn dag_game_readers_never_panic() {
    let large = DagParams {
        n: SizeRange::new(60, 60),
        ..Default::default()
    };
    let inputs = inputs(DagParams::default(), large, one);
    fuzz::<dag_game::Judge>("dag-game", &inputs, |rng| rng.range(0, 1 << 50));
}

/// Parses `text` with the checks of the fuzz run and returns its error.
fn rejects<T>(what: &str, text: &str, parse: impl FnOnce(&str) -> Result<T, ParseError>) -> ParseError {
    Report::default()
        .parse(what, text, parse)
        .unwrap_or_else(|| panic!("{what} accepted {}", show(text)))
}

#[test]
fn tree_errors_point_at_the_edge_that_closes_a_cycle() {
    // The third edge joins 3 and 1, already connected through 2.
    let e = rejects("tree-game", "1\n4\n1 2\n2 3\n3 1\n", tree_game::Judge::read_input);
    assert_eq!((e.line, e.field.as_str()), (5, "case 1: edge 3"), "{e}");
    assert!(e.message.contains("do not form a tree"), "{e}");
    // A repeated edge, in the second case.
    let e = rejects("tree-game", "2\n2\n1 2\n3\n1 2\n2 1\n", tree_game::Judge::read_input);
    assert_eq!((e.line, e.field.as_str()), (6, "case 2: edge 2"), "{e}");
    // A loop, with the edges not one per line: the line of the loop's second end.
    let e = rejects("forest-game", "3\n1 1 1\n1 2 3\n3\n", forest_game::Judge::read_input);
    assert_eq!((e.line, e.field.as_str()), (4, "edge 2"), "{e}");
    // An error in the last token of a line points at that line.
    let e = rejects("tree-game", "1\n3\n1 2\n2 4\n", tree_game::Judge::read_input);
    assert_eq!((e.line, e.field.as_str()), (4, "case 1: edge 2: v"), "{e}");
    let e = rejects("forest-game", "2\n1 0\n1 2\n", forest_game::Judge::read_input);
    assert_eq!((e.line, e.field.as_str()), (2, "weight 2: A"), "{e}");
}

#[test]
fn dag_errors_point_at_the_arc_that_closes_a_cycle() {
    // Arcs 1 -> 2, 3 -> 1 are acyclic; 2 -> 3 closes 1 -> 2 -> 3 -> 1.
    let e = rejects(
        "dag-game",
        "3 4\n1 1 1\n1 2\n3 1\n2 3\n1 3\n",
        dag_game::Judge::read_input,
    );
    assert_eq!((e.line, e.field.as_str()), (5, "edge 3"), "{e}");
    assert!(e.message.contains("`2 3`") && e.message.contains("cycle"), "{e}");
    let e = rejects("dag-game", "1 1\n5\n1 1\n", dag_game::Judge::read_input);
    assert_eq!((e.line, e.field.as_str()), (3, "edge 1"), "{e}");
}

#[test]
fn a_byte_order_mark_is_named_not_printed() {
    fn bom<F: Format>(name: &str, input: &str, output: &str) {
        let cases = F::read_input(input).unwrap();
        let with_bom = format!("\u{feff}{input}");
        let e = rejects(name, &with_bom, F::read_input);
        let answer = format!("\u{feff}{output}");
        let a = rejects(name, &answer, |t| F::read_output(&cases, t));
        for e in [e, a] {
            assert_eq!(e.line, 1, "{e}");
            assert!(e.to_string().contains("byte-order mark"), "{e}");
        }
    }
    bom::<green_hackenbush::Judge>("green-hackenbush", "2 1\n1 2\n", "1\n");
    bom::<tree_game::Judge>("tree-game", "1\n2\n1 2\n", "Alice\n");
    bom::<christmas_game::Judge>("christmas-game", "1\n2 1\n1 2\n", "Sally\n");
    bom::<forest_game::Judge>("forest-game", "2\n1 2\n1 2\n", "3\n");
    bom::<dag_game::Judge>("dag-game", "2 1\n1 2\n1 2\n", "3\n");
}

/// `text`, whose sizes promise more than follows, is rejected holding no
/// more than its length allows.
fn believes_no_claim<F: Format>(name: &str, text: &str) {
    let (result, bytes) = peak_bytes(|| F::read_input(text));
    assert!(result.is_err(), "{name} accepted {text:?}");
    assert!(
        bytes <= allowed_bytes(text.len()),
        "{name} held {bytes} bytes for {text:?}"
    );
}

#[test]
fn claimed_sizes_allocate_nothing() {
    use green_hackenbush::{MAX_M, MAX_N};
    believes_no_claim::<green_hackenbush::Judge>("green-hackenbush", &format!("{MAX_N} {MAX_M}\n1 2\n"));
    believes_no_claim::<green_hackenbush::Judge>("green-hackenbush", "1000000000000000000 1\n");
    believes_no_claim::<tree_game::Judge>("tree-game", "2147483648\n2\n1 2\n");
    believes_no_claim::<tree_game::Judge>("tree-game", &format!("100\n{}\n1 2\n", tree_game::MAX_N));
    believes_no_claim::<christmas_game::Judge>("christmas-game", "99\n99 499\n1 2\n");
    believes_no_claim::<forest_game::Judge>("forest-game", &format!("{}\n1 2 3\n", forest_game::MAX_N));
    believes_no_claim::<dag_game::Judge>("dag-game", &format!("{} {}\n1\n", dag_game::MAX_N, dag_game::MAX_M));
    believes_no_claim::<dag_game::Judge>("dag-game", &format!("2 {}\n1 1\n1 2\n", dag_game::MAX_M));
}

#[test]
fn integers_past_i64_are_out_of_range_not_non_integers() {
    let e = rejects(
        "green-hackenbush",
        "18446744073709551616 0\n",
        green_hackenbush::Judge::read_input,
    );
    assert!(e.message.contains("out of range 1..=500000"), "{e}");
    let huge = "9".repeat(5000);
    let e = rejects("forest-game", &format!("1\n-{huge}\n"), forest_game::Judge::read_input);
    assert!(
        e.message.contains("out of range") && e.message.contains("5001 characters"),
        "{e}"
    );
    assert!(e.message.len() < 200, "{e}");
    let e = rejects("green-hackenbush", "1e9 0\n", green_hackenbush::Judge::read_input);
    assert!(e.message.contains("expected an integer, found `1e9`"), "{e}");
}

#[test]
fn pile_game_readers_never_panic() {
    use gen::judge::{bash_game, moore_nim, nim, staircase_nim};
    use gen::piles::{BashParams, MooreParams, NimParams, PileGame, PileParams, StaircaseParams};
    fn wide<G: PileGame>(n: u64) -> PileParams<G> {
        PileParams {
            n: SizeRange::new(n, n),
            values: SizeRange::new(0, G::MAX_VALUE),
            ..Default::default()
        }
    }
    let texts = inputs(NimParams::default(), NimParams(wide(100)), one_to_three);
    fuzz::<nim::Judge>("nim", &texts, |rng| rng.chance(0.5));
    let texts = inputs(StaircaseParams::default(), StaircaseParams(wide(100)), one);
    fuzz::<staircase_nim::Judge>("staircase-nim", &texts, |rng| rng.chance(0.5));
    let texts = inputs(MooreParams::default(), MooreParams(wide(100)), one);
    fuzz::<moore_nim::Judge>("moore-nim", &texts, |rng| rng.chance(0.5));
    let huge = BashParams {
        n: SizeRange::new(0, bash_game::MAX_N),
        k: SizeRange::new(1, bash_game::MAX_K),
        ..Default::default()
    };
    let texts = inputs(BashParams::default(), huge, one);
    fuzz::<bash_game::Judge>("bash-game", &texts, |rng| rng.range(0, 1 << 62));
}

#[test]
fn pile_game_claimed_sizes_allocate_nothing() {
    use gen::judge::{moore_nim, nim, staircase_nim};
    believes_no_claim::<nim::Judge>("nim", &format!("10\n{}\n1 2\n", nim::MAX_N));
    believes_no_claim::<staircase_nim::Judge>("staircase-nim", &format!("{}\n1 2 3\n", staircase_nim::MAX_N));
    believes_no_claim::<moore_nim::Judge>("moore-nim", &format!("{} 3\n1\n", moore_nim::MAX_N));
    // Past the judges' limits, and past 64 bits: out of range, not allocated.
    let e = rejects("moore-nim", "100001 3\n1\n", moore_nim::Judge::read_input);
    assert_eq!(e.field, "n", "{e}");
    let e = rejects(
        "bash-game",
        "99999999999999999999 1\n",
        gen::judge::bash_game::Judge::read_input,
    );
    assert!(e.message.contains("out of range 0..=1000000000000000000"), "{e}");
}

#[test]
fn jiangnan_le_readers_never_panic() {
    // Every input has 12 test cases, so one answer line of 12 values fits all.
    let family = EvenSplitParams {
        t: SizeRange::new(12, 12),
        ..Default::default()
    };
    let large = EvenSplitParams {
        t: SizeRange::new(12, 12),
        n: SizeRange::new(40, 60),
        a: SizeRange::new(1, 99_999),
        f: SizeRange::new(1, 99_999),
        ..Default::default()
    };
    let inputs = inputs(family, large, one);
    fuzz::<jiangnan_le::Judge>("jiangnan-le", &inputs, |rng| (0..12).map(|_| rng.chance(0.5)).collect());
}

#[test]
fn octal_game_readers_never_panic() {
    let family = OctalParams {
        code: Codes(vec![CodeChoice::Random]),
        ..Default::default()
    };
    let large = OctalParams {
        code: Codes(vec![CodeChoice::Random]),
        digits: SizeRange::new(20, 32),
        heaps: SizeRange::new(100, 150),
        n: SizeRange::new(0, 1_000_000),
        ..Default::default()
    };
    let inputs = inputs(family, large, one);
    fuzz::<octal_game::Judge>("octal-game", &inputs, |rng| rng.below(1 << 20) as u32);
}

/// A byte-order mark in front of an input and of an output is named, and a
/// claimed size is not believed.
fn bom_and_claims<F: Format>(name: &str, input: &str, output: &str, claim: &str) {
    let e = rejects(name, &format!("\u{feff}{input}"), F::read_input);
    assert!(e.line == 1 && e.to_string().contains("byte-order mark"), "{e}");
    let cases = F::read_input(input).unwrap();
    let e = rejects(name, &format!("\u{feff}{output}"), |t| F::read_output(&cases, t));
    assert!(e.line == 1 && e.to_string().contains("byte-order mark"), "{e}");
    believes_no_claim::<F>(name, claim);
}

#[test]
fn jiangnan_le_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<jiangnan_le::Judge>("jiangnan-le", "2 3\n1 5\n1 2\n", "1 0\n", "99 5\n99 1\n");
}

#[test]
fn octal_game_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<octal_game::Judge>("octal-game", "0.77\n1\n3\n", "3\n", "0.77\n100000\n1 2\n");
}

#[test]
fn combat_on_a_tree_readers_never_panic() {
    use gen::coloured_tree::ColouredTreeParams;
    use gen::judge::combat_on_a_tree;
    let large = ColouredTreeParams {
        n: SizeRange::new(80, 80),
        ..Default::default()
    };
    let inputs = inputs(ColouredTreeParams::default(), large, one);
    // `-1` and vertex 1 answer every tree.
    fuzz::<combat_on_a_tree::Judge>("combat-on-a-tree", &inputs, |rng| {
        if rng.chance(0.5) {
            vec![]
        } else {
            vec![0]
        }
    });
    bom_and_claims::<combat_on_a_tree::Judge>("combat-on-a-tree", "2\n1 0\n1 2\n", "2\n", "99999\n1 0\n");
}

#[test]
fn election_promises_readers_never_panic() {
    use gen::judge::election_promises::{self, Promise};
    use gen::valued_dag::ValuedDagParams;
    let large = ValuedDagParams {
        n: SizeRange::new(60, 60),
        m: SizeRange::new(100, 100),
        max_value: 1_000_000_000,
        ..Default::default()
    };
    let inputs = inputs(ValuedDagParams::default(), large, one);
    // LOSE reads on every DAG; a WIN line's length depends on n, which the
    // answer drawn here does not see (the bom check below reads one).
    fuzz::<election_promises::Judge>("election-promises", &inputs, |_| Promise::Lose);
    bom_and_claims::<election_promises::Judge>(
        "election-promises",
        "2 1\n1 1\n1 2\n",
        "WIN\n0 0\n",
        "2 200000\n1 1\n1 2\n",
    );
}

#[test]
fn fox_card_game_readers_never_panic() {
    let large = CardParams {
        n: SizeRange::new(20, 30),
        s: SizeRange::new(1, 100),
        values: SizeRange::new(1, 1000),
        ..Default::default()
    };
    let inputs = inputs(CardParams::default(), large, one);
    fuzz::<fox_card_game::Judge>("fox-card-game", &inputs, |rng| {
        (rng.below(10_000_001), rng.below(10_000_001))
    });
}

#[test]
fn fox_card_game_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<fox_card_game::Judge>("fox-card-game", "1\n2 1 9\n", "1 9\n", "100\n100 1\n");
}

#[test]
fn choosing_carrot_readers_never_panic() {
    // Every input has 7 carrots, so one answer line of 7 values fits all.
    let family = RowParams {
        n: SizeRange::new(7, 7),
        ..Default::default()
    };
    let large = RowParams {
        n: SizeRange::new(7, 7),
        values: SizeRange::new(1, 1_000_000_000),
        ..Default::default()
    };
    let inputs = inputs(family, large, one);
    fuzz::<choosing_carrot::Judge>("choosing-carrot", &inputs, |rng| {
        (0..7).map(|_| rng.range(1, 1_000_000_000) as u32).collect()
    });
}

#[test]
fn choosing_carrot_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<choosing_carrot::Judge>("choosing-carrot", "2\n1 9\n", "9 9\n", "300000\n1 2\n");
}

#[test]
fn candy_piles_readers_never_panic() {
    let large = CandyParams {
        n: SizeRange::new(100, 200),
        values: SizeRange::new(1, 1_000_000_000),
        ..Default::default()
    };
    let inputs = inputs(CandyParams::default(), large, one);
    fuzz::<candy_piles::Judge>("candy-piles", &inputs, |rng| rng.chance(0.5));
}

#[test]
fn candy_piles_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<candy_piles::Judge>("candy-piles", "2\n1 3\n", "First\n", "100000\n1 2\n");
}

#[test]
fn bunny_egg_readers_never_panic() {
    // Every record has at least one round, so the answer "round 1" fits all.
    let large = BoardParams {
        n: SizeRange::new(10, 14),
        m: SizeRange::new(10, 14),
        k: SizeRange::new(20, 60),
        ..Default::default()
    };
    let inputs = inputs(BoardParams::default(), large, one);
    fuzz::<bunny_egg::Judge>("bunny-egg", &inputs, |_| vec![1]);
}

#[test]
fn bunny_egg_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<bunny_egg::Judge>("bunny-egg", "1 3\n.OX\n1\n1 2\n1 3\n", "0\n", "1 3\n.OX\n1000\n1 2\n");
}

#[test]
fn nullify_matrix_readers_never_panic() {
    // Every input has 3 test cases.
    let large = MatrixParams {
        n: SizeRange::new(20, 30),
        m: SizeRange::new(20, 30),
        values: SizeRange::new(0, 1_000_000),
        ..Default::default()
    };
    let three = |_: &mut Rng| 3;
    let inputs = inputs(MatrixParams::default(), large, three);
    fuzz::<nullify_matrix::Judge>("nullify-matrix", &inputs, |rng| rng.chance(0.5));
}

#[test]
fn nullify_matrix_names_a_byte_order_mark_and_believes_no_claim() {
    bom_and_claims::<nullify_matrix::Judge>("nullify-matrix", "1\n1 2\n1 1\n", "Ashish\n", "10\n100 100\n1\n");
}
