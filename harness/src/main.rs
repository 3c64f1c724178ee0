// Its doc comments are clap's `--help` text, written for a terminal: `[1,12]` and `<problem>` there
// are ranges and placeholders, not rustdoc links and HTML.
#[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
mod args;
mod commands;
mod listing;

use std::process::ExitCode;

use clap::Parser;
use engine::target::Outcome;
use sandbox::signals as cancel;

fn main() -> ExitCode {
    // Before anything else: a supervisor of a program the harness started must not parse the
    // harness's command line.
    #[cfg(target_os = "linux")]
    sandbox::supervisor::serve_if_asked();
    let cli = args::Cli::parse_from(args::testlib_spelling(std::env::args_os()));
    // Where the kernel has no subreapers, descendants that escape a program's process group and
    // close its pipes are left to init, as they were before.
    let _ = sandbox::become_subreaper();
    // Without `/proc/self/exe`, what a program starts is left running if the harness is SIGKILLed.
    #[cfg(target_os = "linux")]
    let _ = sandbox::supervisor::enable();
    exit_code(commands::dispatch(cli))
}

/// The one mapping from how a command ended to its exit status: 0 every case agreed, 1 a
/// counterexample (or an entry that no longer replays, a solution that did not behave), 2 bad
/// usage, config or input, 130 a signal; a checker's verdict keeps its convention's code.
fn exit_code(result: anyhow::Result<Outcome>) -> ExitCode {
    match result {
        Ok(Outcome::Passed) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Ok(Outcome::Interrupted) => ExitCode::from(cancel::EXIT),
        Ok(Outcome::Checked(code)) => ExitCode::from(code),
        // Once a signal came, whatever failed after it (a brute search it stopped, say) failed
        // because of it.
        Err(e) if e.downcast_ref::<cancel::Cancelled>().is_some() || cancel::cancelled() => {
            eprintln!("interrupted: {e:#}");
            ExitCode::from(cancel::EXIT)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
