mod spellings;

use std::path::{Path, PathBuf};

use sitegen_content::testing::{copy_dir, valid_content_dir};
use sitegen_content::ErrorCode;

use crate::cells::{read_flag, read_id, read_list, read_text, CellValue, Problems, Reported};
use crate::columns::{column_of, map_headers, normalise, FieldKind, SPECIFICATIONS_KEY};
use crate::*;
use sitegen_content::Product;
use sitegen_diagnostics::column_letters;

fn cell() -> CellRef {
    CellRef::Sheet {
        sheet: "Products".into(),
        row: 12,
        column: Some(2),
    }
}

fn codes(problems: &Problems) -> Vec<ErrorCode> {
    problems.found.iter().map(|(_, code, _, _)| *code).collect()
}

#[test]
fn every_key_of_a_product_has_its_column_in_the_model_s_order_and_the_schema_says_which_are_required(
) {
    let mut keys: Vec<&str> = Field::all().iter().map(|field| field.key()).collect();
    let at = Product::KEYS
        .iter()
        .position(|key| *key == SPECIFICATIONS_KEY)
        .unwrap();
    keys.insert(at, SPECIFICATIONS_KEY);
    assert_eq!(keys, Product::KEYS);
    let mut required: Vec<&str> = Field::all()
        .iter()
        .filter(|field| field.required())
        .map(|field| field.key())
        .collect();
    let mut schema = crate::reference::required_keys();
    required.sort_unstable();
    schema.sort_unstable();
    assert_eq!(required, schema);
    assert!(reference_markdown().contains("| `brochure` | no |"));
}

#[test]
fn each_field_s_cells_are_read_by_its_type_in_the_schema() {
    let kinds: Vec<(&str, FieldKind)> = Field::all()
        .iter()
        .map(|field| (field.key(), field.kind()))
        .filter(|(_, kind)| *kind != FieldKind::Text)
        .collect();
    assert_eq!(
        kinds,
        [
            ("id", FieldKind::Id),
            ("draft", FieldKind::Flag),
            ("aliases", FieldKind::List)
        ]
    );
    assert_eq!(Field::TITLE.width(), 40.0);
    assert_eq!(Field::CATEGORY.width(), 18.0, "the default width");
}

#[test]
fn the_reference_says_how_to_open_a_csv_without_type_guessing() {
    let reference = reference_markdown();
    for step in [
        "## Numbers and dates a spreadsheet guessed",
        "set **Column type** to **Text**",
        "Data > From Text/CSV",
        "`--accept-spreadsheet-numbers`",
    ] {
        assert!(reference.contains(step), "{step}");
    }
}

#[test]
fn headers_match_in_any_case_with_spaces_or_underscores() {
    assert_eq!(normalise("  Sub_Category "), "subcategory");
    assert_eq!(
        column_of("Sub Category"),
        Some(Column::Field(Field::SUBCATEGORY))
    );
    assert_eq!(column_of("ID"), Some(Column::Field(Field::ID)));
    assert_eq!(column_of(" Title "), Some(Column::Field(Field::TITLE)));
    assert_eq!(
        column_of("Spec:  Weight"),
        Some(Column::Specification("Weight".into()))
    );
    assert_eq!(column_of("# my notes"), Some(Column::Ignored));
    assert_eq!(column_of(""), Some(Column::Ignored));
    assert_eq!(column_of("titel"), None);
}

