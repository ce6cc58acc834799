//! `sitegen gen`: write every file of the repository that is generated from Rust
//! declarations, so that nothing can drift from them:
//! - the web app's route files, from the route table ([`sitegen_content::ROUTES`]):
//!   `route-paths.gen.ts`, `route-modules.gen.ts` and `route-table.gen.ts`;
//! - the data contract's TypeScript types (`web/src/content/contract.gen.ts`) and the
//!   web tests' data (`web/src/testing/content-fixture.gen.ts`), from `sitegen-view`;
//! - the products' search index file types (`web/src/search/index-format.gen.ts`),
//!   from `sitegen-render`, and the tokenizer's test vectors
//!   (`web/src/search/__tests__/tokenizer-vectors.gen.json`), from `sitegen-content`;
//! - the prerender worker's message and reply types
//!   (`web/src/app/prerender-protocol.gen.ts`), from `sitegen-workers`;
//! - the browser editor's API types (`web/src/editor/logic/api.gen.ts`), from
//!   `sitegen-editor`;
//! - the content files' JSON Schemas (`schemas/`), the error reference
//!   (`docs/errors.md`) and the table of content files in the data contract
//!   (`docs/data-contract.md` §1, and its lines naming the home sections), from
//!   `sitegen-content` and `sitegen-diagnostics`;
//! - the command-line reference (`docs/cli.md`), from the command line's definitions.
//! - the products sheet's column reference (`docs/spreadsheet.md`), from `sitegen-sheet`.
//!
//! One test (`tests/gen.rs`) fails while any committed file is stale. A data contract
//! that leaves out a key or field of a product is refused ([`product_fields`]).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use sitegen_content::{Route, RouteKind};

mod product_fields;

/// Where the routes' data goes, relative to the web app folder: ids, patterns, kinds,
/// screen module names and data sources, importing nothing, so any layer of the app
/// (path builders in `lib/`, screens) can read it without an import cycle.
pub const ROUTE_PATHS_FILE: &str = "src/lib/route-paths.gen.ts";

/// Where the router's table goes: the routes' data plus each screen's lazy import, for
/// `app/` alone (a screen importing it would import every other screen).
pub const ROUTE_TABLE_FILE: &str = "src/app/route-table.gen.ts";

/// Where each screen's module name (its Vite manifest key) goes: for the prerender, which
/// lists the modules a page rendered, and for type checks; the browser's bundle leaves
/// it out.
pub const ROUTE_MODULES_FILE: &str = "src/lib/route-modules.gen.ts";

/// Where the data files' URLs go: the routes' data chunks, the redirect map and the
/// route aliases, for the code that fetches them (part of the entry script).
pub const DATA_FILES_FILE: &str = "src/content/data-files.gen.ts";

/// The web app's folder, relative to the repository root.
const WEB_DIR: &str = "web";

/// The valid content fixture, relative to the repository root: the web tests' data is
/// its views.
pub const VALID_FIXTURE_DIR: &str = "crates/sitegen-content/tests/fixtures/valid/content";

/// The content files' JSON Schemas, relative to the repository root.
const SCHEMAS_DIR: &str = "schemas";

/// The tokenizer's test vectors for the web app's tests, relative to the repository root.
pub const TOKENIZER_VECTORS_FILE: &str = "web/src/search/__tests__/tokenizer-vectors.gen.json";

/// The error reference, relative to the repository root.
const ERRORS_FILE: &str = "docs/errors.md";

/// The command-line reference, relative to the repository root.
const CLI_FILE: &str = "docs/cli.md";

/// The data contract, relative to the repository root: the table of content files in
/// its §1 is generated, between these two lines.
pub const DATA_CONTRACT_FILE: &str = "docs/data-contract.md";
const FILES_TABLE_START: &str =
    "<!-- The content files: generated from crates/sitegen-content/src/files.rs by `sitegen gen`. -->\n";
const FILES_TABLE_END: &str = "<!-- End of the generated table. -->\n";

