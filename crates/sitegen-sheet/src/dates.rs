//! Dates as the spreadsheet shows them. A spreadsheet keeps a date as its day number
//! (45293 is 2024-01-02) and shows it through the cell's number format
//! (`yyyy-mm-dd`, `dd/mm/yyyy`); an import reads the text shown, not the day number.
//! calamine tells which cells are dates but not how they are shown: for `.xlsx` the
//! formats are read from the workbook's styles here, for `.ods` the texts beside the
//! dates, only when the sheet has a date.

use std::collections::HashMap;
use std::io::{BufReader, Read, Seek};
use std::path::Path;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// A date and time of day as a spreadsheet keeps it, split into its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateParts {
    /// The year, e.g. 2024.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to 31.
    pub day: u8,
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
    /// The second, 0 to 59.
    pub second: u8,
}

/// The day number of `year-month-day` in the 1900 date system (the one both Excel and
/// LibreOffice use unless told otherwise): 2024-01-02 is 45293. Right from 1900-03-01 on.
pub fn day_serial(year: i64, month: i64, day: i64) -> i64 {
    // Days from 1970-01-01 (Howard Hinnant's days_from_civil), then from 1899-12-30.
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468 + 25_569
}

/// The day numbers a text that reads as a date could mean: `2024-01-02`, and
/// `02/01/2024` or `2.1.2024` as day/month and as month/day; none for other text.
pub fn text_date_serials(text: &str) -> Vec<i64> {
    let parts: Vec<&str> = text.trim().split(['-', '/', '.']).collect();
    let [first, second, third] = parts.as_slice() else {
        return Vec::new();
    };
    let number = |part: &str| {
        (!part.is_empty() && part.len() <= 4 && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<i64>().ok())
            .flatten()
    };
    let (Some(a), Some(b), Some(c)) = (number(first), number(second), number(third)) else {
        return Vec::new();
    };
    let candidates = if first.len() == 4 {
        vec![(a, b, c)]
    } else if third.len() == 4 {
        vec![(c, b, a), (c, a, b)]
    } else {
        Vec::new()
    };
    let mut serials: Vec<i64> = candidates
        .into_iter()
        .filter(|&(year, month, day)| (1..=12).contains(&month) && valid_day(year, month, day))
        .map(|(year, month, day)| day_serial(year, month, day))
        .collect();
    serials.dedup();
    serials
}

fn valid_day(year: i64, month: i64, day: i64) -> bool {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    (1..=days).contains(&day)
}

/// The 1900-system day number of `parts`, with the time of day as its fraction.
pub fn parts_serial(parts: &DateParts) -> f64 {
    let seconds =
        f64::from(parts.hour) * 3600.0 + f64::from(parts.minute) * 60.0 + f64::from(parts.second);
    day_serial(
        i64::from(parts.year),
        i64::from(parts.month),
        i64::from(parts.day),
    ) as f64
        + seconds / 86_400.0
}

/// The parts of an ISO 8601 date or date and time (`2024-01-02`, `2024-01-02T10:30:00`),
/// as an OpenDocument file keeps a date cell's value.
pub fn iso_parts(text: &str) -> Option<DateParts> {
    let (date, time) = text.split_once('T').unwrap_or((text, ""));
    let mut date = date.split('-').map(|part| part.parse::<u16>().ok());
    let (year, month, day) = (date.next()??, date.next()??, date.next()??);
    let mut time = time
        .split(':')
        .map(|part| part.split('.').next().and_then(|p| p.parse::<u8>().ok()));
    let mut next = || time.next().flatten().unwrap_or(0);
    let (hour, minute, second) = (next(), next(), next());
    let parts = DateParts {
        year,
        month: u8::try_from(month).ok()?,
        day: u8::try_from(day).ok()?,
        hour,
        minute,
        second,
    };
    valid_day(year.into(), month.into(), day.into()).then_some(parts)
}

