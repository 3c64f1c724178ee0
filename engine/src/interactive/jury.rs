//! The jury: it plays perfectly from brute's values and judges the player.
//!
//! In a winning position (value not 0) the jury moves to a losing one. In a
//! losing position it makes the player's job hardest: it moves to the option
//! of the largest value, so the player has the most wrong replies to make.
//! Ties are broken by a generator seeded from the case, so a game replays
//! move for move. Since the jury never misses a win, a player who chose the
//! losing side or once moved into a winning position for the jury loses; the
//! verdict names that first mistake and a right alternative.
//!
//! Bounded work: the values come from one brute search of the start, kept for
//! the whole game ([`Game::values`]), which gives up at once on a start beyond
//! its budget (or hands over to the game's theory where the protocol says so).
//! A signal stops the game between moves and while the jury values them.

use std::time::Duration;

use brute::{Budget, TooBig};
use gen::judge::Format;
use gen::Rng;

use super::game::{Best, Game};
use crate::corpus::Verdict;
use sandbox::Exit;
use sandbox::{Endpoint, Silence};

/// The values of the positions of one game, from its start's search.
pub struct Values<G: Game> {
    values: G::Values,
    /// Positions valued.
    pub evaluated: usize,
}

impl<G: Game> Values<G> {
    /// The values of games from `start`, within `budget`.
    pub fn new(start: &G::Position, budget: &Budget) -> Self {
        Values {
            values: G::values(start, budget),
            evaluated: 0,
        }
    }

    /// The value of `p`, reachable from the start; gives up once a signal came.
    pub fn of(&mut self, p: &G::Position) -> Result<u32, TooBig> {
        stopped()?;
        self.evaluated += 1;
        G::value(&mut self.values, p)
    }
}

/// A `TooBig` that says a signal stopped the jury, once one came.
fn stopped() -> Result<(), TooBig> {
    if sandbox::signals::cancelled() {
        return Err(TooBig {
            stopped: true,
            ..TooBig::states(0)
        });
    }
    Ok(())
}

/// Who printed a line of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Jury,
    Player,
}

/// The lines of a game after the position, in order: what a corpus entry stores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript(pub Vec<(Who, String)>);

impl Transcript {
    fn push(&mut self, who: Who, line: &str) {
        self.0.push((who, line.to_string()));
    }

    /// `player: ...` and `jury: ...` lines.
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|(who, line)| match who {
                Who::Jury => format!("jury: {line}\n"),
                Who::Player => format!("player: {line}\n"),
            })
            .collect()
    }

    /// Reads [`Transcript::text`]; the error names the line.
    pub fn parse(text: &str) -> Result<Transcript, String> {
        let mut lines = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let entry = if let Some(rest) = line.strip_prefix("player: ") {
                (Who::Player, rest)
            } else if let Some(rest) = line.strip_prefix("jury: ") {
                (Who::Jury, rest)
            } else if line == "player:" {
                (Who::Player, "")
            } else {
                return Err(format!(
                    "line {}: `{}` starts with neither `jury: ` nor `player: `",
                    i + 1,
                    line.escape_debug()
                ));
            };
            lines.push((entry.0, entry.1.to_string()));
        }
        Ok(Transcript(lines))
    }

    /// The player's lines, in order.
    pub fn player_lines(&self) -> Vec<String> {
        self.0
            .iter()
            .filter(|(who, _)| *who == Who::Player)
            .map(|(_, l)| l.clone())
            .collect()
    }
}

/// How a game ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// It won and exited cleanly.
    Accepted,
    /// Wrong answer: it lost a game it could win, or moved illegally.
    WrongAnswer,
    /// Its output broke the protocol: not a side, a line too long, an early clean exit.
    Protocol,
    /// It exited with an error or a signal before the game was over (or after winning).
    Crash,
    /// No line (or no exit after the game) within the time limit.
    Idleness,
    /// Brute cannot value the start within its budget: no game is played.
    Skipped,
    /// Ctrl-C ended it: proves nothing.
    Interrupted,
}

impl Ruling {
    /// The corpus verdict a failure is stored as.
    pub fn verdict(self) -> Option<Verdict> {
        match self {
            Ruling::WrongAnswer => Some(Verdict::Mismatch),
            Ruling::Protocol => Some(Verdict::BadOutput),
            Ruling::Crash => Some(Verdict::Crash),
            Ruling::Idleness => Some(Verdict::Timeout),
            Ruling::Accepted | Ruling::Skipped | Ruling::Interrupted => None,
        }
    }
}

