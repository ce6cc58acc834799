//! The host's limits, checked last, on every file the host would receive, before the
//! output is replaced.

use sitegen_content::{Diagnostic, ErrorCode};
use sitegen_hosts::{profile, Deploy, OutputStats};

use super::{HostFiles, Run};
use crate::error::BuildError;
use crate::staging::Staging;

/// The host's limits checked against the staged output, before it replaces the last:
/// with a profile, each limit passed is an error (and the output is left as it was);
/// without, each host whose limits the output passes gets one warning
/// ([`profile::deploys_that_would_fail`]).
pub(crate) fn check_host_limits(
    run: Run,
    staging: &Staging,
    written: &HostFiles,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), BuildError> {
    let sizes = staging.file_sizes();
    let stats = OutputStats::of(sizes.iter().map(|(path, bytes)| (path.as_str(), *bytes)));
    let deploy = Deploy {
        stats: &stats,
        redirects: &written.redirects,
        headers: &written.headers,
    };
    let out_dir = &run.options.out_dir;
    match written.host {
        Some(host) => {
            let errors: Vec<Diagnostic> = host
                .check(&deploy)
                .into_iter()
                .map(|breach| Diagnostic {
                    hint: Some(breach.advice.to_string()),
                    ..Diagnostic::file(out_dir.clone(), ErrorCode::HostLimit, breach.message)
                })
                .collect();
            if errors.is_empty() {
                return Ok(());
            }
            let mut diagnostics = errors;
            diagnostics.append(warnings);
            Err(BuildError::HostLimits(diagnostics))
        }
        None => {
            warnings.extend(
                profile::deploys_that_would_fail(&deploy)
                    .into_iter()
                    .map(|line| {
                        Diagnostic::file(out_dir.clone(), ErrorCode::HostLimitPassed, line)
                    }),
            );
            Ok(())
        }
    }
}
