//! `sitegen serve`: build, serve, watch, rebuild, reload.

use std::process::ExitCode;

use anyhow::Context;
use sitegen_render::BuildOptions;
use sitegen_serve::{LiveReload, ServeOptions};

use super::build::{build_and_report, Outcome};

pub struct ServeConfig {
    pub build: BuildOptions,
    pub host: String,
    pub port: u16,
    pub watch: bool,
    pub build_first: bool,
}

pub fn run(config: ServeConfig) -> anyhow::Result<ExitCode> {
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
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async {
        let listener = sitegen_serve::bind(&config.host, config.port).await?;
        let addr = sitegen_serve::local_addr(&listener)?;
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
                dist: config.build.out_dir.clone(),
                live_reload,
            },
        )
        .await?;
        anyhow::Ok(ExitCode::SUCCESS)
    })
}
