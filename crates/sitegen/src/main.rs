//! The `sitegen` command line: `build`, `check`, `serve`, `schema`, `gen`, `explain`, `new`,
//! `export` and `import`.

mod cmd;

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use sitegen_content::{HttpUrl, LoadOptions};
use sitegen_hosts::Host;
use sitegen_sheet::ImportOptions;

/// sitegen turns the company's content (TOML files) into a fast, prerendered React site.
#[derive(Debug, Parser)]
#[command(name = "sitegen", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to colour diagnostics (red errors, yellow warnings, a blue gutter).
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = cmd::ColorWhen::Auto)]
    color: cmd::ColorWhen,
    /// The longest side an image of the content may have, in pixels: decoding and
    /// resizing cost memory and time in its area.
    #[arg(long, global = true, value_name = "PX", env = "SITEGEN_MAX_IMAGE_SIDE", default_value_t = sitegen_content::MAX_IMAGE_SIDE)]
    max_image_side: u32,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Validate the content, build the web app if needed, prerender every route and
    /// write the site into the output folder (swapped in only if everything succeeded).
    Build(BuildCommandArgs),
    /// Validate the content and report every problem, writing nothing.
    Check(CheckArgs),
    /// Build, then serve the site locally; rebuild and reload open pages on every change.
    Serve(ServeArgs),
    /// Write the JSON Schemas of the content files (for editors' TOML language servers).
    Schema(SchemaArgs),
    /// Write every file of the repository generated from Rust: the web app's route
    /// files and data contract, the web tests' data, the JSON Schemas, the error
    /// reference and the command-line reference.
    Gen(GenArgs),
    /// Explain an error code of the diagnostics (e.g. `sitegen explain E0202`).
    Explain(ExplainArgs),
    /// Add a product, service or certificate (a draft, with the next free id) to its
    /// content file, print where to edit it, then check the content.
    New(NewArgs),
    /// Write the catalogue to a spreadsheet (.xlsx) or CSV file: one row per product,
    /// one column per field and per specification name.
    Export(ExportArgs),
    /// Read a spreadsheet (.xlsx, .xls, .ods) or CSV file back into the catalogue:
    /// changed values are rewritten, new rows added, every problem reported at its
    /// cell; nothing is written when there is an error.
    Import(ImportArgs),
    /// Publish the content edits through git: list what changed since the last publish
    /// by entry and field, commit exactly those files of the content folder, fetch,
    /// combine with colleagues' changes value by value, and push (never forcing). Exit
    /// 0 published or nothing to publish, 1 refused (nothing published, nothing lost).
    Publish(PublishArgs),
}

#[derive(Debug, Args)]
struct PublishArgs {
    /// List what would be published, change nothing.
    #[arg(long)]
    dry_run: bool,
    /// The commit message (default: one proposed from the list of changes).
    #[arg(long, short = 'm', value_name = "MESSAGE", allow_hyphen_values = true)]
    message: Option<String>,
    /// The content folder (inside a git clone).
    #[arg(long, value_name = "DIR", default_value = "content")]
    content: PathBuf,
    /// Where a colleague changed the same value (E1107), publish yours over theirs:
    /// the conflicts are listed, and only while the colleague's values are still those
    /// listed (an entry removed on one side is never overwritten).
    #[arg(long)]
    keep_mine: bool,
}

#[derive(Debug, Args)]
struct ExportArgs {
    /// What to export.
    kind: cmd::sheet::SheetKind,
    /// The file to write; its extension (.xlsx or .csv) chooses the format.
    file: PathBuf,
    /// The content folder.
    #[arg(long, value_name = "DIR", default_value = "content")]
    content: PathBuf,
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// What to import.
    kind: cmd::sheet::SheetKind,
    /// The file to read: .xlsx, .xls, .ods or .csv (UTF-8).
    file: PathBuf,
    /// The content folder.
    #[arg(long, value_name = "DIR", default_value = "content")]
    content: PathBuf,
    /// Report what would change (the first changes, then a count), write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Remove the products that are not in the sheet (else they are kept).
    #[arg(long)]
    delete_missing: bool,
    /// Take the numbers and dates a spreadsheet made of products' texts (`0042` made
    /// 42, `1E5` made 100000, `12.50` made 12.5) instead of keeping the texts with a
    /// warning (W1003).
    #[arg(long)]
    accept_spreadsheet_numbers: bool,
}