/// The text of `parts` when the format is unknown: `2024-01-02`, with `10:30:00` after
/// it when it has a time of day.
pub fn iso_text(parts: &DateParts) -> String {
    let date = format!("{:04}-{:02}-{:02}", parts.year, parts.month, parts.day);
    if (parts.hour, parts.minute, parts.second) == (0, 0, 0) {
        date
    } else {
        format!(
            "{date} {:02}:{:02}:{:02}",
            parts.hour, parts.minute, parts.second
        )
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// One piece of a date format.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Literal(String),
    /// A run of one letter (`yyyy`, `mm`, `d`), lower case, with its length.
    Letters(char, usize),
    /// `AM/PM` or `A/P`: a 12-hour clock.
    AmPm {
        short: bool,
    },
}

fn pieces(format: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut chars = format.chars().peekable();
    let literal = |pieces: &mut Vec<Piece>, text: &str| match pieces.last_mut() {
        Some(Piece::Literal(last)) => last.push_str(text),
        _ => pieces.push(Piece::Literal(text.to_string())),
    };
    while let Some(c) = chars.next() {
        match c {
            // Only the first section (positive numbers) shows a date.
            ';' => break,
            '"' => {
                let quoted: String = chars.by_ref().take_while(|&c| c != '"').collect();
                literal(&mut pieces, &quoted);
            }
            '\\' => {
                if let Some(next) = chars.next() {
                    literal(&mut pieces, &next.to_string());
                }
            }
            '_' => {
                chars.next();
                literal(&mut pieces, " ");
            }
            '*' => {
                chars.next();
            }
            '[' => {
                let inside: String = chars.by_ref().take_while(|&c| c != ']').collect();
                // `[h]`, `[mm]`: elapsed time, shown here as the clock; colours, locales
                // (`[$-409]`) and conditions show nothing.
                let lower = inside.to_ascii_lowercase();
                if let Some(letter) = lower.chars().next() {
                    if matches!(letter, 'h' | 'm' | 's') && lower.chars().all(|c| c == letter) {
                        pieces.push(Piece::Letters(letter, lower.len()));
                    }
                }
            }
            'a' | 'A' => {
                let rest: String = chars.clone().take(4).collect();
                if rest.eq_ignore_ascii_case("m/pm") {
                    chars.by_ref().take(4).for_each(drop);
                    pieces.push(Piece::AmPm { short: false });
                } else if rest.to_ascii_lowercase().starts_with("/p") {
                    chars.by_ref().take(2).for_each(drop);
                    pieces.push(Piece::AmPm { short: true });
                } else {
                    literal(&mut pieces, &c.to_string());
                }
            }
            c if matches!(c.to_ascii_lowercase(), 'y' | 'm' | 'd' | 'h' | 's') => {
                let letter = c.to_ascii_lowercase();
                let mut length = 1;
                while chars
                    .peek()
                    .is_some_and(|n| n.to_ascii_lowercase() == letter)
                {
                    chars.next();
                    length += 1;
                }
                pieces.push(Piece::Letters(letter, length));
            }
            // Tenths of a second (`ss.0`) are not kept: neither is their place.
            '.' if chars.peek() == Some(&'0') => {}
            '0' | '#' | '?' | '@' => {}
            c => literal(&mut pieces, &c.to_string()),
        }
    }
    pieces
}

/// `parts` as the number format `format` shows it (`yyyy-mm-dd` shows `2024-01-02`,
/// `d mmm yyyy` shows `2 Jan 2024`), in English month and day names.
pub fn format_date(parts: &DateParts, weekday: usize, format: &str) -> String {
    let pieces = pieces(format);
    let twelve_hour = pieces.iter().any(|p| matches!(p, Piece::AmPm { .. }));
    let clock_at = |at: usize, step: isize| {
        // `m` is minutes right after an hour or right before seconds.
        let mut index = at as isize + step;
        while let Some(piece) = usize::try_from(index).ok().and_then(|i| pieces.get(i)) {
            if let Piece::Letters(letter, _) = piece {
                return Some(*letter);
            }
            index += step;
        }
        None
    };
    let mut shown = String::new();
    for (at, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Literal(text) => shown.push_str(text),
            Piece::AmPm { short } => {
                let am = parts.hour < 12;
                shown.push_str(match (short, am) {
                    (false, true) => "AM",
                    (false, false) => "PM",
                    (true, true) => "A",
                    (true, false) => "P",
                });
            }
            Piece::Letters(letter, length) => {
                let padded = |value: u8| {
                    if *length >= 2 {
                        format!("{value:02}")
                    } else {
                        value.to_string()
                    }
                };
                let text = match letter {
                    'y' if *length <= 2 => format!("{:02}", parts.year % 100),
                    'y' => format!("{:04}", parts.year),
                    'm' if *length <= 2
                        && (clock_at(at, -1) == Some('h') || clock_at(at, 1) == Some('s')) =>
                    {
                        padded(parts.minute)
                    }
                    'm' => {
                        let name = MONTHS[usize::from(parts.month.clamp(1, 12)) - 1];
                        match length {
                            1 | 2 => padded(parts.month),
                            3 => name[..3].to_string(),
                            5 => name[..1].to_string(),
                            _ => name.to_string(),
                        }
                    }
                    'd' => match length {
                        1 | 2 => padded(parts.day),
                        3 => WEEKDAYS[weekday % 7][..3].to_string(),
                        _ => WEEKDAYS[weekday % 7].to_string(),
                    },
                    'h' if twelve_hour => padded(match parts.hour % 12 {
                        0 => 12,
                        hour => hour,
                    }),
                    'h' => padded(parts.hour),
                    _ => padded(parts.second),
                };
                shown.push_str(&text);
            }
        }
    }
    shown
}

