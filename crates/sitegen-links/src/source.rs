//! The link check of the web app's sources: route literals in `web/src/**/*.ts(x)`,
//! parsed with swc, must match a route of the route table.

use std::fs;
use std::path::Path;

use sitegen_content::{Diagnostic, ErrorCode};
use swc_common::sync::Lrc;
use swc_common::{FileName, SourceMap, Span, Spanned};
use swc_ecma_ast::{
    CallExpr, Callee, EsVersion, Expr, JSXAttrName, JSXAttrOrSpread, JSXAttrValue, JSXElementName,
    JSXExpr, JSXOpeningElement, Lit,
};
use swc_ecma_parser::{lexer::Lexer, Parser, StringInput, Syntax, TsSyntax};
use swc_ecma_visit::{Visit, VisitWith};
use walkdir::WalkDir;

use crate::route_table::RouteTable;

/// Components whose `to` is a route.
const LINK_COMPONENTS: &[&str] = &["Link", "NavLink", "Navigate"];
/// Functions whose first argument is a route.
const NAVIGATE_FUNCTIONS: &[&str] = &["navigate", "redirect"];

/// Checks every `.ts` / `.tsx` file under `src_dir`, skipping tests (`__tests__/`,
/// `*.test.*`, `*.spec.*`) and declaration files. Problems name files as
/// `shown_as/RELATIVE` (e.g. `web/src/app/NavBar.tsx`).
pub fn check_sources(src_dir: &Path, shown_as: &Path, routes: &RouteTable) -> Vec<Diagnostic> {
    let mut files: Vec<_> = WalkDir::new(src_dir)
        .into_iter()
        .filter_entry(|entry| {
            let name = entry.file_name().to_string_lossy();
            name != "__tests__" && name != "node_modules"
        })
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| entry.into_path())
        .filter(|path| {
            let name = path
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            (name.ends_with(".ts") || name.ends_with(".tsx"))
                && !name.ends_with(".d.ts")
                && !name.contains(".test.")
                && !name.contains(".spec.")
        })
        .collect();
    files.sort();
    let mut problems = Vec::new();
    for path in files {
        let relative = path.strip_prefix(src_dir).unwrap_or(&path);
        let shown = shown_as.join(relative);
        match fs::read_to_string(&path) {
            Ok(text) => {
                let tsx = path.extension().is_some_and(|e| e == "tsx");
                problems.extend(check_source_text(
                    &shown.to_string_lossy(),
                    &text,
                    tsx,
                    routes,
                ));
            }
            Err(error) => problems.push(Diagnostic::file(
                shown,
                ErrorCode::SourceUnparsable,
                format!("cannot read the file for the link check: {error}"),
            )),
        }
    }
    problems
}

/// Checks one source file's text; `file` is the name problems carry.
pub fn check_source_text(
    file: &str,
    text: &str,
    tsx: bool,
    routes: &RouteTable,
) -> Vec<Diagnostic> {
    let map: Lrc<SourceMap> = Default::default();
    let source = map.new_source_file(
        Lrc::new(FileName::Custom(file.to_string())),
        text.to_string(),
    );
    let lexer = Lexer::new(
        Syntax::Typescript(TsSyntax {
            tsx,
            ..Default::default()
        }),
        EsVersion::latest(),
        StringInput::from(&*source),
        None,
    );
    let mut parser = Parser::new_from(lexer);
    // swc's positions count from the source file's start in its source map.
    let bytes = |span: Span| {
        let start = (span.lo.0 - source.start_pos.0) as usize;
        start..(span.hi.0.max(span.lo.0) - source.start_pos.0) as usize
    };
    let module = match parser.parse_module() {
        Ok(module) => module,
        Err(error) => {
            return vec![Diagnostic::in_text(
                file,
                text,
                &bytes(error.span()),
                ErrorCode::SourceUnparsable,
                format!(
                    "cannot parse the file for the link check: {}",
                    error.kind().msg()
                ),
            )];
        }
    };
    let mut finder = RouteLiterals::default();
    module.visit_with(&mut finder);
    finder
        .found
        .into_iter()
        .filter(|(_, route, _)| route.starts_with('/') && !route.starts_with("//"))
        .filter(|(_, route, _)| !routes.matches(route))
        .map(|(span, route, context)| {
            Diagnostic::in_text(
                file,
                text,
                &bytes(span),
                ErrorCode::UnknownRouteLiteral,
                format!("{context} {route:?} matches no route of the route table"),
            )
        })
        .collect()
}

/// Collects `(span, literal, what)` for every route literal.
#[derive(Default)]
struct RouteLiterals {
    found: Vec<(Span, String, String)>,
}

/// A string literal or a template without substitutions.
fn literal_of(expr: &Expr) -> Option<(Span, String)> {
    match expr {
        Expr::Lit(Lit::Str(text)) => Some((text.span, text.value.to_string_lossy().into_owned())),
        Expr::Tpl(template) if template.exprs.is_empty() => {
            let quasi = template.quasis.first()?;
            let cooked = quasi.cooked.as_ref()?;
            Some((template.span, cooked.to_string_lossy().into_owned()))
        }
        Expr::Paren(inner) => literal_of(&inner.expr),
        Expr::TsAs(inner) => literal_of(&inner.expr),
        Expr::TsConstAssertion(inner) => literal_of(&inner.expr),
        _ => None,
    }
}

