//! `sitegen-webapp` owns the web bundle: the React app in `web/`, its packages
//! installed, its client and SSR bundles built when (and only when) its sources
//! changed, locked against concurrent builds, fingerprinted, and Vite's manifest read.
//!
//! A crate of its own rather than a part of `sitegen-workers`: the workers run the work
//! a build hands them (the thread queue, the Node processes that load this bundle), and
//! know nothing of where the bundle comes from, while the bundle's `.br` / `.gz` twins
//! are made by `sitegen-output`'s compression, which itself runs on the workers' thread
//! queue, so in `sitegen-workers` the two crates would depend on each other.
//!
//! Not for: copying the bundle into the site or prerendering with it (`sitegen-render`).

mod error;

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;
use sha2::{Digest, Sha256};
use walkdir::WalkDir;

use sitegen_output::progress::Tally;

pub use crate::error::WebAppError;

/// Marker written into `node_modules/` after `npm ci`: the lockfile's hash.
const INSTALL_MARKER: &str = "node_modules/.sitegen-lockfile-hash";
/// Marker written into `dist/` after a web build: the hash of every input.
const BUILD_MARKER: &str = "dist/.sitegen-build-hash";
/// The client bundle: the files copied into every site, with their `.br` / `.gz` twins.
const CLIENT_DIR: &str = "dist/client";
/// Written once the client bundle's files have their twins (a dot-folder: never
/// copied into the site).
const TWINS_MARKER: &str = "dist/client/.vite/sitegen-twins";
/// Files and folders of `web/` that the bundles are built from.
const BUILD_INPUTS: &[&str] = &[
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
    "src",
    "public",
    "scripts/prerender.mjs",
    "scripts/code-cache.mjs",
];

/// Marker written into the browser editor's bundle after its build: its inputs' hash.
const EDITOR_MARKER: &str = "dist/editor/.sitegen-build-hash";
/// The browser editor's Vite configuration: no editor to build without it.
const EDITOR_CONFIG: &str = "vite.editor.config.ts";
/// Files and folders of `web/` that the editor's bundle is built from (it may import
/// the site's shared modules, so all of `src`).
const EDITOR_INPUTS: &[&str] = &[
    "package.json",
    "package-lock.json",
    EDITOR_CONFIG,
    "tsconfig.json",
    "src",
];

/// The web app's folder.
#[derive(Debug, Clone)]
pub struct WebApp {
    dir: PathBuf,
}

/// What a web build produced.
#[derive(Debug)]
pub struct WebBuild {
    /// `web/dist/client`: hashed assets to copy into the site, with their twins.
    pub client_dir: PathBuf,
    /// The prerender worker script.
    pub prerender_script: PathBuf,
    /// The web app's folder, which the prerender worker runs in.
    pub dir: PathBuf,
    pub manifest: Manifest,
    /// The hash of every input of the bundles: what a prerendered page depends on
    /// besides its data.
    pub fingerprint: String,
    /// False when the previous build was reused.
    pub rebuilt: bool,
    /// Held until the site build is done with the bundles (copying assets,
    /// prerendering), so a concurrent build cannot rebuild them underneath it.
    _lock: fs::File,
}

impl WebApp {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// Locks the web app against concurrent builds (tests, a watcher, several
    /// checkouts' tools, which must never run Vite into a folder another build is
    /// reading) and finds out whether its bundles are built from its current inputs.
    pub fn lock(&self) -> Result<LockedWebApp, WebAppError> {
        let lock_path = self.dir.join(".sitegen-build.lock");
        let lock = fs::File::create(&lock_path).map_err(|e| WebAppError::io(&lock_path, e))?;
        lock.lock().map_err(|e| WebAppError::io(&lock_path, e))?;
        let fingerprint = self.fingerprint()?;
        let built = fs::read_to_string(self.dir.join(BUILD_MARKER))
            .is_ok_and(|old| old == fingerprint)
            && self.manifest_path().is_file();
        Ok(LockedWebApp {
            app: self.clone(),
            fingerprint,
            installed: self.is_installed(),
            built,
            lock,
        })
    }

    fn manifest_path(&self) -> PathBuf {
        self.dir.join("dist/client/.vite/manifest.json")
    }