/// The day of the week of a 1900-system day number (0 is Sunday).
pub fn weekday(serial: f64) -> usize {
    // Day 0, 1899-12-30, was a Saturday.
    ((serial.floor() as i64 + 6).rem_euclid(7)) as usize
}

/// The format code of a built-in number format id that shows a date (the ids a
/// workbook may use without writing the code out), as Excel shows it in English.
fn builtin_date_format(id: u32) -> Option<&'static str> {
    Some(match id {
        // Excel shows id 14 in the system's short date; this is the English one.
        14 => "m/d/yyyy",
        15 => "d-mmm-yy",
        16 => "d-mmm",
        17 => "mmm-yy",
        18 => "h:mm AM/PM",
        19 => "h:mm:ss AM/PM",
        20 => "h:mm",
        21 => "h:mm:ss",
        22 => "m/d/yyyy h:mm",
        45 => "mm:ss",
        46 => "[h]:mm:ss",
        47 => "mm:ss.0",
        _ => return None,
    })
}

/// A cell's place as calamine counts it: 0-based row and column.
pub type Position = (u32, u32);

/// How a date cell is shown, when its file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// Its number format (`.xlsx` keeps the day number and the format).
    Format(String),
    /// Its text (`.ods` keeps the text shown beside the date).
    Text(String),
}

/// The parts of an ISO 8601 duration of less than a day (`PT08H30M00S`), as an
/// OpenDocument file keeps a time of day.
pub fn iso_time_parts(text: &str) -> Option<DateParts> {
    let mut rest = text.strip_prefix("PT")?;
    let (mut hour, mut minute, mut second) = (0u8, 0u8, 0u8);
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit() && c != '.')?;
        let number = rest[..digits].split('.').next()?.parse::<u8>().ok()?;
        match rest[digits..].chars().next()? {
            'H' => hour = number,
            'M' => minute = number,
            'S' => second = number,
            _ => return None,
        }
        rest = &rest[digits + 1..];
    }
    (hour < 24 && minute < 60 && second < 60).then_some(DateParts {
        // Day 0 of the 1900 system: a time of day alone.
        year: 1899,
        month: 12,
        day: 30,
        hour,
        minute,
        second,
    })
}

