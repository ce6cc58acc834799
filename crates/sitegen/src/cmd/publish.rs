//! `sitegen publish [--dry-run] [-m MESSAGE] [--content DIR] [--keep-mine]`: the terminal's door to
//! the publishing engine (`sitegen-publish`), which decides everything; this prints it.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use sitegen_content::{display_path, Diagnostic, ErrorCode};
use sitegen_publish::{publish, Outcome, Plan, PublishError, PublishOptions};

use super::{print_failure, print_warnings};

/// Lists, commits and pushes the content edits; exit 0 published or nothing to publish,
/// 1 refused (nothing published, nothing lost).
pub fn run(
    content: &Path,
    message: Option<String>,
    dry_run: bool,
    keep_mine: bool,
) -> anyhow::Result<ExitCode> {
    let mut options = PublishOptions {
        content_dir: content.to_path_buf(),
        message,
        dry_run,
        // A password may be asked on a terminal, never when no one can answer.
        prompt: std::io::stdin().is_terminal(),
        keep_mine: Vec::new(),
    };
    let mut outcome = publish(&options);
    if let (true, Err(PublishError::Conflicts(conflicts))) = (keep_mine, &outcome) {
        // Decided for yours: the conflicts just found, shown as they are overwritten.
        for conflict in conflicts {
            println!("keeping yours: {conflict}");
        }
        options.keep_mine = conflicts.clone();
        outcome = publish(&options);
    }
    match outcome {
        Ok(Outcome::NothingToPublish) => {
            println!("nothing to publish: the content is as last published");
        }
        Ok(Outcome::DryRun(plan)) => {
            print_plan(content, &plan);
            println!(
                "dry run: would publish {} to {}/{}; nothing was committed or pushed",
                super::plural(plan.changes.len(), "change"),
                plan.remote,
                plan.branch
            );
        }
        Ok(Outcome::Published {
            plan,
            commit,
            combined,
        }) => {
            print_plan(content, &plan);
            let short: String = commit.chars().take(10).collect();
            let with = if combined {
                ", combined with a colleague's changes published meanwhile"
            } else {
                ""
            };
            println!(
                "published {} to {}/{} as {short}{with}",
                super::plural(plan.changes.len(), "change"),
                plan.remote,
                plan.branch
            );
        }
        Err(error) => {
            print_failure(&error.to_string(), Some(error.code()));
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_plan(content: &Path, plan: &Plan) {
    let warnings: Vec<Diagnostic> = plan
        .whole_files
        .iter()
        .map(|file| {
            Diagnostic::file(
                display_path(content, file),
                ErrorCode::PublishedWholeFile,
                "not valid TOML on one side: its changes are listed as the file's".to_string(),
            )
        })
        .collect();
    print_warnings(&warnings);
    for change in &plan.changes {
        println!("{change}");
    }
}
