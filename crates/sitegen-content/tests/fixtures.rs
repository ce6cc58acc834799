//! The fixture corpus: `fixtures/valid/` loads without problems; each other
//! `fixtures/<rule>/` overlays broken files on a copy of the valid site and lists
//! the exact first lines of the diagnostics it must produce in `expected.txt`.
//!
//! A fixture may also hold `delete.txt`: content paths to remove from the copy
//! (`.` removes the content folder itself).
//! `SITEGEN_BLESS=1 cargo test -p sitegen-content --test fixtures` rewrites the
//! `expected.txt` files from the actual diagnostics (review the diff).

use sitegen_content::testing::copy_dir;
use std::fs;
use std::path::{Path, PathBuf};

use sitegen_content::{load, ErrorCode, LoadReport};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A temporary copy of the valid site with the fixture `rule` applied.
fn site_with(rule: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(
        &fixtures_dir().join("valid/content"),
        &dir.path().join("content"),
    );
    let fixture = fixtures_dir().join(rule);
    if fixture.join("content").is_dir() {
        copy_dir(&fixture.join("content"), &dir.path().join("content"));
    }
    if let Ok(list) = fs::read_to_string(fixture.join("delete.txt")) {
        for path in list.lines().filter(|l| !l.trim().is_empty()) {
            match path.trim() {
                "." => fs::remove_dir_all(dir.path().join("content")).unwrap(),
                path => fs::remove_file(dir.path().join("content").join(path)).unwrap(),
            }
        }
    }
    dir
}

/// The first lines of the diagnostics, with the temporary folder written `TMP`.
fn headlines(report: &LoadReport, tmp: &Path) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .map(|d| d.headline().replace(&tmp.display().to_string(), "TMP"))
        .collect()
}

fn check_fixture(rule: &str) {
    let dir = site_with(rule);
    let report = load(&dir.path().join("content"));
    if std::env::var_os("SITEGEN_BLESS").is_some() {
        // Rewrites expected.txt from the actual diagnostics: review the diff.
        let mut text = headlines(&report, dir.path()).join("\n");
        text.push('\n');
        fs::write(fixtures_dir().join(rule).join("expected.txt"), text).unwrap();
    }
    let expected = fs::read_to_string(fixtures_dir().join(rule).join("expected.txt")).unwrap();
    let expected: Vec<&str> = expected.lines().filter(|l| !l.is_empty()).collect();
    let actual = headlines(&report, dir.path());
    let full: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        actual,
        expected,
        "fixture {rule}; full diagnostics:\n{}",
        full.join("\n")
    );
    assert_eq!(report.content.is_some(), report.errors() == 0);
}

#[test]
fn valid_site_loads_without_diagnostics() {
    let report = load(&fixtures_dir().join("valid/content"));
    let full: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(report.diagnostics.is_empty(), "{}", full.join("\n"));
    let content = report.content.expect("content");
    assert_eq!(content.products.len(), 5);
    assert_eq!(content.categories.len(), 3);
    assert!(content.media.files().count() >= 15);
}

macro_rules! fixture_tests {
    ($($rule:ident),* $(,)?) => {
        $(
            #[test]
            fn $rule() {
                check_fixture(stringify!($rule));
            }
        )*

        /// Every fixture directory has its test above.
        const FIXTURES: &[&str] = &[$(stringify!($rule)),*];
    };
}

fixture_tests!(
    toml_syntax,
    file_unreadable,
    file_not_utf8,
    content_dir_missing,
    unknown_key,
    missing_field,
    wrong_type,
    empty_text,
    forbidden_character,
    number_out_of_range,
    duplicate,
    unknown_category,
    unknown_subcategory,
    unknown_service,
    unknown_route,
    not_a_static_route,
    navigation_target,
    unknown_menu,
    gallery_count,
    unknown_variant,
    unknown_registration_type,
    unknown_host,
    invalid_id,
    duplicate_specification,
    brochure_not_pdf,
    invalid_email,
    invalid_url,
    invalid_media_url,
    insecure_media_url,
    invalid_phone,
    media_outside_content,
    media_missing,
    media_unreadable,
    media_too_large,
    unsafe_svg,
    wrong_count,
    unknown_placeholder,
    negative_stat,
    example_email,
    placeholder_email_key,
    job_template_missing,
    draft_reference,
    invalid_alias,
    alias_conflict,
    empty_synonym,
    synonym_conflict,
    unused_synonyms,
    unknown_home_section,
    duplicate_home_section,
    all_errors_at_once,
);

fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    snake
}

#[test]
fn every_fixture_directory_is_tested() {
    for entry in fs::read_dir(fixtures_dir()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            name == "valid" || FIXTURES.contains(&name.as_str()),
            "fixture {name} has no test"
        );
    }
}

/// The rules checked beyond loading the content: the link check (a build's pages and
/// the web app's sources) and the drawings pages are shared with (which need the
/// planned pages): loading content cannot break them, so no content fixture can. Each
/// names the tests that break it: a file of the workspace and a test function in it,
/// whose body must name the code (checked below); those tests assert the code is
/// raised.
const RAISED_BEYOND_LOADING: &[(ErrorCode, &str, &str)] = &[
    (
        ErrorCode::NoUpstream,
        "crates/sitegen-publish/tests/publish.rs",
        "no_upstream_is_refused",
    ),
    (
        ErrorCode::DetachedHead,
        "crates/sitegen-publish/tests/publish.rs",
        "a_detached_head_is_refused",
    ),
    (
        ErrorCode::OperationInProgress,
        "crates/sitegen-publish/tests/publish.rs",
        "a_merge_in_progress_is_refused",
    ),
    (
        ErrorCode::AuthenticationFailed,
        "crates/sitegen-publish/tests/publish.rs",
        "an_authentication_failure_over_http_is_refused",
    ),
    (
        ErrorCode::RemoteUnreachable,
        "crates/sitegen-publish/tests/publish.rs",
        "an_unreachable_remote_is_refused",
    ),
    (
        ErrorCode::UnpushedCommits,
        "crates/sitegen-publish/tests/publish.rs",
        "local_commits_not_pushed_are_refused",
    ),
    (
        ErrorCode::PublishConflict,
        "crates/sitegen-publish/tests/publish.rs",
        "the_same_value_changed_by_a_colleague_is_refused_with_both_values",
    ),
    (
        ErrorCode::NoAuthor,
        "crates/sitegen/tests/cli/publish.rs",
        "publish_without_an_author_says_how_to_set_one_and_sends_nothing",
    ),
    (
        ErrorCode::LocalChangeInTheWay,
        "crates/sitegen-publish/tests/publish.rs",
        "a_colleagues_change_to_a_file_changed_here_outside_the_content_is_refused",
    ),
    (
        ErrorCode::GitFailed,
        "crates/sitegen-publish/tests/publish.rs",
        "a_remote_branch_rewritten_by_a_force_push_is_refused",
    ),
    (
        ErrorCode::PublishedWholeFile,
        "crates/sitegen/tests/cli/publish.rs",
        "publish_lists_a_content_file_that_is_not_toml_as_a_whole_with_w1101",
    ),
    (
        ErrorCode::UnknownColumn,
        "crates/sitegen-sheet/src/tests.rs",
        "an_unknown_repeated_or_missing_column_is_an_error_at_its_header",
    ),
    (
        ErrorCode::MissingColumn,
        "crates/sitegen-sheet/src/tests.rs",
        "an_unknown_repeated_or_missing_column_is_an_error_at_its_header",
    ),
    (
        ErrorCode::InvalidIdCell,
        "crates/sitegen-sheet/src/tests.rs",
        "an_id_is_a_whole_number_from_a_number_text_or_formula_value",
    ),
    (
        ErrorCode::SheetNotUtf8,
        "crates/sitegen-sheet/src/tests.rs",
        "a_csv_with_a_bom_is_read_and_one_that_is_not_utf8_is_located",
    ),
    (
        ErrorCode::SheetUnreadable,
        "crates/sitegen-sheet/src/tests.rs",
        "a_file_that_is_no_spreadsheet_is_one_located_error",
    ),
    (
        ErrorCode::FileChangedOnDisk,
        "crates/sitegen-edit/src/tests.rs",
        "a_file_changed_on_disk_since_it_was_read_is_not_overwritten",
    ),
    (
        ErrorCode::TrimmedCell,
        "crates/sitegen-sheet/src/tests.rs",
        "text_is_trimmed_with_a_warning_at_its_cell",
    ),
    (
        ErrorCode::NumberInTextColumn,
        "crates/sitegen-sheet/src/tests.rs",
        "a_number_in_a_text_column_keeps_its_text_and_a_long_one_warns",
    ),
    (
        ErrorCode::SourceDateEpoch,
        "crates/sitegen/tests/cli/sitemap.rs",
        "a_source_date_epoch_that_is_no_unix_time_is_a_warning_and_the_clock_dates_the_pages",
    ),
    (
        ErrorCode::PrerenderRetried,
        "crates/sitegen/tests/workers.rs",
        "a_build_whose_worker_died_renders_its_routes_on_a_new_one_and_says_so",
    ),
    (
        ErrorCode::SpreadsheetChangedValue,
        "crates/sitegen-sheet/src/tests.rs",
        "a_sheet_saved_by_libreoffice_from_the_csv_changes_no_value",
    ),
    (
        ErrorCode::MediaMisnamed,
        "crates/sitegen-content/src/media/tests.rs",
        "an_empty_misnamed_or_heic_image_is_refused_with_what_to_do",
    ),
    (
        ErrorCode::HeicPhoto,
        "crates/sitegen-content/src/media/tests.rs",
        "an_empty_misnamed_or_heic_image_is_refused_with_what_to_do",
    ),
    (
        ErrorCode::BrochureTooLarge,
        "crates/sitegen-content/src/media/tests.rs",
        "a_brochure_is_a_pdf_by_its_bytes_and_no_larger_than_the_limit",
    ),
    (
        ErrorCode::BuildIo,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::WebAppBuild,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::PrerenderFailed,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::NodeMissing,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::PrerenderWorkerFailed,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::ScreenNotBuilt,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::TemplateError,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::ImageUndecodable,
        "crates/sitegen-media/src/error.rs",
        "every_media_failure_has_its_code",
    ),
    (
        ErrorCode::WebpUnencodable,
        "crates/sitegen-media/src/error.rs",
        "every_media_failure_has_its_code",
    ),
    (
        ErrorCode::MetadataUnstrippable,
        "crates/sitegen-media/src/error.rs",
        "every_media_failure_has_its_code",
    ),
    (
        ErrorCode::SharePngFailed,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::InternalError,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::UnsafeOutput,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::UnsafeMediaOutput,
        "crates/sitegen-render/src/error.rs",
        "every_build_failure_has_its_code",
    ),
    (
        ErrorCode::ListenFailed,
        "crates/sitegen/src/cmd/mod.rs",
        "every_preview_server_failure_has_its_code",
    ),
    (
        ErrorCode::WatchFailed,
        "crates/sitegen/src/cmd/mod.rs",
        "every_preview_server_failure_has_its_code",
    ),
    (
        ErrorCode::ServerFailed,
        "crates/sitegen/src/cmd/mod.rs",
        "every_preview_server_failure_has_its_code",
    ),
    (
        ErrorCode::ListenFailed,
        "crates/sitegen/tests/serve.rs",
        "serve_refuses_a_busy_port_before_building_and_says_so_once",
    ),
    (
        ErrorCode::HostLimit,
        "crates/sitegen/tests/cli/host_limits.rs",
        "past_its_hosts_limit_a_build_fails_naming_the_host_and_leaves_the_output_as_it_was",
    ),
    (
        ErrorCode::HostLimitPassed,
        "crates/sitegen/tests/cli/host_limits.rs",
        "a_build_with_more_aliases_than_a_host_takes_warns_naming_the_host_and_the_limit",
    ),
    (
        ErrorCode::RedirectLimit,
        "crates/sitegen/tests/cli/host_limits.rs",
        "a_build_with_more_aliases_than_a_host_takes_warns_naming_the_host_and_the_limit",
    ),
    (
        ErrorCode::UndrawableShareImage,
        "crates/sitegen/tests/share_images.rs",
        "a_shared_drawing_that_cannot_be_drawn_fails_check_and_build_at_its_position",
    ),
    (
        ErrorCode::BrokenLink,
        "crates/sitegen-links/src/html.rs",
        "links_that_lead_nowhere_are_reported_with_their_position_and_code",
    ),
    (
        ErrorCode::BrokenLink,
        "crates/sitegen/tests/cli.rs",
        "a_broken_link_in_the_generated_html_fails_the_build",
    ),
    (
        ErrorCode::MalformedInternalLink,
        "crates/sitegen-links/src/html.rs",
        "relative_dotted_and_badly_escaped_links_are_malformed_internal_links",
    ),
    (
        ErrorCode::MalformedExternalUrl,
        "crates/sitegen-links/src/html.rs",
        "links_that_lead_nowhere_are_reported_with_their_position_and_code",
    ),
    (
        ErrorCode::UnknownRouteLiteral,
        "crates/sitegen-links/src/source.rs",
        "route_literals_that_match_no_route_are_reported_with_their_position",
    ),
    (
        ErrorCode::UnknownRouteLiteral,
        "crates/sitegen/tests/cli.rs",
        "check_reports_route_literals_that_match_no_route",
    ),
    (
        ErrorCode::SourceUnparsable,
        "crates/sitegen-links/src/source.rs",
        "test_folders_and_test_files_are_skipped",
    ),
    (
        ErrorCode::SourceUnparsable,
        "crates/sitegen-links/src/source.rs",
        "a_source_that_is_not_utf8_is_reported_not_skipped",
    ),
    (
        ErrorCode::PageUnreadable,
        "crates/sitegen-links/src/html.rs",
        "a_page_that_cannot_be_read_is_a_page_unreadable_error_of_the_whole_file",
    ),
];