#[derive(Debug, Args)]
struct ExplainArgs {
    /// The code, as shown in `error[E0202]`.
    #[arg(required_unless_present = "all")]
    code: Option<String>,
    /// Print the whole error reference (Markdown; it is docs/errors.md).
    #[arg(long, conflicts_with = "code")]
    all: bool,
}

#[derive(Debug, Args)]
struct NewArgs {
    /// What to add.
    kind: cmd::new::Kind,
    /// Its title.
    #[arg(long)]
    title: String,
    /// A product's category (an id of catalogue.toml).
    #[arg(long, value_name = "ID")]
    category: Option<String>,
    /// A product's subcategory (default: its category's first).
    #[arg(long, value_name = "NAME")]
    subcategory: Option<String>,
    /// A service's or certificate's id (default: a slug of the title).
    #[arg(long)]
    id: Option<String>,
    /// The content folder.
    #[arg(long, value_name = "DIR", default_value = "content")]
    content: PathBuf,
    /// The web app folder (checked with the content afterwards).
    #[arg(long, value_name = "DIR", default_value = "web")]
    web: PathBuf,
}

#[derive(Debug, Args)]
struct SchemaArgs {
    /// The folder to write the `*.schema.json` files into.
    #[arg(long, value_name = "DIR", default_value = "schemas")]
    out: PathBuf,
}

#[derive(Debug, Args)]
struct GenArgs {
    /// The repository's root folder (it holds `web/`, `schemas/`, `docs/` and the
    /// valid content fixture).
    #[arg(long, value_name = "DIR", default_value = ".")]
    root: PathBuf,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The content folder.
    #[arg(long, value_name = "DIR", default_value = "content")]
    content: PathBuf,
    /// The web app folder, whose `src/` route literals are link-checked.
    #[arg(long, value_name = "DIR", default_value = "web")]
    web: PathBuf,
}

#[derive(Debug, Args)]
struct BuildArgs {
    /// The content folder.
    #[arg(long, value_name = "DIR", default_value = "content")]
    content: PathBuf,
    /// The output folder. A build replaces it whole, so it must be new, empty, or a
    /// folder sitegen wrote (it holds a .sitegen-output file); the content, templates
    /// and web folders, the project and current folders and / are refused.
    #[arg(long, value_name = "DIR", default_value = "dist")]
    out: PathBuf,
    /// The web app (Vite + React) folder.
    #[arg(long, value_name = "DIR", default_value = "web")]
    web: PathBuf,
    /// The HTML shell templates folder.
    #[arg(long, value_name = "DIR", default_value = "templates")]
    templates: PathBuf,
    /// How many cores to use: the threads that write the pages, link check and
    /// compress, and at most as many Node workers (one per 1,000 routes). Default: the
    /// number of cores (at most 8).
    #[arg(long, short = 'j', value_name = "N", env = "SITEGEN_JOBS")]
    jobs: Option<NonZeroUsize>,
    /// How many seconds a prerender worker may take to answer one route before it is
    /// taken as hung and killed (decimals allowed).
    #[arg(long, value_name = "SECONDS", env = sitegen_workers::prerender::WORKER_TIMEOUT_ENV, default_value = "60", value_parser = parse_seconds)]
    worker_timeout: Duration,
    /// The site's origin for this build (e.g. a branch preview's URL): replaces
    /// site.toml's base_url in canonical links, Open Graph URLs, JSON-LD, sitemap.xml and
    /// robots.txt.
    #[arg(long, value_name = "URL", env = "SITEGEN_BASE_URL", value_parser = parse_base_url)]
    base_url: Option<HttpUrl>,
    /// The origin the media files (images and their WebP variants, share images, video,
    /// brochures) are served at, e.g. https://media.example.com, optionally with a path
    /// prefix: replaces site.toml's media_url. The build then writes them to the media
    /// folder (--media-out) instead of the output folder, and every page, share tag and
    /// JSON-LD block names them there. `serve` ignores it and serves the media itself.
    #[arg(long, value_name = "URL", env = "SITEGEN_MEDIA_URL", value_parser = parse_media_url)]
    media_url: Option<HttpUrl>,
    /// The folder the media go to when they live on their own origin (--media-url or
    /// site.toml's media_url), with the same paths as under the output folder
    /// (media/…): upload it to the media origin. Replaced whole like --out, so the same
    /// folders are refused, and the output folder. Default: the output folder's name +
    /// -media, beside it (dist-media).
    #[arg(long, value_name = "DIR")]
    media_out: Option<PathBuf>,
    /// Include the drafts (`draft = true`), marked as such. `build` leaves them out
    /// by default, `serve` includes them (see --no-drafts).
    #[arg(long)]
    drafts: bool,
    /// Compute everything afresh: prerender every route, compress every file and encode
    /// every image variant, ignoring the build cache (target/sitegen-cache beside the
    /// content folder), which this build refills.
    #[arg(long)]
    no_cache: bool,
    /// Also write `.br` and `.gz` twins of every page, data chunk, drawing and the
    /// sitemap, for hosts that serve such files but do not compress (nginx with
    /// gzip_static / brotli_static, Caddy's `precompressed`, a bare object store).
    /// Netlify, Cloudflare Pages, Vercel and GitHub Pages compress on their own: leave
    /// it off for them. The web bundle's files always come with twins. (`serve` writes
    /// them for a still preview, --no-watch, and never while it watches.)
    #[arg(long)]
    precompress: bool,
    /// Print only errors: no progress, warnings, summary or notices.
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Debug, Args)]
struct BuildCommandArgs {
    #[command(flatten)]
    build: BuildArgs,
    /// The host the site is deployed to: writes what it reads (`_redirects` and
    /// `_headers`, `vercel.json`, `.nojekyll`) and fails the build, leaving the output
    /// as it was, when the site passes one of its limits (files, bytes of a file,
    /// entries of a folder, redirect and header rules, total size). Replaces site.toml's
    /// `host`. Without either: `_redirects` and `_headers`, and a warning for each host
    /// whose limits the site passes.
    #[arg(long, value_name = "HOST", value_parser = parse_host)]
    host: Option<Host>,
}