/// The route files of `routes`, each as (path relative to the web app, text).
pub fn route_files(routes: &[Route]) -> [(&'static str, String); 4] {
    [
        (ROUTE_PATHS_FILE, route_paths_ts(routes)),
        (ROUTE_MODULES_FILE, route_modules_ts(routes)),
        (ROUTE_TABLE_FILE, route_table_ts(routes)),
        (DATA_FILES_FILE, data_files_ts()),
    ]
}

/// Every generated file of the repository at `root`, each as (path relative to the
/// root, text). The web tests' data needs the valid content fixture under `root`.
pub fn generated_files(root: &Path) -> anyhow::Result<Vec<(PathBuf, String)>> {
    let mut files: Vec<(PathBuf, String)> = route_files(sitegen_content::ROUTES)
        .into_iter()
        .map(|(file, text)| (Path::new(WEB_DIR).join(file), text))
        .collect();
    files.push((
        PathBuf::from(sitegen_view::TYPESCRIPT_FILE),
        sitegen_view::typescript(),
    ));
    files.push((
        PathBuf::from(sitegen_search::TYPESCRIPT_FILE),
        sitegen_search::typescript(),
    ));
    files.push((
        PathBuf::from(TOKENIZER_VECTORS_FILE),
        sitegen_content::search_words::tokenizer_vectors_json(),
    ));
    files.push((
        PathBuf::from(sitegen_workers::protocol::TYPESCRIPT_FILE),
        prerender_protocol_ts(),
    ));
    files.push((
        PathBuf::from(sitegen_editor::api::TYPESCRIPT_FILE),
        editor_api_ts(),
    ));
    let fixture = root.join(VALID_FIXTURE_DIR);
    let report = sitegen_content::load(&fixture);
    let content = report.content.with_context(|| {
        format!(
            "the valid content fixture {} does not load: run `sitegen check --content {}`",
            fixture.display(),
            fixture.display()
        )
    })?;
    files.push((
        PathBuf::from(sitegen_view::WEB_FIXTURE_FILE),
        sitegen_view::web_fixture(&content),
    ));
    files.extend(
        sitegen_content::schema_files()
            .into_iter()
            .map(|(name, text)| (Path::new(SCHEMAS_DIR).join(name), text)),
    );
    files.push((
        PathBuf::from(ERRORS_FILE),
        sitegen_content::ErrorCode::reference_markdown(),
    ));
    files.push((
        PathBuf::from(sitegen_sheet::REFERENCE_FILE),
        sitegen_sheet::reference_markdown(),
    ));
    let contract = root.join(DATA_CONTRACT_FILE);
    let text = fs::read_to_string(&contract)
        .with_context(|| format!("reading the data contract {}", contract.display()))?;
    files.push((
        PathBuf::from(DATA_CONTRACT_FILE),
        with_generated_facts(&text).with_context(|| format!("in {}", contract.display()))?,
    ));
    files.push((
        PathBuf::from(CLI_FILE),
        cli_reference(<crate::Cli as clap::CommandFactory>::command()),
    ));
    Ok(files)
}

/// The command-line reference in Markdown: the long help of `command` and of each of its
/// subcommands, as `sitegen help COMMAND` prints it, whatever the environment holds.
pub fn cli_reference(command: clap::Command) -> String {
    let hide_env_values =
        |command: clap::Command| command.mut_args(|arg| arg.hide_env_values(true));
    let mut command = hide_env_values(command)
        .mut_subcommands(hide_env_values)
        .term_width(CLI_REFERENCE_WIDTH);
    command.build();
    let name = command.get_name().to_string();
    let mut out = format!(
        "<!-- Generated by `sitegen gen` from the command line's definitions \
         (crates/sitegen/src/main.rs): do not edit. -->\n\n\
         # The `{name}` command line\n\n\
         What `{name} --help` and `{name} help COMMAND` print. Exit codes: 0 success, \
         1 a content or build error, 2 a usage error.\n"
    );
    let mut section = |title: &str, command: &mut clap::Command| {
        let help = command.render_long_help().to_string();
        let _ = write!(out, "\n## `{title}`\n\n```text\n");
        for line in help.trim_end().lines() {
            let _ = writeln!(out, "{}", line.trim_end());
        }
        out.push_str("```\n");
    };
    section(&name, &mut command);
    for subcommand in command.get_subcommands_mut() {
        section(&format!("{name} {}", subcommand.get_name()), subcommand);
    }
    out
}

/// The width the command-line reference's help is wrapped at, whatever the terminal.
const CLI_REFERENCE_WIDTH: usize = 100;
/// `contract` with what it says of Rust declarations written afresh: the table of
/// content files between its markers, and the lines that name the home sections. A
/// contract that leaves out a product's key or field is refused, each one named.
fn with_generated_facts(contract: &str) -> anyhow::Result<String> {
    let missing = product_fields::missing_product_fields(contract);
    anyhow::ensure!(
        missing.is_empty(),
        "the data contract leaves out a field of a product:\n  {}",
        missing.join("\n  ")
    );
    let missing = || {
        anyhow::anyhow!(
            "the table of content files must stand between the lines {:?} and {:?}",
            FILES_TABLE_START.trim_end(),
            FILES_TABLE_END.trim_end()
        )
    };
    let start = contract.find(FILES_TABLE_START).ok_or_else(missing)? + FILES_TABLE_START.len();
    let end = start
        + contract[start..]
            .find(FILES_TABLE_END)
            .ok_or_else(missing)?;
    let text = format!(
        "{}{}{}",
        &contract[..start],
        sitegen_content::files::files_table_markdown(),
        &contract[end..]
    );
    let names: Vec<&str> = sitegen_content::HomeSection::names().collect();
    let quoted = |quote: &str| {
        names
            .iter()
            .map(|name| format!("{quote}{name}{quote}"))
            .collect::<Vec<_>>()
    };
    let text = with_line(
        &text,
        "sections = [",
        &format!("sections = [{}]", quoted("\"").join(", ")),
    )?;
    with_line(
        &text,
        "type HomeSection = ",
        &format!("type HomeSection = {};", quoted("'").join(" | ")),
    )
}

/// `text` with its one line starting with `prefix` replaced by `line`.
fn with_line(text: &str, prefix: &str, line: &str) -> anyhow::Result<String> {
    let mut found = 0;
    let mut out = String::with_capacity(text.len());
    for old in text.split_inclusive('\n') {
        if old.starts_with(prefix) {
            found += 1;
            out.push_str(line);
            out.push('\n');
        } else {
            out.push_str(old);
        }
    }
    anyhow::ensure!(
        found == 1,
        "expected one line starting with {prefix:?}, found {found}"
    );
    Ok(out)
}

/// The prerender worker's message and reply types, from `sitegen_workers::protocol`.
pub fn prerender_protocol_ts() -> String {
    sitegen_view::typescript_of(
        "// Generated by `sitegen gen` from crates/sitegen-workers/src/protocol.rs\n\
         // (docs/data-contract.md §5): do not edit.\n",
        |declarations| sitegen_workers::protocol::visit_types(declarations),
    )
}

/// The browser editor's request and answer types, from `sitegen_editor::api`.
pub fn editor_api_ts() -> String {
    let header = format!(
        "// Generated by `sitegen gen` from crates/sitegen-editor/src/api.rs\n\
         // (docs/editor.md): do not edit.\n{}",
        sitegen_editor::api::TYPESCRIPT_IMPORTS
    );
    sitegen_view::typescript_of(&header, |declarations| {
        sitegen_editor::api::visit_types(declarations)
    })
}

/// Writes the generated files into the repository at `root` and prints what it did.
pub fn run(root: &Path) -> anyhow::Result<ExitCode> {
    for (file, text) in generated_files(root)? {
        let path = root.join(file);
        let changed = fs::read_to_string(&path).ok().as_deref() != Some(text.as_str());
        if changed {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)
                    .with_context(|| format!("creating {}", parent.display()))?;
            }
            fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
        }
        let state = if changed { "written" } else { "unchanged" };
        println!("{}: {state}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

const GENERATED_HEADER: &str =
    "// Generated by `sitegen gen` from the route table in crates/sitegen-content/src/routes.rs.\n\
     // Do not edit: change the Rust declaration and run `sitegen gen` (a test fails while\n\
     // this file is stale).\n";

/// The routes' data of `routes` for TypeScript: per route id its path, kind, how its
/// data is found and, for an alias, its target.
pub fn route_paths_ts(routes: &[Route]) -> String {
    let mut out = String::from(GENERATED_HEADER);
    out.push_str(
        "\n\
         /** One route of docs/data-contract.md §4. */\n\
         export type RoutePath = {\n\
         \x20 /** React Router's pattern (`:name` a parameter, `*` the catch-all). */\n\
         \x20 readonly path: string;\n\
         \x20 readonly kind: 'page' | 'block' | 'alias' | 'permalink' | 'not-found';\n\
         \x20 /** The data chunk: the route's own (`static`), the URL's (`by-url`) or none. */\n\
         \x20 readonly data: 'static' | 'by-url' | 'none';\n\
         \x20 /** For an alias or a permalink: the id of the route it redirects to (301). */\n\
         \x20 readonly redirect?: string;\n\
         };\n\
         \n\
         export const ROUTE_PATHS = {\n",
    );
    for route in routes {
        let _ = writeln!(out, "  {}: {{", quote(route.id));
        let _ = writeln!(out, "    path: {},", quote(route.pattern));
        let _ = writeln!(out, "    kind: {},", quote(route.kind.as_str()));
        let _ = writeln!(out, "    data: {},", quote(data_source(route)));
        if let Some(target) = route.redirect {
            let _ = writeln!(out, "    redirect: {},", quote(target));
        }
        out.push_str("  },\n");
    }
    out.push_str(
        "} as const satisfies Record<string, RoutePath>;\n\
         \n\
         /** The id of a declared route. */\n\
         export type RouteId = keyof typeof ROUTE_PATHS;\n",
    );
    out
}

/// The data files' URLs, as the build writes them (`sitegen_content::routes`).
pub fn data_files_ts() -> String {
    use sitegen_content::routes::{route_aliases, REDIRECTS_DATA_FILE};
    let mut out = String::from(GENERATED_HEADER);
    let _ = write!(
        out,
        "\n\
         /** The redirect map the client router reads for an old URL. */\n\
         export const REDIRECTS_DATA_URL = {};\n\
         \n\
         /** Each route alias's path → the path of the page it is (a 301). */\n\
         export const ROUTE_ALIASES: Readonly<Record<string, string>> = {{\n",
        quote(&format!("/{REDIRECTS_DATA_FILE}")),
    );
    for (alias, target) in route_aliases() {
        let _ = writeln!(out, "  {}: {},", quote(alias), quote(target));
    }
    out.push_str("};\n");
    out
}

/// Each screen's module of `routes`, by route id (aliases have none).
pub fn route_modules_ts(routes: &[Route]) -> String {
    let mut out = String::from(GENERATED_HEADER);
    out.push_str(
        "import type { RouteId } from './route-paths.gen';\n\
         \n\
         /**\n\
         \x20* Each screen's module as a Vite manifest key, by route id: the prerender lists the\n\
         \x20* modules a page rendered, and type checks read it. The browser's bundle leaves it out.\n\
         \x20*/\n\
         export const ROUTE_MODULES = {\n",
    );
    for route in routes {
        if let Some(module) = route.screen {
            let _ = writeln!(out, "  {}: {},", quote(route.id), quote(module));
        }
    }
    out.push_str("} as const satisfies Partial<Record<RouteId, string>>;\n");
    out
}

/// The router's table of `routes`: each route's data (from `route-paths.gen.ts`) and
/// its screen's lazy import. A screen module that is missing, or whose default export
/// is no component, fails type-checking. Each module's import is written once, however
/// many routes show it: the bundler wraps every `import()` in a preload call with its
/// dependency list, and this table is part of every page's first load.
pub fn route_table_ts(routes: &[Route]) -> String {
    let mut out = String::from(GENERATED_HEADER);
    out.push_str(
        "import type { ComponentType } from 'react';\n\
         import { ROUTE_PATHS, type RouteId, type RoutePath } from '../lib/route-paths.gen';\n\
         \n\
         export type { RouteId } from '../lib/route-paths.gen';\n\
         \n\
         /** A screen's module: its default export is the screen. */\n\
         export type ScreenModule = { default: ComponentType };\n\
         \n\
         /** A route with its screen's lazy import (none for an alias). */\n\
         export type RouteEntry = RoutePath & { readonly load?: () => Promise<ScreenModule> };\n\
         \n",
    );
    let loaders = screen_loaders(routes);
    for (module, loader) in &loaders {
        let _ = writeln!(
            out,
            "const {loader} = () => import({});",
            quote(&import_path(module))
        );
    }
    out.push_str("\nexport const ROUTE_TABLE = {\n");
    for route in routes {
        let id = quote(route.id);
        match route.screen {
            Some(module) => {
                let _ = writeln!(out, "  {id}: {{");
                let _ = writeln!(out, "    ...ROUTE_PATHS[{id}],");
                let _ = writeln!(out, "    load: {},", loader_of(&loaders, module));
                out.push_str("  },\n");
            }
            None => {
                let _ = writeln!(out, "  {id}: ROUTE_PATHS[{id}],");
            }
        }
    }
    out.push_str("} as const satisfies Record<RouteId, RouteEntry>;\n");
    out
}

/// The name of each screen module's loader, in the order the routes first name them:
/// `load` and the module's file name, numbered when two modules share a file name.
fn screen_loaders(routes: &[Route]) -> Vec<(&'static str, String)> {
    let mut loaders: Vec<(&'static str, String)> = Vec::new();
    for module in routes.iter().filter_map(|route| route.screen) {
        if loaders.iter().any(|(known, _)| *known == module) {
            continue;
        }
        let stem: String = Path::new(module)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or("Screen")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let mut name = format!("load{stem}");
        let mut number = 2;
        while loaders.iter().any(|(_, taken)| *taken == name) {
            name = format!("load{stem}{number}");
            number += 1;
        }
        loaders.push((module, name));
    }
    loaders
}

/// The loader `screen_loaders` named for `module`.
fn loader_of<'a>(loaders: &'a [(&str, String)], module: &str) -> &'a str {
    loaders
        .iter()
        .find(|(known, _)| *known == module)
        .map(|(_, name)| name.as_str())
        .expect("every screen module has a loader")
}

/// How the web router finds a route's data chunk.
fn data_source(route: &Route) -> &'static str {
    match route.kind {
        RouteKind::Alias | RouteKind::Permalink | RouteKind::NotFound => "none",
        // A parameterised route's chunk is the URL's; a static one's is its own path,
        // whatever case the URL has (the router ignores case).
        _ if route.is_parameterised() => "by-url",
        _ => "static",
    }
}

