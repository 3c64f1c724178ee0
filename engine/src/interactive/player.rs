//! Built-in players as the jury sees them: a [`Machine`] reads the jury's
//! lines and answers as a player program would, so the same player runs as a
//! process (`harness play PROBLEM PLAYER`, through the same pipes as any
//! program) or in-process ([`InProcess`], for replays and exhaustive tests).

use std::collections::VecDeque;
use std::io::{BufRead, Write};

use anyhow::{anyhow, Context, Result};
use gen::judge::Format;

use super::game::{Game, Player};
use sandbox::Exit;
use sandbox::{Ending, Endpoint, Silence};

/// A player between the jury's lines.
pub struct Machine<'p, G: Game> {
    player: &'p Player<G>,
    /// The position's text so far, until it reads as a whole position.
    opening: String,
    pos: Option<G::Position>,
    pub over: bool,
}

impl<'p, G: Game> Machine<'p, G> {
    pub fn new(player: &'p Player<G>) -> Self {
        Machine {
            player,
            opening: String::new(),
            pos: None,
            over: false,
        }
    }

    /// Takes one line of the jury's; returns the lines the player prints in reply.
    /// A jury line it cannot read ends its game with an error, as a program would exit.
    pub fn hear(&mut self, line: &str) -> Result<Vec<String>> {
        let Some(pos) = &self.pos else {
            self.opening.push_str(line);
            self.opening.push('\n');
            // The position is whole once it reads; until then more lines are to come.
            let Ok(mut cases) = G::Judge::read_input(&self.opening) else {
                return Ok(vec![]);
            };
            let pos = cases.pop().expect("one case per position");
            let first = (self.player.first)(&pos);
            let mut out = vec![if first { "First" } else { "Second" }.to_string()];
            self.pos = Some(pos);
            if first {
                out.extend(self.reply());
            }
            return Ok(out);
        };
        let line = line.trim();
        if line == G::GAME_OVER || line == G::REJECTED {
            self.over = true;
            return Ok(vec![]);
        }
        let m = G::read_move(pos, line).map_err(|why| anyhow!("the jury's move `{line}`: {why}"))?;
        self.pos = Some(G::play(pos, &m));
        Ok(self.reply().into_iter().collect())
    }

    /// Its move, if it has one (else it waits for the jury's `0 0`).
    fn reply(&mut self) -> Option<String> {
        let pos = self.pos.as_mut().expect("the position is known");
        if !G::has_move(pos) {
            return None;
        }
        let m = (self.player.pick)(pos);
        *pos = G::play(pos, &m);
        Some(G::write_move(&m))
    }
}

/// `harness play`: the player on stdin and stdout, flushing every line.
pub fn play_stdio<G: Game>(player: &Player<G>) -> Result<()> {
    let mut machine = Machine::new(player);
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let line = line.context("reading the jury's line")?;
        let mut out = stdout.lock();
        for reply in machine.hear(&line)? {
            writeln!(out, "{reply}")?;
        }
        out.flush()?;
        if machine.over {
            break;
        }
    }
    Ok(())
}

/// A built-in player as an [`Endpoint`], without a process.
pub struct InProcess<'p, G: Game> {
    machine: Machine<'p, G>,
    pending: VecDeque<String>,
    failed: bool,
}

impl<'p, G: Game> InProcess<'p, G> {
    pub fn new(player: &'p Player<G>) -> Self {
        InProcess {
            machine: Machine::new(player),
            pending: VecDeque::new(),
            failed: false,
        }
    }
}

impl<G: Game> Endpoint for InProcess<'_, G> {
    fn send(&mut self, text: &str) {
        for line in text.lines() {
            match self.machine.hear(line) {
                Ok(replies) => self.pending.extend(replies),
                Err(_) => self.failed = true,
            }
        }
    }

    fn line(&mut self) -> Result<String, Silence> {
        // Waiting on a player that has nothing more to say would wait for ever: it is silent.
        self.pending
            .pop_front()
            .ok_or(if self.failed { Silence::Closed } else { Silence::Timeout })
    }

    fn finish(&mut self, _wait: bool) -> Ending {
        Ending {
            exit: Some(if self.failed { Exit::Code(1) } else { Exit::Success }),
            timed_out: false,
            interrupted: false,
            stderr_tail: String::new(),
            peak_rss: 0,
            elapsed: std::time::Duration::ZERO,
        }
    }
}

/// A recorded player: it says the transcript's lines in order, then ends as the entry
/// recorded (silent, exited cleanly, or crashed).
pub struct Scripted {
    lines: VecDeque<String>,
    then: Silence,
    ending: Ending,
}

impl Scripted {
    pub fn new(lines: Vec<String>, then: Silence, ending: Ending) -> Self {
        Scripted {
            lines: lines.into(),
            then,
            ending,
        }
    }
}

impl Endpoint for Scripted {
    fn send(&mut self, _text: &str) {}

    fn line(&mut self) -> Result<String, Silence> {
        self.lines.pop_front().ok_or(self.then)
    }

    fn finish(&mut self, _wait: bool) -> Ending {
        self.ending.clone()
    }
}
