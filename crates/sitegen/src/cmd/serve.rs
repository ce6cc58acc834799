//! `sitegen serve`: listen, build, serve, watch, rebuild, reload.

use std::io::ErrorKind;
use std::net::SocketAddr;
use std::process::ExitCode;

use anyhow::Context;
use sitegen_render::BuildOptions;
use sitegen_serve::{LiveReload, ServeError, ServeOptions};

use super::build::{build_and_report, Outcome};

pub struct ServeConfig {
    pub build: BuildOptions,
    pub host: String,
    pub port: u16,
    pub watch: bool,
    pub build_first: bool,
}

pub fn run(config: ServeConfig) -> anyhow::Result<ExitCode> {
    if config.build_first {
        // Refused before listening: serving a folder a build may not replace (the
        // content, the project) would publish it.
        if let Err(error) = sitegen_render::check_out_dir(&config.build) {
            eprintln!("error: {error}");
            return Ok(ExitCode::from(1));
        }
    }
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    // Listen before building: a busy port is reported at once, not after the build.
    let listener = runtime
        .block_on(sitegen_serve::bind(&config.host, config.port))
        .map_err(|error| explain_bind_error(error, config.port))?;
    let addr = sitegen_serve::local_addr(&listener)?;
    if let Some(warning) = network_warning(addr) {
        eprintln!("{warning}");
    }
    let first_build = if config.build_first {
        build_and_report(&config.build)
    } else {
        Outcome::Built
    };
    if let Outcome::Interrupted(_) = first_build {
        return Ok(first_build.exit_code());
    }
    if first_build == Outcome::Failed {
        // Keep going: an editor fixes the content and the watcher rebuilds; the last
        // good site (if any) is served meanwhile.
        eprintln!("serving the last good build while you fix the errors above");
    }
    runtime.block_on(async {
        let live_reload = config.watch.then(LiveReload::new);
        let _watcher = match &live_reload {
            Some(reload) => {
                let reload = reload.clone();
                let options = config.build.clone();
                let watched = vec![
                    options.content_dir.clone(),
                    options.templates_dir.clone(),
                    options.web_dir.join("src"),
                ];
                Some(sitegen_serve::watch(&watched, move || {
                    eprintln!("change detected, rebuilding…");
                    if build_and_report(&options) == Outcome::Built {
                        reload.notify();
                    }
                })?)
            }
            None => None,
        };
        println!(
            "serving {} at http://{addr}/",
            config.build.out_dir.display()
        );
        if config.watch {
            println!("watching content, templates and web sources; press Ctrl-C to stop");
        }
        sitegen_serve::run(
            listener,
            ServeOptions {
                live_reload,
                ..ServeOptions::new(config.build.out_dir.clone())
            },
        )
        .await?;
        anyhow::Ok(ExitCode::SUCCESS)
    })
}

/// Says what to do about an address that cannot be listened on.
fn explain_bind_error(error: ServeError, port: u16) -> anyhow::Error {
    match error {
        ServeError::Bind { addr, cause } if cause.kind() == ErrorKind::AddrInUse => {
            anyhow::anyhow!(
                "cannot listen on {addr}: the port is already in use (by another `sitegen serve`?); \
                 choose another with --port, e.g. --port {}, or --port 0 for any free port",
                port.checked_add(1).unwrap_or(8081)
            )
        }
        error => error.into(),
    }
}

/// The one-line warning for an address other machines can reach, if it is one.
fn network_warning(addr: SocketAddr) -> Option<String> {
    (!addr.ip().is_loopback()).then(|| {
        format!(
            "warning: listening on {addr}: the preview is reachable from the network, not only \
             from this computer (use --host 127.0.0.1 to keep it private)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_beyond_this_computer_are_warned_about() {
        let warned = |addr: &str| network_warning(addr.parse().unwrap()).is_some();
        assert!(warned("0.0.0.0:8080"));
        assert!(warned("[::]:8080"));
        assert!(warned("192.168.1.20:8080"));
        assert!(!warned("127.0.0.1:8080"));
        assert!(!warned("[::1]:8080"));
    }
}
