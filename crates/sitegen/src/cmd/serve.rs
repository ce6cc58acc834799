//! `sitegen serve`: listen, build, serve, watch, rebuild, reload.

use std::io::ErrorKind;
use std::net::SocketAddr;
use std::process::ExitCode;

use anyhow::Context;
use sitegen_content::{Diagnostic, ErrorCode, Severity};
use std::sync::Arc;

use sitegen_editor::{Check, EditorOptions};
use sitegen_render::{BuildError, BuildOptions, Builder};
use sitegen_serve::{LiveReload, ServeError, ServeOptions};

use super::build::{build_reporting, Outcome};
use super::quiet;

pub struct ServeConfig {
    pub build: BuildOptions,
    pub host: String,
    pub port: u16,
    pub watch: bool,
    pub build_first: bool,
    /// `--edit` (`Some(true)`), `--no-edit` (`Some(false)`) or neither.
    pub edit: Option<bool>,
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
    if let Some(warning) = network_warning(addr).filter(|_| !quiet()) {
        eprintln!("{warning}");
    }
    // One builder for the whole run: its render workers stay warm between rebuilds.
    let builder = Arc::new(Builder::warm(config.build.clone()));
    let editor = editor_on(addr, config.edit).then(|| EditorOptions {
        content_dir: config.build.content_dir.clone(),
        web_dir: config.build.web_dir.clone(),
        load: config.build.load,
        check: {
            // The rebuild a save starts takes the content its check loaded.
            let checker = builder.save_checker();
            Check::new(move |content, load, texts| checker.check(content, load, texts))
        },
        token: sitegen_editor::new_token(),
        addr,
    });
    let live_reload = config.watch.then(LiveReload::new);
    let first_build = if config.build_first {
        build_and_tell(&builder, live_reload.as_ref(), &|| false)
    } else {
        Outcome::Built
    };
    if let Outcome::Interrupted(_) = first_build {
        return Ok(first_build.exit_code());
    }
    if editor.is_some() && config.build_first {
        build_editor_in_background(config.build.web_dir.clone());
    }
    if first_build == Outcome::Failed && !quiet() {
        // Keep going: an editor fixes the content and the watcher rebuilds; the last
        // good site (if any) is served meanwhile.
        eprintln!("serving the last good build while you fix the errors above");
    }
    let served = runtime.block_on(async {
        let _watcher = match &live_reload {
            Some(reload) => {
                let reload = reload.clone();
                let options = &config.build;
                let watched = vec![
                    options.content_dir.clone(),
                    options.templates_dir.clone(),
                    options.web_dir.join("src"),
                ];
                let builder = builder.clone();
                Some(sitegen_serve::watch(&watched, move |changes| {
                    if !quiet() {
                        eprintln!("change detected, rebuilding…");
                    }
                    // A save that lands while the sources are read starts a build of
                    // its own; this one then publishes nothing.
                    let seen = changes.count();
                    build_and_tell(&builder, Some(&reload), &|| changes.count() != seen);
                })?)
            }
            None => None,
        };
        // Listening for Ctrl-C and SIGTERM before saying where the server is: whoever
        // reads that line may stop it at once.
        let stop = sitegen_serve::stop_requested();
        if !quiet() {
            println!(
                "serving {} at http://{addr}/",
                config.build.out_dir.display()
            );
        }
        if let Some(editor) = editor.as_ref().filter(|_| !quiet()) {
            println!("editor: {}", editor.url());
        }
        if config.watch && !quiet() {
            println!("watching content, templates and web sources; press Ctrl-C to stop");
        }
        sitegen_serve::serve_until(
            listener,
            ServeOptions {
                live_reload,
                framed_by_self: editor.is_some(),
                mounted: editor.map(sitegen_editor::router),
                ..ServeOptions::new(config.build.out_dir.clone())
            },
            stop,
        )
        .await?;
        anyhow::Ok(ExitCode::SUCCESS)
    });
    // The `sitegen build` that usually follows a preview then updates it in place.
    builder.keep_record();
    served
}

/// Builds and reports, then tells open pages: those whose page changed reload after a
/// good build, and all show the problems of a failed one (in the error overlay).
fn build_and_tell(
    builder: &Builder,
    pages: Option<&LiveReload>,
    sources_changed: &dyn Fn() -> bool,
) -> Outcome {
    let (outcome, result) = build_reporting(builder, sources_changed);
    match (pages, outcome, result) {
        (_, _, Err(BuildError::SourcesChanged)) => {}
        (Some(pages), _, Ok(summary)) => pages.notify(summary.changed_pages),
        (Some(pages), Outcome::Failed, Err(error)) => pages.fail(problems_of(&error)),
        _ => {}
    }
    outcome
}

