mod cli;

fn main() -> std::process::ExitCode {
    // Before anything else: a supervisor of a program the harness started must not parse the
    // harness's command line.
    #[cfg(target_os = "linux")]
    sandbox::supervisor::serve_if_asked();
    cli::main()
}