/// The import specifier of a screen module (a manifest key such as
/// `src/pages/home/HomePage.tsx`) from `src/app/`, without its extension.
fn import_path(module: &str) -> String {
    let stem = module
        .strip_suffix(".tsx")
        .or_else(|| module.strip_suffix(".ts"))
        .unwrap_or(module);
    match stem.strip_prefix("src/app/") {
        Some(in_app) => format!("./{in_app}"),
        None => format!("../{}", stem.strip_prefix("src/").unwrap_or(stem)),
    }
}

/// A single-quoted TypeScript string literal.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sitegen_content::{Breadcrumb, DataKind};

    #[test]
    fn a_route_declared_in_rust_reaches_the_typescript_table() {
        // What "Adding a route" in docs/developing.md asks for: one declaration (and its screen
        // module) is all the web app needs.
        let added = Route {
            id: "press",
            pattern: "/press",
            kind: RouteKind::Page,
            screen: Some("src/pages/press/PressPage.tsx"),
            data: DataKind::Empty,
            breadcrumb: Breadcrumb::Under("home"),
            sitemap: true,
            redirect: None,
        };
        let mut routes = sitegen_content::ROUTES.to_vec();
        routes.push(added);
        let paths = route_paths_ts(&routes);
        assert!(
            paths.contains(
                "  'press': {\n    path: '/press',\n    kind: 'page',\n    data: 'static',\n  },\n"
            ),
            "{paths}"
        );
        let modules = route_modules_ts(&routes);
        assert!(
            modules.contains("  'press': 'src/pages/press/PressPage.tsx',\n"),
            "{modules}"
        );
        let table = route_table_ts(&routes);
        assert!(
            table.contains("const loadPressPage = () => import('../pages/press/PressPage');\n")
                && table.contains(
                    "  'press': {\n    ...ROUTE_PATHS['press'],\n    load: loadPressPage,\n  },\n"
                ),
            "{table}"
        );
        assert!(!route_paths_ts(sitegen_content::ROUTES).contains("press"));
    }

    #[test]
    fn every_declared_route_is_in_the_table_with_how_its_data_is_found() {
        let table = route_table_ts(sitegen_content::ROUTES);
        let paths = route_paths_ts(sitegen_content::ROUTES);
        for route in sitegen_content::ROUTES {
            assert!(
                paths.contains(&format!(
                    "  '{}': {{\n    path: '{}',",
                    route.id, route.pattern
                )),
                "{}",
                route.id
            );
        }
        assert!(
            table.contains("const loadFooterBlockPage = () => import('./layout/FooterBlockPage');")
        );
        assert!(paths.contains(
            "  'product': {\n    path: '/products/:productId/:slug',\n    kind: 'page',\n    \
             data: 'by-url',\n  },\n"
        ));
        let modules = route_modules_ts(sitegen_content::ROUTES);
        assert!(modules.contains("  'product': 'src/pages/product/ProductPage.tsx',\n"));
        assert!(!modules.contains("'job-application-alias'"));
        assert!(
            table.contains("const loadProductPage = () => import('../pages/product/ProductPage');")
        );
        assert!(
            table.contains("  'job-application-alias': ROUTE_PATHS['job-application-alias'],\n")
        );
        assert!(paths.contains(
            "  'job-application-alias': {\n    path: '/JobApplicationForm',\n    kind: 'alias',\n    \
             data: 'none',\n    redirect: 'job-application',\n  },\n"
        ));
        assert_eq!(quote("it's"), "'it\\'s'");
    }

    #[test]
    fn every_committed_generated_file_is_up_to_date() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let files = generated_files(&root).unwrap();
        assert!(files.len() > 6, "{}", files.len());
        for (file, text) in files {
            let committed = fs::read_to_string(root.join(&file)).unwrap_or_default();
            assert!(
                committed == text,
                "{} is stale: run `sitegen gen` at the repository root",
                file.display()
            );
        }
    }
}