#[test]
fn an_unknown_repeated_or_missing_column_is_an_error_at_its_header() {
    let header = |column: usize, text: &str| (cell().at_column(column), text.to_string());
    let headers = [
        header(0, "id"),
        header(1, "titel"),
        header(2, "description"),
        header(3, "category"),
        header(4, "Category"),
        header(5, "spec: Weight"),
        header(6, "spec: weight"),
    ];
    let mut problems = Problems::default();
    let columns = map_headers(&headers, &cell().row(), &mut problems);
    assert_eq!(columns[1], Column::Ignored);
    let found: Vec<(String, ErrorCode, String, Option<String>)> = problems
        .found
        .into_iter()
        .map(|(at, code, message, hint)| (at.to_string(), code, message, hint))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                "Products!B12".into(),
                ErrorCode::UnknownColumn,
                "unknown column \"titel\"".into(),
                Some("did you mean \"title\"?".into())
            ),
            (
                "Products!E12".into(),
                ErrorCode::MissingColumn,
                "column \"Category\" appears twice".into(),
                None
            ),
            (
                "Products!G12".into(),
                ErrorCode::MissingColumn,
                "column \"spec: weight\" appears twice".into(),
                None
            ),
            (
                "Products!12:12".into(),
                ErrorCode::MissingColumn,
                "the sheet has no \"title\" column".into(),
                None
            ),
            (
                "Products!12:12".into(),
                ErrorCode::MissingColumn,
                "the sheet has no \"subcategory\" column".into(),
                None
            ),
        ]
    );
}

#[test]
fn cells_are_named_as_the_spreadsheet_and_the_csv_file_name_them() {
    assert_eq!(column_letters(27 * 26), "AAA");
    let diagnostic = cell().diagnostic(
        "products.xlsx",
        ErrorCode::UnknownCategory,
        "unknown category \"dialisys\"".into(),
        Some("did you mean \"dialysis\"?".into()),
    );
    assert_eq!(
        diagnostic.to_string(),
        "products.xlsx:Products!C12: error[E0202]: unknown category \"dialisys\"\n = help: did you mean \"dialysis\"?"
    );
    let csv = CellRef::Csv {
        line: 12,
        column: 1,
    }
    .at_column(2);
    let diagnostic = csv.diagnostic("products.csv", ErrorCode::UnknownCategory, "x".into(), None);
    assert_eq!(diagnostic.headline(), "products.csv:12:3: error[E0202]: x");
}

#[test]
fn an_id_is_a_whole_number_from_a_number_text_or_formula_value() {
    let mut problems = Problems::default();
    let id = |value: CellValue, problems: &mut Problems| read_id(&value, &cell(), problems);
    assert_eq!(id(CellValue::Number(12.0), &mut problems), Ok(Some(12)));
    assert_eq!(
        id(CellValue::Text("0012".into()), &mut problems),
        Ok(Some(12))
    );
    assert_eq!(
        id(CellValue::Text(" 12.0 ".into()), &mut problems),
        Ok(Some(12))
    );
    assert_eq!(id(CellValue::Empty, &mut problems), Ok(None));
    assert!(problems.found.is_empty());
    for bad in [
        CellValue::Number(12.5),
        CellValue::Number(-3.0),
        CellValue::Number(0.0),
        CellValue::Text("abc".into()),
        CellValue::Text("-3".into()),
        CellValue::Bool(true),
    ] {
        assert_eq!(id(bad.clone(), &mut problems), Err(Reported), "{bad:?}");
    }
    assert_eq!(codes(&problems), vec![ErrorCode::InvalidIdCell; 6]);
    assert_eq!(
        problems.found[0].2,
        "id must be a whole positive number, found 12.5"
    );
}

#[test]
fn text_is_trimmed_with_a_warning_at_its_cell() {
    let mut problems = Problems::default();
    let text = read_text(
        &CellValue::Text(" Slit Lamp  ".into()),
        &cell(),
        &mut problems,
    );
    assert_eq!(text.as_deref(), Some("Slit Lamp"));
    assert_eq!(codes(&problems), vec![ErrorCode::TrimmedCell]);
    assert_eq!(problems.found[0].0, cell());
    assert_eq!(
        read_text(&CellValue::Text("   ".into()), &cell(), &mut problems),
        None
    );
}

#[test]
fn a_number_in_a_text_column_keeps_its_text_and_a_long_one_warns() {
    let mut problems = Problems::default();
    let text =
        |n: f64, problems: &mut Problems| read_text(&CellValue::Number(n), &cell(), problems);
    assert_eq!(text(4008.0, &mut problems).as_deref(), Some("4008"));
    assert_eq!(text(12.5, &mut problems).as_deref(), Some("12.5"));
    assert!(problems.found.is_empty());
    assert_eq!(
        text(1.2e13, &mut problems).as_deref(),
        Some("12000000000000")
    );
    assert_eq!(codes(&problems), vec![ErrorCode::NumberInTextColumn]);
}

