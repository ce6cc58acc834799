//! The views' TypeScript declarations (`web/src/content/contract.gen.ts`): from the
//! views listed in `lib.rs` and the envelopes around them, every type they hold, as
//! ts-rs finds them, each declared once.

use std::collections::HashSet;

use ts_rs::{Config, TypeVisitor, TS};

use crate::{EmbeddedPageData, EmptyPage, PrerenderData, RouteData};

/// Where [`typescript`]'s text is committed, relative to the repository root.
pub const TYPESCRIPT_FILE: &str = "web/src/content/contract.gen.ts";

/// The TypeScript declarations of every view, as [`TYPESCRIPT_FILE`] holds them. A
/// field added to a view changes this text: the staleness test (`tests/contract.rs`)
/// fails until the file is regenerated, and then `tsc` fails wherever the web app
/// builds a value of that type without it.
pub fn typescript() -> String {
    let cfg = Config::new();
    let mut declarations = Declarations {
        cfg: &cfg,
        declared: HashSet::new(),
        text: String::from(
            "// Generated from crates/sitegen-view: do not edit. Regenerate with\n\
             // `SITEGEN_BLESS=1 cargo test -p sitegen-view --test contract` (docs/data-contract.md §3).\n",
        ),
    };
    declarations.visit::<RouteData<'static, ()>>();
    declarations.visit::<EmptyPage>();
    declarations.visit::<PrerenderData<'static>>();
    declarations.visit::<EmbeddedPageData<'static>>();
    crate::visit_views(&mut declarations);
    // ts-rs ends a line before a field's doc comment with a space.
    let lines: Vec<&str> = declarations.text.lines().map(str::trim_end).collect();
    lines.join("\n") + "\n"
}

/// Declares each type it visits, then the types that one holds (depth first), each
/// once: a generic type once for all its arguments.
struct Declarations<'a> {
    cfg: &'a Config,
    /// The TypeScript names declared so far.
    declared: HashSet<String>,
    text: String,
}

impl TypeVisitor for Declarations<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only named types have a declaration: strings, numbers, lists and options
        // have none (ts-rs visits what a list or an option holds on its own).
        if T::output_path().is_none() || !self.declared.insert(T::ident(self.cfg)) {
            return;
        }
        self.text.push('\n');
        self.text.push_str(&T::docs().unwrap_or_default());
        self.text.push_str("export ");
        self.text.push_str(&T::decl(self.cfg));
        self.text.push('\n');
        T::visit_dependencies(self);
    }
}