impl Visit for RouteLiterals {
    fn visit_jsx_opening_element(&mut self, element: &JSXOpeningElement) {
        let component = match &element.name {
            JSXElementName::Ident(ident) => Some(ident.sym.to_string()),
            _ => None,
        };
        for attribute in &element.attrs {
            let JSXAttrOrSpread::JSXAttr(attribute) = attribute else {
                continue;
            };
            let JSXAttrName::Ident(name) = &attribute.name else {
                continue;
            };
            let context = match (&*name.sym, component.as_deref()) {
                ("to", Some(component)) if LINK_COMPONENTS.contains(&component) => {
                    format!("<{component} to>")
                }
                ("href", Some(component)) => format!("<{component} href>"),
                _ => continue,
            };
            let literal = match &attribute.value {
                Some(JSXAttrValue::Str(text)) => {
                    Some((text.span, text.value.to_string_lossy().into_owned()))
                }
                Some(JSXAttrValue::JSXExprContainer(container)) => match &container.expr {
                    JSXExpr::Expr(expr) => literal_of(expr),
                    JSXExpr::JSXEmptyExpr(_) => None,
                },
                _ => None,
            };
            if let Some((span, route)) = literal {
                self.found.push((span, route, context));
            }
        }
        element.visit_children_with(self);
    }

    fn visit_call_expr(&mut self, call: &CallExpr) {
        if let Callee::Expr(callee) = &call.callee {
            if let Expr::Ident(ident) = &**callee {
                if NAVIGATE_FUNCTIONS.contains(&&*ident.sym) {
                    if let Some((span, route)) =
                        call.args.first().and_then(|arg| literal_of(&arg.expr))
                    {
                        self.found.push((span, route, format!("{}(…)", ident.sym)));
                    }
                }
            }
        }
        call.visit_children_with(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        check_source_text("web/src/x.tsx", text, true, &RouteTable::of_site())
            .iter()
            .map(Diagnostic::headline)
            .collect()
    }

    #[test]
    fn route_literals_that_match_a_route_pass() {
        let text = r#"
import { Link, NavLink, useNavigate } from 'react-router-dom';
export function Menu({ id }: { id: string }) {
  const navigate = useNavigate();
  const go = () => navigate('/contact');
  return (
    <nav>
      <Link to="/">Home</Link>
      <NavLink to={'/aboutUs'}>About</NavLink>
      <Link to={`/services/${id}`}>dynamic: not checked</Link>
      <Link to="/products?category=dialysis">Dialysis</Link>
      <Link to="/products/12/hemodialysis-machine">A product</Link>
      <a href="https://www.example.com/x">external</a>
      <Link to="/JobApplicationForm">alias</Link>
      <button onClick={go}>Go</button>
    </nav>
  );
}
"#;
        assert_eq!(problems(text), Vec::<String>::new());
    }

    #[test]
    fn route_literals_that_match_no_route_are_reported_with_their_position() {
        let text = "import { Link } from 'react-router-dom';\n\
export const A = () => <Link to=\"/about\">About</Link>;\n\
export const B = () => <a href=\"/contact-us\">C</a>;\n\
export function go(navigate: (to: string) => void) { navigate(`/product/12`); }\n\
export const C = () => <NavLink to={'/servicez'}>S</NavLink>;\n";
        assert_eq!(
            problems(text),
            vec![
                "web/src/x.tsx:2:33: error[E0704]: <Link to> \"/about\" matches no route of the route table",
                "web/src/x.tsx:3:32: error[E0704]: <a href> \"/contact-us\" matches no route of the route table",
                "web/src/x.tsx:4:63: error[E0704]: navigate(…) \"/product/12\" matches no route of the route table",
                "web/src/x.tsx:5:37: error[E0704]: <NavLink to> \"/servicez\" matches no route of the route table",
            ]
        );
    }

    #[test]
    fn test_folders_and_test_files_are_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("src");
        fs::create_dir_all(src.join("__tests__")).unwrap();
        fs::create_dir_all(src.join("app")).unwrap();
        let bad = "export const A = () => <Link to=\"/nope\" />;\n";
        fs::write(src.join("__tests__/a.tsx"), bad).unwrap();
        fs::write(src.join("app/a.test.tsx"), bad).unwrap();
        fs::write(src.join("app/menu.tsx"), bad).unwrap();
        fs::write(src.join("app/broken.ts"), "export const = ;\n").unwrap();
        let problems = check_sources(&src, Path::new("web/src"), &RouteTable::of_site());
        let shown: Vec<String> = problems.iter().map(Diagnostic::headline).collect();
        assert_eq!(shown.len(), 2, "{shown:#?}");
        assert!(
            shown[0].starts_with("web/src/app/broken.ts:1:14: error[E0705]: cannot parse"),
            "{shown:#?}"
        );
        assert!(
            shown[1].starts_with("web/src/app/menu.tsx:1:33: error[E0704]: <Link to> \"/nope\""),
            "{shown:#?}"
        );
        assert_eq!(problems[0].code, ErrorCode::SourceUnparsable);
        assert_eq!(problems[1].code, ErrorCode::UnknownRouteLiteral);
        // Shown like a content problem: the line, a caret under the literal, the hint.
        let full = problems[1].to_string();
        assert!(
            full.contains("<Link to=\"/nope\" />")
                && full.contains("^^^^^^^")
                && full.contains(ErrorCode::UnknownRouteLiteral.hint()),
            "{full}"
        );
    }

    #[test]
    fn a_source_that_is_not_utf8_is_reported_not_skipped() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("menu.tsx"), b"export const A = '\xff';\n").unwrap();
        let problems = check_sources(dir.path(), Path::new("web/src"), &RouteTable::of_site());
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].code, ErrorCode::SourceUnparsable);
        assert!(
            problems[0].headline().starts_with(
                "web/src/menu.tsx: error[E0705]: cannot read the file for the link check: "
            ),
            "{}",
            problems[0]
        );
    }
}