/// One game, judged.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub result: Ruling,
    /// Why, in words (empty when accepted).
    pub message: String,
    pub transcript: Transcript,
    /// The side that wins the start, what the player should choose.
    pub first_wins: bool,
    /// Positions brute valued for this game.
    pub evaluated: usize,
}

/// The generator of the jury's choices among equal moves, seeded from the case.
pub fn jury_rng(seed: u64, case: u64) -> Rng {
    // Its own stream, apart from the generator's for the same case.
    Rng::for_case(seed ^ 0x6a75_7279_0000_0000, case)
}

/// Plays one game of `start` against `player` and judges it; `limit` is only named in messages.
pub fn referee<G: Game>(
    start: &G::Position,
    rng: &mut Rng,
    budget: &Budget,
    limit: Duration,
    player: &mut dyn Endpoint,
) -> Outcome {
    let mut values = Values::<G>::new(start, budget);
    let mut game = Match::<G> {
        transcript: Transcript::default(),
        first_wins: false,
        player,
        limit,
        _game: std::marker::PhantomData,
    };
    let judged = game.play(start, rng, &mut values);
    // A signal kills the player and stops brute: whatever the game came to then proves nothing.
    let stopped = game.player.finish(false).interrupted || sandbox::signals::cancelled();
    let (result, message) = match judged {
        _ if stopped => (Ruling::Interrupted, "stopped by a signal".to_string()),
        Ok(judged) => judged,
        Err(too_big) => (Ruling::Skipped, format!("brute cannot value a position: {too_big}")),
    };
    Outcome {
        result,
        message,
        transcript: game.transcript,
        first_wins: game.first_wins,
        evaluated: values.evaluated,
    }
}

struct Match<'p, G: Game> {
    transcript: Transcript,
    first_wins: bool,
    player: &'p mut dyn Endpoint,
    limit: Duration,
    _game: std::marker::PhantomData<G>,
}

type Judged = (Ruling, String);

impl<G: Game> Match<'_, G> {
    fn say(&mut self, line: &str) {
        self.player.send(&format!("{line}\n"));
        self.transcript.push(Who::Jury, line);
    }

    fn hear(&mut self) -> Result<String, Judged> {
        match self.player.line() {
            Ok(line) => {
                self.transcript.push(Who::Player, &line);
                Ok(line)
            }
            Err(silence) => Err(self.silent(silence)),
        }
    }

    /// The verdict when the player gave no line in the middle of the game.
    fn silent(&mut self, silence: Silence) -> Judged {
        let why = silence.describe(self.limit);
        match silence {
            Silence::Timeout => {
                self.player.finish(false);
                (Ruling::Idleness, format!("{why}: the game was not over"))
            }
            Silence::LineTooLong => {
                self.player.finish(false);
                (Ruling::Protocol, why)
            }
            Silence::Closed => {
                let ending = self.player.finish(true);
                match ending.exit {
                    Some(Exit::Success) => (Ruling::Protocol, "it exited before the game was over".to_string()),
                    Some(exit) => (Ruling::Crash, crashed(exit, &ending.stderr_tail)),
                    None if ending.timed_out => (Ruling::Idleness, format!("{why} but it did not exit")),
                    None => (Ruling::Interrupted, "stopped".to_string()),
                }
            }
        }
    }

    fn play(&mut self, start: &G::Position, rng: &mut Rng, values: &mut Values<G>) -> Result<Judged, TooBig> {
        let value = values.of(start)?;
        self.first_wins = value != 0;
        let right = side(self.first_wins);
        self.player.send(&G::Judge::write_input(std::slice::from_ref(start)));
        let line = match self.hear() {
            Ok(line) => line,
            Err(judged) => return Ok(judged),
        };
        let chose_first = match line.trim() {
            "First" => true,
            "Second" => false,
            _ => {
                self.player.finish(false);
                return Ok((
                    Ruling::Protocol,
                    format!("expected `First` or `Second`, got `{}`", clip(&line)),
                ));
            }
        };
        let mut mistake = (chose_first != self.first_wins).then(|| {
            format!(
                "it chose {} but {right} wins {} (value {value}): {right} was right",
                side(chose_first),
                G::shown(start)
            )
        });
        let mut pos = start.clone();
        let mut players_turn = chose_first;
        loop {
            stopped()?;
            if !G::has_move(&pos) {
                self.say(G::GAME_OVER);
                if players_turn {
                    self.player.finish(false);
                    let why = mistake.unwrap_or_else(|| "it lost, yet made no mistake the jury saw".into());
                    return Ok((Ruling::WrongAnswer, format!("lost a game it could win: {why}")));
                }
                return Ok(self.won());
            }
            if players_turn {
                let line = match self.hear() {
                    Ok(line) => line,
                    Err(judged) => return Ok(judged),
                };
                let m = match G::read_move(&pos, &line) {
                    Ok(m) => m,
                    Err(why) => {
                        self.say(G::REJECTED);
                        self.player.finish(false);
                        let hint = match best_moves(&pos, values)? {
                            (0, best) => format!("a right move was `{}`", G::write_move(&best[0])),
                            (_, best) => format!("any legal move, e.g. `{}`", G::write_move(&best[0])),
                        };
                        return Ok((
                            Ruling::WrongAnswer,
                            format!("illegal move `{}` in {}: {why}; {hint}", clip(&line), G::shown(&pos)),
                        ));
                    }
                };
                let next = G::play(&pos, &m);
                if mistake.is_none() && values.of(&next)? != 0 {
                    let right = winning_move(&pos, values)?
                        .map(|m| format!("`{}` would have won", G::write_move(&m)))
                        .unwrap_or_default();
                    mistake = Some(format!(
                        "its move `{}` in {} left the jury a winning position; {right}",
                        clip(&line),
                        G::shown(&pos)
                    ));
                }
                pos = next;
            } else {
                let m = jury_move(&pos, values, rng)?;
                self.say(&G::write_move(&m));
                pos = G::play(&pos, &m);
            }
            players_turn = !players_turn;
        }
    }

    /// The player won; it must still exit cleanly.
    fn won(&mut self) -> Judged {
        let ending = self.player.finish(true);
        match ending.exit {
            Some(Exit::Success) => (Ruling::Accepted, String::new()),
            Some(exit) => (
                Ruling::Crash,
                format!("it won, then {}", crashed(exit, &ending.stderr_tail)),
            ),
            None if ending.interrupted => (Ruling::Interrupted, "stopped".to_string()),
            None => (
                Ruling::Idleness,
                format!(
                    "it won but did not exit within the time limit ({} ms)",
                    self.limit.as_millis()
                ),
            ),
        }
    }
}