/// What the overlay shows for a failed build: what the terminal showed, errors first.
fn problems_of(error: &BuildError) -> Vec<Diagnostic> {
    match error {
        BuildError::Content(diagnostics)
        | BuildError::Links(diagnostics)
        | BuildError::HostLimits(diagnostics) => [Severity::Error, Severity::Warning]
            .into_iter()
            .flat_map(|severity| diagnostics.iter().filter(move |d| d.severity == severity))
            .cloned()
            .collect(),
        other => vec![Diagnostic::new(
            other.code().unwrap_or(ErrorCode::InternalError),
            other.to_string(),
        )],
    }
}

/// Says what to do about an address that cannot be listened on.
fn explain_bind_error(error: ServeError, port: u16) -> anyhow::Error {
    match error {
        ServeError::Bind { addr, cause } if cause.kind() == ErrorKind::AddrInUse => {
            ServeError::Bind {
                addr,
                cause: std::io::Error::new(
                    ErrorKind::AddrInUse,
                    format!(
                        "the port is already in use (by another `sitegen serve`?); \
                         choose another with --port, e.g. --port {}, or --port 0 for any free port",
                        port.checked_add(1).unwrap_or(8081)
                    ),
                ),
            }
            .into()
        }
        error => error.into(),
    }
}

/// Builds the browser editor's front end when it is missing or older than its sources,
/// after the site's first build, so that the first page never waits for it (both take
/// the web app's lock); meanwhile `/_edit` says it is being built.
fn build_editor_in_background(web_dir: std::path::PathBuf) {
    std::thread::spawn(move || {
        match sitegen_render::ensure_editor_built(&web_dir, &sitegen_render::progress::Silent) {
            Ok(true) if !quiet() => eprintln!("built the browser editor (npm run build:editor)"),
            Ok(_) => {}
            Err(error) => eprintln!("warning: the browser editor could not be built: {error}"),
        }
    });
}

/// Whether the browser editor is on: on loopback unless `--no-edit`, elsewhere only
/// with `--edit` (it writes files; others on the network must not reach it unasked).
fn editor_on(addr: SocketAddr, edit: Option<bool>) -> bool {
    edit.unwrap_or(addr.ip().is_loopback())
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
    fn the_overlay_gets_each_diagnostic_as_the_terminal_shows_it_errors_first() {
        let diagnostic = |code: &str, line| Diagnostic {
            severity: ErrorCode::parse(code).unwrap().severity(),
            code: ErrorCode::parse(code).unwrap(),
            location: sitegen_content::Location::Text {
                path: "content/products.toml".into(),
                line,
                column: 12,
            },
            message: format!("problem on line {line}"),
            hint: Some("did you mean \"dialysis\"?".into()),
            source_line: Some("category = \"dialisys\"".into()),
            caret_offset: 11,
            length: 10,
        };
        let problems = problems_of(&BuildError::Content(vec![
            diagnostic("W0001", 3),
            diagnostic("E0202", 412),
        ]));
        assert_eq!(problems, [diagnostic("E0202", 412), diagnostic("W0001", 3)]);

        // Link problems are diagnostics too: the overlay shows them the same way.
        let link_problems = sitegen_links::check_source_text(
            "web/src/app.tsx",
            "export const A = () => <Link to=\"/nope\" />;\n",
            true,
            &sitegen_links::RouteTable::of_site(),
        );
        assert_eq!(link_problems.len(), 1);
        let links = problems_of(&BuildError::Links(link_problems.clone()));
        assert_eq!(links, link_problems);

        // A failure of no file keeps its catalogue code and hint.
        let web = problems_of(&BuildError::Web {
            step: "npm run build".into(),
            output: "vite: syntax error".into(),
        });
        assert_eq!(web[0].code, ErrorCode::WebAppBuild);
        assert_eq!(web[0].hint.as_deref(), Some(ErrorCode::WebAppBuild.hint()));
        assert!(web[0].message.contains("vite: syntax error"), "{web:?}");
    }

    #[test]
    fn the_editor_is_on_on_loopback_unless_turned_off_and_elsewhere_only_when_asked() {
        let on = |addr: &str, edit| editor_on(addr.parse().unwrap(), edit);
        assert!(on("127.0.0.1:8080", None));
        assert!(on("[::1]:8080", None));
        assert!(!on("127.0.0.1:8080", Some(false)));
        assert!(!on("0.0.0.0:8080", None));
        assert!(!on("192.168.1.20:8080", None));
        assert!(on("0.0.0.0:8080", Some(true)));
    }

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