#[test]
fn a_spreadsheet_error_in_a_cell_is_located() {
    let mut problems = Problems::default();
    assert_eq!(
        read_text(&CellValue::Error("#N/A".into()), &cell(), &mut problems),
        None
    );
    assert_eq!(codes(&problems), vec![ErrorCode::WrongType]);
}

#[test]
fn draft_and_lists_read_as_written() {
    let mut problems = Problems::default();
    assert_eq!(
        read_flag(&CellValue::Bool(true), &cell(), &mut problems),
        Ok(Some(true))
    );
    assert_eq!(
        read_flag(&CellValue::Text("FALSE".into()), &cell(), &mut problems),
        Ok(Some(false))
    );
    assert_eq!(
        read_flag(&CellValue::Text("yes".into()), &cell(), &mut problems),
        Err(Reported)
    );
    assert_eq!(codes(&problems), vec![ErrorCode::WrongType]);
    assert_eq!(
        read_list(
            &CellValue::Text("/old/a | /old/b|".into()),
            &cell(),
            &mut problems
        ),
        Some(vec!["/old/a".to_string(), "/old/b".to_string()])
    );
}

/// A copy of the valid fixture site, and the folder it is in.
fn site() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&valid_content_dir(), &content);
    (dir, content)
}

fn import(content: &Path, sheet: &Path) -> ImportOutcome {
    let options = ImportOptions::default();
    import_products(content, sheet, &options, &mut || {}).unwrap()
}

#[test]
fn a_csv_with_a_bom_is_read_and_one_that_is_not_utf8_is_located() {
    let (dir, content) = site();
    let sheet = dir.path().join("products.csv");
    export_products(&content, &sheet).unwrap();
    let text = std::fs::read(&sheet).unwrap();
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend(&text);
    std::fs::write(&sheet, &with_bom).unwrap();
    let outcome = import(&content, &sheet);
    assert_eq!(outcome.diagnostics, vec![]);
    assert_eq!(outcome.summary.unwrap().changed_products, 0);

    // "Ré" in Windows-1252, on line 3 after "3,".
    let mut latin = text.clone();
    let second_line_end = latin
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .unwrap()
        .0;
    latin.splice(
        second_line_end + 1..second_line_end + 1,
        b"3,R\xE9,\n".iter().copied(),
    );
    std::fs::write(&sheet, &latin).unwrap();
    let outcome = import(&content, &sheet);
    let problem = &outcome.diagnostics[0];
    assert_eq!(problem.code, ErrorCode::SheetNotUtf8);
    assert_eq!((problem.location.line(), problem.location.column()), (3, 4));
    assert!(problem.hint.as_deref().unwrap().contains("CSV UTF-8"));
    assert!(outcome.summary.is_none());
}

#[test]
fn export_then_import_changes_nothing_in_xlsx_and_csv() {
    let (dir, content) = site();
    let before = std::fs::read(content.join("products.toml")).unwrap();
    for name in ["products.xlsx", "products.csv"] {
        let sheet = dir.path().join(name);
        assert_eq!(export_products(&content, &sheet).unwrap(), 5);
        let outcome = import(&content, &sheet);
        assert_eq!(outcome.diagnostics, vec![], "{name}");
        assert!(!outcome.written);
        let summary = outcome.summary.unwrap();
        assert_eq!((summary.rows, summary.unchanged), (5, 5), "{name}");
        assert_eq!(
            std::fs::read(content.join("products.toml")).unwrap(),
            before
        );
    }
}