/// The body of the test function `name` in `file` (a path from the workspace root):
/// from its `fn` line to the next test, or the end of the file.
fn test_body(file: &str, name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let start = text
        .find(&format!("fn {name}("))
        .unwrap_or_else(|| panic!("{file} has no test fn {name}"));
    let end = text[start..]
        .find("#[test]")
        .map_or(text.len(), |end| start + end);
    text[start..end].to_string()
}

#[test]
fn every_catalogue_rule_has_a_fixture_that_triggers_it() {
    for code in ErrorCode::ALL {
        let rule = snake_case(&format!("{code:?}"));
        let link_tests: Vec<_> = RAISED_BEYOND_LOADING
            .iter()
            .filter(|(raised, _, _)| raised == code)
            .collect();
        if !link_tests.is_empty() {
            assert!(
                !FIXTURES.contains(&rule.as_str()),
                "{code:?} has a fixture: do not list it in RAISED_BEYOND_LOADING"
            );
            for (_, file, name) in link_tests {
                let body = test_body(file, name);
                assert!(
                    body.contains(&format!("ErrorCode::{code:?}")) || body.contains(code.code()),
                    "{file}: test {name} does not name {} ({code:?})",
                    code.code()
                );
            }
            continue;
        }
        assert!(
            FIXTURES.contains(&rule.as_str()),
            "no fixture for {code:?} ({rule}), nor a test in RAISED_BEYOND_LOADING"
        );
        let dir = site_with(&rule);
        let report = load(&dir.path().join("content"));
        assert!(
            report.diagnostics.iter().any(|d| d.code == *code),
            "fixture {rule} does not raise {}",
            code.code()
        );
    }
}

/// Every hint comes from the catalogue (`codes.rs`, documented in docs/errors.md),
/// unless it is a suggestion computed from the content itself.
#[test]
fn every_hint_is_the_catalogues_or_computed_from_the_content() {
    const COMPUTED: &[&str] = &[
        "did you mean \"",
        "first defined on line ",
        "expected one of: ",
        "use one of: ",
        "write \"",
        "no product has id ",
    ];
    for rule in FIXTURES {
        let dir = site_with(rule);
        let report = load(&dir.path().join("content"));
        for diagnostic in &report.diagnostics {
            let hint = diagnostic.hint.as_deref().unwrap_or_default();
            assert!(
                hint == diagnostic.code.hint()
                    || COMPUTED.iter().any(|start| hint.starts_with(start))
                    || hint.contains("\" has: "),
                "fixture {rule}: a hint written inline instead of in codes.rs: {diagnostic}"
            );
        }
    }
}