/// A host profile's name (a bad one is a usage error, exit 2, before anything runs).
fn parse_host(text: &str) -> Result<Host, String> {
    Host::parse(text).ok_or_else(|| {
        let names: Vec<&str> = Host::ALL.iter().map(|host| host.name()).collect();
        let hint = sitegen_content::did_you_mean(text, names.iter().copied())
            .map(|hint| format!(" ({hint})"))
            .unwrap_or_default();
        format!(
            "{text:?} is no host sitegen knows{hint}: use one of: {}",
            names.join(", ")
        )
    })
}

/// A positive, finite number of seconds (`2.5`).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|seconds| seconds.is_finite() && *seconds > 0.0 && *seconds < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("{text:?} is not a positive number of seconds"))
}

/// Validates `--base-url` before anything runs (a bad one is a usage error, exit 2).
fn parse_base_url(text: &str) -> Result<HttpUrl, String> {
    HttpUrl::parse_origin(text)
}

/// Validates `--media-url` before anything runs (a bad one is a usage error, exit 2).
fn parse_media_url(text: &str) -> Result<HttpUrl, String> {
    sitegen_content::parse_media_origin(text)
}

#[derive(Debug, Args)]
struct ServeArgs {
    #[command(flatten)]
    build: BuildArgs,
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: 127.0.0.1 keeps the preview on this computer; 0.0.0.0
    /// (or any other non-loopback address) lets other devices reach it, with a warning.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Serve the built site as it is: no watching, no rebuilds, no live-reload script
    /// (what tests and audits use, so the pages are exactly what a CDN would serve).
    #[arg(long)]
    no_watch: bool,
    /// Do not build first; serve the output folder as it is (implies --no-watch).
    #[arg(long)]
    no_build: bool,
    /// Leave the drafts out, as `sitegen build` does (preview the production site).
    #[arg(long, conflicts_with = "drafts")]
    no_drafts: bool,
    /// Turn the browser editor (/_edit) on off loopback too (--host 0.0.0.0): it then
    /// needs the token in the address serve prints. On loopback it is on by default.
    #[arg(long, conflicts_with = "no_edit")]
    edit: bool,
    /// Turn the browser editor (/_edit) off.
    #[arg(long)]
    no_edit: bool,
}