    fn prerender_script(&self) -> PathBuf {
        self.dir.join("scripts/prerender.mjs")
    }
    /// The hash of the lockfile `node_modules` must have been installed from.
    fn lockfile_hash(&self) -> Result<String, WebAppError> {
        let lockfile = self.dir.join("package-lock.json");
        Ok(hash_bytes(
            &fs::read(&lockfile).map_err(|e| WebAppError::io(&lockfile, e))?,
        ))
    }

    fn is_installed(&self) -> bool {
        self.lockfile_hash().is_ok_and(|wanted| {
            fs::read_to_string(self.dir.join(INSTALL_MARKER)).is_ok_and(|have| have == wanted)
        })
    }

    /// `npm ci`, for a `node_modules` that is missing or was installed from another
    /// lockfile.
    fn install(&self, tally: &Tally) -> Result<(), WebAppError> {
        let wanted = self.lockfile_hash()?;
        let marker = self.dir.join(INSTALL_MARKER);
        tally.step("installing the web packages (npm ci)…");
        self.run_npm(&["ci", "--no-audit", "--no-fund"])?;
        fs::write(&marker, wanted).map_err(|e| WebAppError::io(&marker, e))
    }

    fn run_npm(&self, args: &[&str]) -> Result<(), WebAppError> {
        let command = format!("npm {}", args.join(" "));
        let output = Command::new(sitegen_output::os::NPM)
            .args(args)
            .current_dir(&self.dir)
            .output()
            .map_err(|e| WebAppError::Web {
                step: command.clone(),
                output: format!("could not start npm: {e} (is Node.js installed?)"),
            })?;
        if output.status.success() {
            return Ok(());
        }
        Err(WebAppError::Web {
            step: command,
            output: format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ),
        })
    }

    /// Builds the browser editor's bundle (`npm run build:editor` → `dist/editor/`)
    /// when it is missing or its inputs changed since, installing the packages first if
    /// needed, under the lock every web build takes. Returns whether it ran Vite; a web
    /// app without the editor's configuration has nothing to build.
    pub fn ensure_editor_built(&self, tally: &Tally) -> Result<bool, WebAppError> {
        if !self.dir.join(EDITOR_CONFIG).is_file() {
            return Ok(false);
        }
        let locked = self.lock()?;
        let fingerprint = self.fingerprint_of(EDITOR_INPUTS)?;
        let marker = self.dir.join(EDITOR_MARKER);
        let built = fs::read_to_string(&marker).is_ok_and(|old| old == fingerprint)
            && self.dir.join("dist/editor/index.html").is_file();
        if built {
            return Ok(false);
        }
        if !locked.installed {
            self.install(tally)?;
        }
        tally.step("building the browser editor (vite)…");
        self.run_npm(&["run", "build:editor"])?;
        fs::write(&marker, fingerprint).map_err(|e| WebAppError::io(&marker, e))?;
        Ok(true)
    }

    /// A hash over the names and bytes of every build input, in a stable order.
    fn fingerprint(&self) -> Result<String, WebAppError> {
        self.fingerprint_of(BUILD_INPUTS)
    }

    /// A hash over the names and bytes of every file of `inputs`, in a stable order.
    fn fingerprint_of(&self, inputs: &[&str]) -> Result<String, WebAppError> {
        let mut hasher = Sha256::new();
        for input in inputs {
            let path = self.dir.join(input);
            if !path.exists() {
                continue;
            }
            let mut files: Vec<PathBuf> = WalkDir::new(&path)
                .into_iter()
                .filter_map(Result::ok)
                .filter(|entry| entry.file_type().is_file())
                .map(|entry| entry.into_path())
                .collect();
            files.sort();
            for file in files {
                // Named relative to the web folder: `--web web` and `--web /abs/web` are
                // the same build and must not rebuild each other's bundles.
                let name = file.strip_prefix(&self.dir).unwrap_or(&file);
                hasher.update(name.to_string_lossy().as_bytes());
                hasher.update(fs::read(&file).map_err(|e| WebAppError::io(&file, e))?);
            }
        }
        Ok(format!("{:x}", hasher.finalize()))
    }
}

/// The web app while a build holds its lock (see [`WebApp::lock`]).
#[derive(Debug)]
pub struct LockedWebApp {
    app: WebApp,
    fingerprint: String,
    /// Whether `node_modules` was installed from the current lockfile.
    installed: bool,
    built: bool,
    lock: fs::File,
}