fn side(first: bool) -> &'static str {
    if first {
        "First"
    } else {
        "Second"
    }
}

fn crashed(exit: Exit, stderr_tail: &str) -> String {
    let how = match exit {
        Exit::Code(code) => format!("exited with code {code}"),
        Exit::Signal(signal) => format!("was killed by signal {signal}"),
        Exit::Success => "exited".to_string(),
    };
    let tail = stderr_tail.trim_end();
    if tail.is_empty() {
        format!("it {how}")
    } else {
        format!("it {how}; stderr ends:\n{tail}")
    }
}

/// At most 80 characters of a player's line, for messages.
fn clip(line: &str) -> String {
    let mut shown: String = line.chars().take(80).collect();
    if shown.len() < line.len() {
        shown.push_str("...");
    }
    shown.escape_debug().to_string()
}

/// The moves of `pos` the jury chooses among, in `G::moves` order: those to a position of value
/// 0 if any, else those to one of the largest value; and that value.
pub fn best_moves<G: Game>(pos: &G::Position, values: &mut Values<G>) -> Result<Best<G::Move>, TooBig> {
    if let Some(best) = G::best_moves(&mut values.values, pos)? {
        return Ok(best);
    }
    let mut scored = Vec::new();
    for m in G::moves(pos) {
        let value = values.of(&G::play(pos, &m))?;
        scored.push((m, value));
    }
    Ok(best_of(scored))
}

/// Of moves with the values they lead to, in order: those to 0 if any, else those to the
/// largest value; and that value.
pub fn best_of<M>(scored: impl IntoIterator<Item = (M, u32)>) -> Best<M> {
    let scored: Vec<(M, u32)> = scored.into_iter().collect();
    let best = if scored.iter().any(|&(_, v)| v == 0) {
        0
    } else {
        scored.iter().map(|&(_, v)| v).max().expect("a position with moves")
    };
    let equals = scored.into_iter().filter(|&(_, v)| v == best).map(|(m, _)| m);
    (best, equals.collect())
}

/// The first move (in `G::moves` order) to a position of value 0, if any.
pub fn winning_move<G: Game>(pos: &G::Position, values: &mut Values<G>) -> Result<Option<G::Move>, TooBig> {
    Ok(match best_moves(pos, values)? {
        (0, best) => best.into_iter().next(),
        _ => None,
    })
}

/// The jury's move: to a position of value 0 if it can, else to one of the
/// largest value; `rng` picks among equals.
pub fn jury_move<G: Game>(pos: &G::Position, values: &mut Values<G>, rng: &mut Rng) -> Result<G::Move, TooBig> {
    let (_, equals) = best_moves(pos, values)?;
    Ok(equals[rng.index(equals.len())].clone())
}