#[test]
fn a_check_of_the_changed_content_is_reported_at_the_cell_that_caused_it() {
    let (dir, content) = site();
    let sheet = dir.path().join("products.csv");
    export_products(&content, &sheet).unwrap();
    let text = std::fs::read_to_string(&sheet).unwrap();
    let text = text.replacen(",dialysis,", ",dialisys,", 1);
    std::fs::write(&sheet, text).unwrap();
    let before = std::fs::read(content.join("products.toml")).unwrap();
    let outcome = import(&content, &sheet);
    let headlines: Vec<String> = outcome.diagnostics.iter().map(|d| d.headline()).collect();
    let shown = sheet.display();
    assert_eq!(
        headlines,
        vec![format!(
            "{shown}:2:4: error[E0202]: unknown category \"dialisys\""
        )]
    );
    assert_eq!(
        outcome.diagnostics[0].hint.as_deref(),
        Some("did you mean \"dialysis\"?")
    );
    assert!(!outcome.written);
    assert_eq!(
        std::fs::read(content.join("products.toml")).unwrap(),
        before
    );
}

#[test]
fn a_summary_counts_and_names_the_ids_given() {
    let summary = Summary {
        file: "products.xlsx".into(),
        rows: 10_000,
        changed_products: 37,
        changed_values: 52,
        added: vec![259, 260, 261],
        removed: vec![],
        kept: 0,
        unchanged: 9_960,
    };
    assert_eq!(
        summary.to_string(),
        "products.xlsx: 10,000 rows: 37 products changed (52 values), 3 added (ids 259–261), 0 removed, 9,960 unchanged"
    );
}

#[test]
fn a_file_that_is_no_spreadsheet_is_one_located_error() {
    let (dir, content) = site();
    let damaged = dir.path().join("products.xlsx");
    std::fs::write(&damaged, b"not a zip").unwrap();
    let outcome = import(&content, &damaged);
    assert_eq!(outcome.diagnostics.len(), 1);
    assert_eq!(outcome.diagnostics[0].code, ErrorCode::SheetUnreadable);
    assert!(outcome.summary.is_none());
    let unknown = dir.path().join("products.txt");
    std::fs::write(&unknown, b"id,title").unwrap();
    let outcome = import(&content, &unknown);
    assert_eq!(outcome.diagnostics[0].code, ErrorCode::SheetUnreadable);
}

/// The folder of the spreadsheets LibreOffice saved from the CSV export of its
/// products.toml (scripts/make-sheet-fixtures).
fn libreoffice_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/libreoffice")
        .join(name)
}

/// A copy of the valid fixture site with the products the LibreOffice fixtures hold.
fn libreoffice_site() -> (tempfile::TempDir, PathBuf) {
    let (dir, content) = site();
    std::fs::copy(
        libreoffice_fixture("products.toml"),
        content.join("products.toml"),
    )
    .unwrap();
    (dir, content)
}

fn headlines(outcome: &ImportOutcome, sheet: &Path) -> Vec<String> {
    let shown = format!("{}:", sheet.display());
    outcome
        .diagnostics
        .iter()
        .map(|d| d.headline().replacen(&shown, "", 1))
        .collect()
}

#[test]
fn a_sheet_saved_by_libreoffice_from_the_csv_changes_no_value() {
    for (name, sheet) in [("products.xlsx", "products"), ("products.ods", "products")] {
        let (_dir, content) = libreoffice_site();
        let before = std::fs::read(content.join("products.toml")).unwrap();
        let path = libreoffice_fixture(name);
        let outcome = import(&content, &path);
        let kept = |cell: &str, made: &str, current: &str, why: &str| {
            format!("{sheet}!{cell}: warning[W1003]: the spreadsheet made {made} of \"{current}\" ({why}): \"{current}\" is kept")
        };
        assert_eq!(
            headlines(&outcome, &path),
            vec![
                kept(
                    "J2",
                    "the number 42",
                    "0042",
                    "it dropped the leading zeros"
                ),
                kept(
                    "L2",
                    "the number 100000",
                    "1E5",
                    "it read the exponent form as a number"
                ),
                kept(
                    "N2",
                    "the number 123456789012346000",
                    "123456789012345678",
                    "it keeps 15 digits of a number"
                ),
                kept(
                    "O2",
                    "the number 12.5",
                    "12.50",
                    "it read the text as a number"
                ),
            ],
            "{name}"
        );
        let summary = outcome.summary.unwrap();
        assert_eq!((summary.rows, summary.unchanged), (5, 5), "{name}");
        assert!(!outcome.written);
        assert_eq!(
            std::fs::read(content.join("products.toml")).unwrap(),
            before
        );
    }
}