/// The text shown in each date and time cell at `wanted` of the first sheet of the
/// `.ods` file at `path`. Like [`xlsx_formats`], this never fails an import.
pub fn ods_texts(path: &Path, wanted: &[Position]) -> HashMap<Position, Shown> {
    let mut found = HashMap::new();
    let Ok(file) = std::fs::File::open(path) else {
        return found;
    };
    let Ok(mut archive) = zip::ZipArchive::new(BufReader::new(file)) else {
        return found;
    };
    let Ok(part) = archive.by_name("content.xml") else {
        return found;
    };
    let mut reader = Reader::from_reader(BufReader::new(part));
    let mut buffer = Vec::new();
    let repeated = |element: &BytesStart<'_>, name: &[u8]| {
        attribute(element, name)
            .and_then(|n| n.parse::<u32>().ok())
            .unwrap_or(1)
    };
    let (mut in_table, mut row, mut rows, mut column) = (false, 0u32, 1u32, 0u32);
    // The cell whose text is being read, and the text so far.
    let mut reading: Option<(Vec<Position>, String, bool)> = None;
    loop {
        let event = match reader.read_event_into(&mut buffer) {
            Ok(Event::Eof) | Err(_) => break,
            Ok(event) => event,
        };
        let empty = matches!(event, Event::Empty(_));
        match &event {
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                b"table:table" if !in_table => in_table = !empty,
                b"table:table-row" if in_table => {
                    rows = repeated(e, b"table:number-rows-repeated");
                    column = 0;
                    if empty {
                        row += rows;
                    }
                }
                b"table:table-cell" | b"table:covered-table-cell" if in_table => {
                    let columns = repeated(e, b"table:number-columns-repeated");
                    let is_date = matches!(
                        attribute(e, b"office:value-type").as_deref(),
                        Some("date" | "time")
                    );
                    let here: Vec<Position> = wanted
                        .iter()
                        .copied()
                        .filter(|&(r, c)| {
                            (row..row + rows).contains(&r)
                                && (column..column + columns).contains(&c)
                        })
                        .collect();
                    column += columns;
                    if is_date && !empty && !here.is_empty() {
                        reading = Some((here, String::new(), true));
                    }
                }
                b"text:p" => {
                    if let Some((_, text, first)) = &mut reading {
                        if !*first {
                            text.push('\n');
                        }
                        *first = false;
                    }
                }
                b"text:s" => {
                    if let Some((_, text, _)) = &mut reading {
                        let spaces = repeated(e, b"text:c") as usize;
                        text.push_str(&" ".repeat(spaces));
                    }
                }
                _ => {}
            },
            Event::Text(t) => {
                if let Some((_, text, _)) = &mut reading {
                    text.push_str(&String::from_utf8_lossy(t));
                }
            }
            Event::GeneralRef(name) => {
                if let Some((_, text, _)) = &mut reading {
                    let entity = format!("&{};", String::from_utf8_lossy(name));
                    if let Ok(unescaped) = quick_xml::escape::unescape(&entity) {
                        text.push_str(&unescaped);
                    }
                }
            }
            Event::End(e) => match e.name().as_ref() {
                b"table:table" if in_table => break,
                b"table:table-row" if in_table => row += rows,
                b"table:table-cell" | b"table:covered-table-cell" => {
                    if let Some((here, text, _)) = reading.take() {
                        for position in here {
                            found.insert(position, Shown::Text(text.clone()));
                        }
                    }
                }
                _ => {}
            },
            _ => {}
        }
        buffer.clear();
    }
    found
}