impl LockedWebApp {
    /// Whether the bundles are built from the current inputs and the packages
    /// installed: a prerender worker started now loads what the build will use.
    pub fn is_built(&self) -> bool {
        self.built && self.installed
    }

    /// The hash of every input of the bundles.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// The prerender worker script, and the folder it runs in.
    pub fn prerender_worker(&self) -> (PathBuf, &Path) {
        (self.app.prerender_script(), &self.app.dir)
    }

    /// Installs packages if needed and builds the bundles if any input changed. The
    /// returned [`WebBuild`] keeps the lock.
    pub fn ensure_built(self, jobs: usize, tally: &Tally) -> Result<WebBuild, WebAppError> {
        let LockedWebApp {
            app,
            fingerprint,
            installed,
            built,
            lock,
        } = self;
        if !installed {
            app.install(tally)?;
        }
        if !built {
            tally.step("building the web app (vite)…");
            app.run_npm(&["run", "build"])?;
        }
        // The bundle's twins are made once per bundle, not by every site build: its
        // hashed files are few but compressed hardest
        // (`sitegen_output::compress::LEVELS_ASSETS`). Their marker lives in the client
        // folder, which every Vite build empties (an `npm run build` by hand too).
        let twins = app.dir.join(TWINS_MARKER);
        if !built || !twins.is_file() {
            sitegen_output::compress::precompress(&app.dir.join(CLIENT_DIR), jobs, tally, None)?;
            fs::write(&twins, "").map_err(|e| WebAppError::io(&twins, e))?;
        }
        if !built {
            let marker = app.dir.join(BUILD_MARKER);
            fs::write(&marker, &fingerprint).map_err(|e| WebAppError::io(&marker, e))?;
        }
        let manifest = Manifest::read(&app.manifest_path())?;
        Ok(WebBuild {
            client_dir: app.dir.join(CLIENT_DIR),
            prerender_script: app.prerender_script(),
            dir: app.dir,
            manifest,
            fingerprint,
            rebuilt: !built,
            _lock: lock,
        })
    }
}

pub(crate) fn hash_bytes(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// One entry of Vite's `.vite/manifest.json`.
#[derive(Debug, Deserialize)]
struct ManifestChunk {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default, rename = "dynamicImports")]
    dynamic_imports: Vec<String>,
    #[serde(default, rename = "isEntry")]
    is_entry: bool,
}

/// Vite's manifest: which hashed files each source module needs.
#[derive(Debug)]
pub struct Manifest {
    chunks: BTreeMap<String, ManifestChunk>,
    entry: String,
}

/// The `<head>` references of one page.
#[derive(Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct HeadAssets {
    /// The entry script, e.g. `/assets/entry-client-1a2b.js`.
    pub entry_script: String,
    pub stylesheets: Vec<String>,
    pub modulepreloads: Vec<String>,
}

/// A module a rendered page named that Vite's manifest does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingModule(pub String);

impl Manifest {
    pub fn read(path: &Path) -> Result<Self, WebAppError> {
        let text = fs::read_to_string(path).map_err(|e| WebAppError::io(path, e))?;
        Self::parse(&text).map_err(|message| WebAppError::Web {
            step: format!("reading {}", path.display()),
            output: message,
        })
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let chunks: BTreeMap<String, ManifestChunk> =
            serde_json::from_str(text).map_err(|e| e.to_string())?;
        let entry = chunks
            .iter()
            .find(|(_, chunk)| chunk.is_entry)
            .map(|(key, _)| key.clone())
            .ok_or("the manifest has no entry chunk")?;
        Ok(Self { chunks, entry })
    }