#[test]
fn a_csv_saved_again_by_libreoffice_changes_no_value() {
    // LibreOffice writes its number cells as numbers: 42, 100000, 1.23456789012346E+017.
    let (_dir, content) = libreoffice_site();
    let path = libreoffice_fixture("products-resaved.csv");
    let outcome = import(&content, &path);
    let found: Vec<String> = headlines(&outcome, &path)
        .iter()
        .map(|line| line.split(" (").next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        found,
        vec![
            "2:10: warning[W1003]: the spreadsheet made the number 42 of \"0042\"",
            "2:12: warning[W1003]: the spreadsheet made the number 100000 of \"1E5\"",
            "2:14: warning[W1003]: the spreadsheet made the number 123456789012346000 of \"123456789012345678\"",
            "2:15: warning[W1003]: the spreadsheet made the number 12.5 of \"12.50\"",
        ]
    );
    assert_eq!(outcome.summary.unwrap().unchanged, 5);
    assert!(!outcome.written);
}

#[test]
fn accepting_spreadsheet_numbers_takes_them_and_a_date_still_reads_as_shown() {
    let (_dir, content) = libreoffice_site();
    let options = ImportOptions {
        dry_run: true,
        accept_spreadsheet_numbers: true,
        ..ImportOptions::default()
    };
    let path = libreoffice_fixture("products.xlsx");
    let outcome = import_products(&content, &path, &options, &mut || {}).unwrap();
    assert_eq!(
        headlines(&outcome, &path),
        vec!["products!N2: warning[W1002]: the number 123456789012346000 in a text column may have been rounded by the spreadsheet"]
    );
    assert_eq!(
        outcome.changes,
        vec![
            "id 12 model: \"0042\" → \"42\"",
            "id 12 spec: Code: \"1E5\" → \"100000\"",
            "id 12 spec: Part number: \"123456789012345678\" → \"123456789012346000\"",
            "id 12 spec: Ratio: \"12.50\" → \"12.5\"",
        ]
    );
}

#[test]
fn a_date_is_read_as_its_number_format_shows_it() {
    // "Detect special numbers" made 01/02/2024 a date shown as 01/02/24 (mm/dd/yy).
    for (name, format) in [
        ("products-special.xlsx", Format::Xlsx),
        ("products-special.ods", Format::Ods),
    ] {
        let (_dir, content) = libreoffice_site();
        let path = libreoffice_fixture(name);
        let mut problems = Problems::default();
        let grid = crate::read::read_grid(&path, format, &mut problems).unwrap();
        let cell_at = |row: usize, column: usize| grid.rows[row].cells[column].clone();
        let date = |shown: &str| CellValue::Date {
            serial: 45293.0,
            shown: shown.into(),
        };
        assert_eq!(cell_at(1, 12), date("2024-01-02"), "{name}");
        assert_eq!(cell_at(2, 16), date("01/02/24"), "{name}");
        let outcome = import(&content, &path);
        let found = headlines(&outcome, &path);
        assert!(
            found.contains(&"products-special!Q3: warning[W1003]: the spreadsheet made the date 01/02/24 of \"01/02/2024\" (it read the text as a date and shows it in its own format): \"01/02/2024\" is kept".to_string()),
            "{name}: {found:?}"
        );
        assert_eq!(outcome.summary.unwrap().unchanged, 5, "{name}");
    }

    // Formats of other programs and languages, in a workbook written here.
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("dates.xlsx");
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    let formats = [
        ("dd/mm/yyyy", "02/01/2024"),
        ("d mmm yyyy", "2 Jan 2024"),
        ("dddd, mmmm d, yyyy", "Tuesday, January 2, 2024"),
        ("[$-409]yyyy.mm.dd hh:mm AM/PM", "2024.01.02 10:30 AM"),
        ("d\\.m\\.yy", "2.1.24"),
    ];
    for (column, (format, _)) in formats.iter().enumerate() {
        let format = rust_xlsxwriter::Format::new().set_num_format(*format);
        let serial = 45293.0 + if column == 3 { 10.5 / 24.0 } else { 0.0 };
        sheet
            .write_number_with_format(0, column as u16, serial, &format)
            .unwrap();
    }
    workbook.save(&written).unwrap();
    let mut problems = Problems::default();
    let grid = crate::read::read_grid(&written, Format::Xlsx, &mut problems).unwrap();
    let shown: Vec<String> = grid.rows[0]
        .cells
        .iter()
        .map(|value| read_text(value, &cell(), &mut problems).unwrap())
        .collect();
    let expected: Vec<&str> = formats.iter().map(|(_, shown)| *shown).collect();
    assert_eq!(shown, expected);
    assert!(problems.found.is_empty());
}