/// See the workspace's Cargo.toml: most of a build's CPU went to glibc's malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    sitegen_workers::os::turn_off_huge_pages();
    let cli = Cli::parse();
    cmd::set_color(cli.color);
    if let Command::Build(BuildCommandArgs {
        build: BuildArgs { quiet, .. },
        ..
    })
    | Command::Serve(ServeArgs {
        build: BuildArgs { quiet, .. },
        ..
    }) = &cli.command
    {
        cmd::set_quiet(*quiet);
    }
    if matches!(
        cli.command,
        Command::Build(_) | Command::Serve(_) | Command::Import(_)
    ) {
        if let Err(error) = sitegen_workers::fault::install_from_env() {
            eprintln!("{}: {error}", cmd::paint_failure("error"));
            return ExitCode::from(2);
        }
    }
    if matches!(cli.command, Command::Build(_) | Command::Serve(_)) {
        if let Err(error) = sitegen_workers::interrupt::install() {
            eprintln!("warning: Ctrl-C will not stop a build cleanly: {error}");
        }
    }
    let load = LoadOptions {
        max_image_side: cli.max_image_side,
    };
    let outcome = match cli.command {
        Command::Explain(args) => cmd::explain::run(args.code.as_deref(), args.all),
        Command::Build(args) => cmd::build::run(sitegen_render::BuildOptions {
            host: args.host,
            ..args.build.options(load)
        }),
        Command::Check(args) => cmd::check::run(&args.content, &args.web, &load),
        Command::Schema(args) => cmd::schema::run(&args.out),
        Command::Gen(args) => cmd::gen::run(&args.root),
        Command::New(args) => cmd::new::run(&cmd::new::NewEntry {
            kind: args.kind,
            title: args.title,
            category: args.category,
            subcategory: args.subcategory,
            id: args.id,
            content: args.content,
            web: args.web,
            load,
        }),
        Command::Export(args) => match args.kind {
            cmd::sheet::SheetKind::Products => cmd::sheet::export(&args.content, &args.file),
        },
        Command::Import(args) => match args.kind {
            cmd::sheet::SheetKind::Products => cmd::sheet::import(
                &args.content,
                &args.file,
                ImportOptions {
                    dry_run: args.dry_run,
                    delete_missing: args.delete_missing,
                    accept_spreadsheet_numbers: args.accept_spreadsheet_numbers,
                    load,
                },
            ),
        },
        Command::Publish(args) => {
            cmd::publish::run(&args.content, args.message, args.dry_run, args.keep_mine)
        }
        Command::Serve(args) => {
            let watch = !(args.no_watch || args.no_build);
            cmd::serve::run(cmd::serve::ServeConfig {
                build: sitegen_render::BuildOptions {
                    // Editors preview their drafts unless they ask for the production set.
                    drafts: !args.no_drafts,
                    // A live preview is rebuilt on every save; a still one is served
                    // as a CDN would serve the site.
                    precompress: !watch,
                    // The preview serves the media itself, whatever media_url says.
                    media: sitegen_render::MediaOptions {
                        local: true,
                        ..Default::default()
                    },
                    ..args.build.options(load)
                },
                host: args.host,
                port: args.port,
                watch,
                build_first: !args.no_build,
                edit: match (args.edit, args.no_edit) {
                    (true, _) => Some(true),
                    (_, true) => Some(false),
                    _ => None,
                },
            })
        }
    };
    match outcome {
        Ok(code) => code,
        Err(error) => {
            cmd::print_failure(&format!("{error:#}"), cmd::failure_code(&error));
            ExitCode::from(1)
        }
    }
}

impl BuildArgs {
    fn options(&self, load: LoadOptions) -> sitegen_render::BuildOptions {
        sitegen_render::BuildOptions {
            content_dir: self.content.clone(),
            out_dir: self.out.clone(),
            web_dir: self.web.clone(),
            templates_dir: self.templates.clone(),
            jobs: self.jobs,
            base_url: self.base_url.clone(),
            media: sitegen_render::MediaOptions {
                url: self.media_url.clone(),
                out_dir: self.media_out.clone(),
                local: false,
            },
            drafts: self.drafts,
            reuse_cache: !self.no_cache,
            precompress: self.precompress,
            worker_timeout: self.worker_timeout,
            load,
            host: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_timeout_is_a_positive_number_of_seconds() {
        assert_eq!(parse_seconds("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_seconds(" 90 "), Ok(Duration::from_secs(90)));
        for unusable in ["0", "-1", "soon", "", "inf", "NaN"] {
            assert!(parse_seconds(unusable).is_err(), "{unusable:?}");
        }
    }
}
