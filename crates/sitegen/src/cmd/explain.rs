//! `sitegen explain CODE`: one entry of the error reference (`docs/errors.md`), as
//! `rustc --explain` does; `--all` prints the whole reference.

use std::process::ExitCode;

use sitegen_content::{did_you_mean, ErrorCode};

use super::paint_failure;

pub fn run(code: Option<&str>, all: bool) -> anyhow::Result<ExitCode> {
    if all {
        print!("{}", ErrorCode::reference_markdown());
        return Ok(ExitCode::SUCCESS);
    }
    let Some(code) = code else {
        eprintln!(
            "{}: name a code (e.g. `sitegen explain E0202`) or pass --all",
            paint_failure("error")
        );
        return Ok(ExitCode::from(2));
    };
    match ErrorCode::parse(code) {
        Some(known) => {
            print!("{}", known.explanation());
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let codes = ErrorCode::ALL.iter().map(|c| c.code());
            let hint = did_you_mean(&code.to_uppercase(), codes)
                .map(|hint| format!("; {hint}"))
                .unwrap_or_default();
            eprintln!(
                "{}: unknown error code \"{code}\"{hint}\n`sitegen explain --all` lists every code",
                paint_failure("error")
            );
            Ok(ExitCode::from(2))
        }
    }
}