/// The number format of each cell at `wanted` in the first sheet of the `.xlsx` file at
/// `path`. A cell whose format cannot be found is left out (its date is then shown as
/// `2024-01-02`): this never fails an import that calamine could read.
pub fn xlsx_formats(path: &Path, wanted: &[Position]) -> HashMap<Position, Shown> {
    let Ok(file) = std::fs::File::open(path) else {
        return HashMap::new();
    };
    let Ok(mut archive) = zip::ZipArchive::new(BufReader::new(file)) else {
        return HashMap::new();
    };
    let Some(sheet) = first_sheet_path(&mut archive) else {
        return HashMap::new();
    };
    let Some(style_formats) = style_formats(&mut archive) else {
        return HashMap::new();
    };
    let wanted: std::collections::HashSet<Position> = wanted.iter().copied().collect();
    let mut found = HashMap::new();
    let Ok(part) = archive.by_name(&sheet) else {
        return found;
    };
    let mut reader = Reader::from_reader(BufReader::new(part));
    let mut buffer = Vec::new();
    loop {
        match reader.read_event_into(&mut buffer) {
            Ok(Event::Start(cell) | Event::Empty(cell)) if cell.local_name().as_ref() == b"c" => {
                let position = attribute(&cell, b"r").and_then(|r| cell_position(&r));
                let Some(position) = position.filter(|p| wanted.contains(p)) else {
                    continue;
                };
                let style = attribute(&cell, b"s").and_then(|s| s.parse::<usize>().ok());
                if let Some(format) = style_formats.get(style.unwrap_or(0)).cloned().flatten() {
                    found.insert(position, Shown::Format(format));
                }
                if found.len() == wanted.len() {
                    break;
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
        buffer.clear();
    }
    found
}

fn attribute(element: &BytesStart<'_>, name: &[u8]) -> Option<String> {
    let value = element.try_get_attribute(name).ok()??;
    unescaped(&value.value)
}

fn unescaped(value: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(value).ok()?;
    quick_xml::escape::unescape(text)
        .ok()
        .map(|text| text.into_owned())
}

/// `M2` → (1, 12).
fn cell_position(reference: &str) -> Option<Position> {
    let letters = reference
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let column = reference[..letters].bytes().try_fold(0u32, |column, b| {
        Some(column * 26 + u32::from(b.to_ascii_uppercase().checked_sub(b'A')?) + 1)
    })?;
    let row: u32 = reference[letters..].parse().ok()?;
    Some((row.checked_sub(1)?, column.checked_sub(1)?))
}

/// The part that holds the workbook's first sheet, e.g. `xl/worksheets/sheet1.xml`.
fn first_sheet_path<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> Option<String> {
    let mut relation = None;
    for_each_element(archive, "xl/workbook.xml", |element| {
        if element.local_name().as_ref() == b"sheet" {
            relation = element.attributes().flatten().find_map(|a| {
                (a.key.local_name().as_ref() == b"id")
                    .then(|| unescaped(&a.value))
                    .flatten()
            });
            return false;
        }
        true
    })?;
    let relation = relation?;
    let mut target = None;
    for_each_element(archive, "xl/_rels/workbook.xml.rels", |element| {
        if element.local_name().as_ref() == b"Relationship"
            && attribute(element, b"Id").as_deref() == Some(relation.as_str())
        {
            target = attribute(element, b"Target");
            return false;
        }
        true
    })?;
    let target = target?;
    Some(match target.strip_prefix('/') {
        Some(absolute) => absolute.to_string(),
        None => format!("xl/{target}"),
    })
}

/// The number format code of each cell style (`cellXfs`, by index); `None` for a
/// built-in format that shows no date (only date cells are looked up).
fn style_formats<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> Option<Vec<Option<String>>> {
    let mut codes: HashMap<u32, String> = HashMap::new();
    let mut style_ids: Vec<u32> = Vec::new();
    let mut in_cell_styles = false;
    let mut done = false;
    for_each_event(archive, "xl/styles.xml", |event| {
        match event {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"numFmt" => {
                let id = attribute(e, b"numFmtId").and_then(|id| id.parse().ok());
                if let (Some(id), Some(code)) = (id, attribute(e, b"formatCode")) {
                    codes.insert(id, code);
                }
            }
            Event::Start(e) if e.local_name().as_ref() == b"cellXfs" => in_cell_styles = true,
            Event::End(e) if e.local_name().as_ref() == b"cellXfs" => {
                done = true;
                return false;
            }
            Event::Start(e) | Event::Empty(e)
                if in_cell_styles && e.local_name().as_ref() == b"xf" =>
            {
                let id = attribute(e, b"numFmtId").and_then(|id| id.parse().ok());
                style_ids.push(id.unwrap_or(0));
            }
            _ => {}
        }
        true
    })?;
    done.then(|| {
        style_ids
            .into_iter()
            .map(|id| match codes.get(&id) {
                Some(code) => Some(code.clone()),
                None => builtin_date_format(id).map(str::to_string),
            })
            .collect()
    })
}

/// Calls `each` on every start and empty element of the part `name` until it returns
/// false; `None` when the part is missing or not XML.
fn for_each_element<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    mut each: impl FnMut(&BytesStart<'_>) -> bool,
) -> Option<()> {
    for_each_event(archive, name, |event| match event {
        Event::Start(e) | Event::Empty(e) => each(e),
        _ => true,
    })
}

fn for_each_event<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    mut each: impl FnMut(&Event<'_>) -> bool,
) -> Option<()> {
    let part = archive.by_name(name).ok()?;
    let mut reader = Reader::from_reader(BufReader::new(part));
    let mut buffer = Vec::new();
    loop {
        match reader.read_event_into(&mut buffer).ok()? {
            Event::Eof => return Some(()),
            event => {
                if !each(&event) {
                    return Some(());
                }
            }
        }
        buffer.clear();
    }
}