#[test]
fn a_spreadsheet_change_is_told_from_a_real_one() {
    use crate::cells::spreadsheet_change;
    let number = CellValue::Number;
    assert_eq!(
        spreadsheet_change("0042", &number(42.0)),
        Some("it dropped the leading zeros")
    );
    assert_eq!(
        spreadsheet_change("1E5", &number(1e5)),
        Some("it read the exponent form as a number")
    );
    assert_eq!(
        spreadsheet_change("123456789012345678", &number(1.23456789012346e17)),
        Some("it keeps 15 digits of a number")
    );
    for text in ["12.50", "+12.5", "1,000.5"] {
        let value = if text == "1,000.5" { 1000.5 } else { 12.5 };
        assert_eq!(
            spreadsheet_change(text, &number(value)),
            Some("it read the text as a number"),
            "{text}"
        );
    }
    assert_eq!(
        spreadsheet_change("2024-01-02", &number(45293.0)),
        Some("it read the date as its day number")
    );
    let date = |shown: &str| CellValue::Date {
        serial: 45293.0,
        shown: shown.into(),
    };
    assert_eq!(
        spreadsheet_change("02/01/2024", &date("2024-01-02")),
        Some("it read the text as a date and shows it in its own format")
    );
    // Real changes: another number, another date, text that is no number.
    assert_eq!(spreadsheet_change("0042", &number(43.0)), None);
    assert_eq!(spreadsheet_change("4008S", &number(4008.0)), None);
    assert_eq!(spreadsheet_change("2024-01-03", &number(45293.0)), None);
    assert_eq!(spreadsheet_change("2024-01-03", &date("2024-01-02")), None);
    assert_eq!(spreadsheet_change("--5", &number(5.0)), None);
}

#[test]
fn a_text_date_or_time_is_read_as_a_spreadsheet_keeps_it() {
    use crate::dates::{day_serial, iso_time_parts, text_date_serials, weekday};
    assert_eq!(day_serial(2024, 1, 2), 45293);
    assert_eq!(day_serial(1900, 3, 1), 61);
    assert_eq!(weekday(45293.0), 2, "2024-01-02 was a Tuesday");
    assert_eq!(text_date_serials("2024-01-02"), vec![45293]);
    // Day/month and month/day: both days a spreadsheet could have read.
    assert_eq!(
        text_date_serials("02/01/2024"),
        vec![45293, day_serial(2024, 2, 1)]
    );
    assert_eq!(
        text_date_serials("2.1.2024"),
        vec![45293, day_serial(2024, 2, 1)]
    );
    assert_eq!(text_date_serials("31/02/2024"), Vec::<i64>::new());
    assert_eq!(text_date_serials("4008-S"), Vec::<i64>::new());
    let time = iso_time_parts("PT08H30M00S").unwrap();
    assert_eq!((time.hour, time.minute, time.second), (8, 30, 0));
    assert_eq!(iso_time_parts("P1D"), None);
}