    /// The script, stylesheets and preloads of a page that renders `modules`.
    ///
    /// Unknown module keys are an error: they mean the route table and the build disagree.
    pub fn head_assets(&self, modules: &[String]) -> Result<HeadAssets, MissingModule> {
        let mut seen = HashSet::new();
        let mut assets = HeadAssets {
            entry_script: format!("/{}", self.chunks[&self.entry].file),
            // A build with `cssCodeSplit: false` lists its one stylesheet under its own
            // key (`style.css`), tied to no chunk: every page links it.
            stylesheets: self
                .chunks
                .iter()
                .filter(|(key, _)| key.ends_with(".css"))
                .map(|(_, chunk)| format!("/{}", chunk.file))
                .collect(),
            ..HeadAssets::default()
        };
        self.visit(&self.entry, &mut seen, &mut assets, true)?;
        // The entry imports the app itself only after the first paint (so evaluating
        // React does not delay it); every page needs the app, so it is preloaded.
        for app in &self.chunks[&self.entry].dynamic_imports {
            self.visit(app, &mut seen, &mut assets, false)?;
        }
        for module in modules {
            self.visit(module, &mut seen, &mut assets, false)?;
        }
        Ok(assets)
    }

    fn visit(
        &self,
        key: &str,
        seen: &mut HashSet<String>,
        assets: &mut HeadAssets,
        is_entry: bool,
    ) -> Result<(), MissingModule> {
        if !seen.insert(key.to_string()) {
            return Ok(());
        }
        let chunk = self
            .chunks
            .get(key)
            .ok_or_else(|| MissingModule(key.to_string()))?;
        if !is_entry {
            assets.modulepreloads.push(format!("/{}", chunk.file));
        }
        for css in &chunk.css {
            let href = format!("/{css}");
            if !assets.stylesheets.contains(&href) {
                assets.stylesheets.push(href);
            }
        }
        for import in &chunk.imports {
            self.visit(import, seen, assets, false)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = r#"{
      "_shared-abc.js": {"file": "assets/shared-abc.js", "css": ["assets/shared-abc.css"]},
      "src/entry-client.tsx": {"file": "assets/entry-1.js", "isEntry": true, "imports": ["_shared-abc.js"], "dynamicImports": ["src/app/start-client.tsx"], "css": ["assets/entry-1.css"]},
      "src/app/start-client.tsx": {"file": "assets/start-client-3.js", "isDynamicEntry": true, "imports": ["_shared-abc.js"], "css": ["assets/layout-3.css"]},
      "src/pages/home/HomePage.tsx": {"file": "assets/HomePage-2.js", "isDynamicEntry": true, "imports": ["_shared-abc.js"], "css": ["assets/HomePage-2.css"]}
    }"#;

    #[test]
    fn the_editor_is_built_when_missing_or_older_than_its_sources_and_only_then() {
        let tmp = tempfile::tempdir().unwrap();
        let web = tmp.path();
        let app = WebApp::new(web);
        // No editor configuration: nothing to build.
        assert!(!app.ensure_editor_built(&Tally::silent()).unwrap());
        let script = "node -e \"const fs=require('fs');fs.mkdirSync('dist/editor',{recursive:true});fs.writeFileSync('dist/editor/index.html','<head></head>');fs.appendFileSync('runs','x')\"";
        let package = serde_json::json!({ "name": "t", "private": true, "scripts": { "build:editor": script } });
        fs::write(web.join("package.json"), package.to_string()).unwrap();
        fs::write(web.join("package-lock.json"), "{}").unwrap();
        fs::create_dir_all(web.join("node_modules")).unwrap();
        fs::write(web.join(INSTALL_MARKER), hash_bytes(b"{}")).unwrap();
        fs::write(web.join(EDITOR_CONFIG), "export default {};").unwrap();
        fs::create_dir_all(web.join("src/editor")).unwrap();
        fs::write(web.join("src/editor/main.tsx"), "1").unwrap();
        assert!(app.ensure_editor_built(&Tally::silent()).unwrap());
        assert!(web.join("dist/editor/index.html").is_file());
        assert!(!app.ensure_editor_built(&Tally::silent()).unwrap());
        fs::write(web.join("src/editor/main.tsx"), "2").unwrap();
        assert!(app.ensure_editor_built(&Tally::silent()).unwrap());
        fs::remove_file(web.join("dist/editor/index.html")).unwrap();
        assert!(app.ensure_editor_built(&Tally::silent()).unwrap());
        assert_eq!(fs::read_to_string(web.join("runs")).unwrap(), "xxx");
    }

    #[test]
    fn the_fingerprint_does_not_depend_on_how_the_web_folder_is_named() {
        let tmp = tempfile::tempdir().unwrap();
        let web = tmp.path().join("web");
        fs::create_dir_all(web.join("src")).unwrap();
        fs::write(web.join("package.json"), "{}").unwrap();
        fs::write(web.join("src/main.ts"), "export {};").unwrap();
        let direct = WebApp::new(&web).fingerprint().unwrap();
        let roundabout = WebApp::new(web.join("src/..")).fingerprint().unwrap();
        assert_eq!(direct, roundabout);
        fs::write(web.join("src/main.ts"), "export const changed = 1;").unwrap();
        assert_ne!(WebApp::new(&web).fingerprint().unwrap(), direct);
    }

    #[test]
    fn an_up_to_date_bundle_emptied_by_a_vite_build_by_hand_gets_its_twins_back() {
        let tmp = tempfile::tempdir().unwrap();
        let web = tmp.path().join("web");
        fs::create_dir_all(web.join("node_modules")).unwrap();
        fs::create_dir_all(web.join("dist/client/.vite")).unwrap();
        fs::create_dir_all(web.join("dist/client/assets")).unwrap();
        fs::write(web.join("package-lock.json"), "{}").unwrap();
        fs::write(web.join(INSTALL_MARKER), hash_bytes(b"{}")).unwrap();
        fs::write(web.join("dist/client/.vite/manifest.json"), MANIFEST).unwrap();
        let script = "export const x = 1;\n".repeat(50);
        fs::write(web.join("dist/client/assets/entry-1.js"), &script).unwrap();
        let app = WebApp::new(&web);
        fs::write(web.join(BUILD_MARKER), "an older build's inputs").unwrap();
        assert!(
            !app.lock().unwrap().is_built(),
            "no worker may start early on a stale bundle"
        );
        fs::write(web.join(BUILD_MARKER), app.fingerprint().unwrap()).unwrap();

        let locked = app.lock().unwrap();
        assert!(locked.is_built());
        let build = locked.ensure_built(1, &Tally::silent()).unwrap();
        assert!(!build.rebuilt, "no npm run");
        assert!(web.join("dist/client/assets/entry-1.js.br").is_file());
        assert!(web.join("dist/client/assets/entry-1.js.gz").is_file());
        assert!(web.join(TWINS_MARKER).is_file());
    }

    #[test]
    fn a_page_preloads_the_app_its_route_module_and_shared_chunks_once() {
        let manifest = Manifest::parse(MANIFEST).unwrap();
        let assets = manifest
            .head_assets(&["src/pages/home/HomePage.tsx".to_string()])
            .unwrap();
        assert_eq!(assets.entry_script, "/assets/entry-1.js");
        assert_eq!(
            assets.modulepreloads,
            vec![
                "/assets/shared-abc.js",
                "/assets/start-client-3.js",
                "/assets/HomePage-2.js"
            ]
        );
        assert_eq!(
            assets.stylesheets,
            vec![
                "/assets/entry-1.css",
                "/assets/shared-abc.css",
                "/assets/layout-3.css",
                "/assets/HomePage-2.css"
            ]
        );
    }

    #[test]
    fn the_single_stylesheet_of_a_build_without_css_splitting_is_on_every_page() {
        let manifest = Manifest::parse(
            r#"{
              "src/entry-client.tsx": {"file": "assets/entry-1.js", "isEntry": true},
              "src/pages/home/HomePage.tsx": {"file": "assets/HomePage-2.js", "isDynamicEntry": true},
              "style.css": {"file": "assets/style-3.css", "src": "style.css"}
            }"#,
        )
        .unwrap();
        for modules in [vec![], vec!["src/pages/home/HomePage.tsx".to_string()]] {
            let assets = manifest.head_assets(&modules).unwrap();
            assert_eq!(assets.stylesheets, vec!["/assets/style-3.css"]);
        }
    }

    #[test]
    fn an_unknown_module_is_an_error() {
        let manifest = Manifest::parse(MANIFEST).unwrap();
        let error = manifest
            .head_assets(&["src/pages/nope.tsx".to_string()])
            .unwrap_err();
        assert_eq!(error, MissingModule("src/pages/nope.tsx".into()));
    }

    #[test]
    fn a_manifest_without_entry_is_rejected() {
        assert!(Manifest::parse(r#"{"a.js": {"file": "a.js"}}"#).is_err());
    }
}
