//! Reads a sheet and does nothing else: calamine for .xlsx/.xls/.ods, csv for .csv.
//! The sheet benchmark (scripts/bench-sheet) divides an import's time by this one's.

use calamine::{open_workbook_auto, Data, Reader};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: read_only FILE")?;
    let mut cells = 0usize;
    if path.ends_with(".csv") {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_path(&path)?;
        for record in reader.records() {
            cells += record?.len();
        }
    } else {
        let mut workbook = open_workbook_auto(&path)?;
        let range = workbook
            .worksheet_range_at(0)
            .ok_or("the workbook has no sheet")??;
        cells = range
            .rows()
            .flatten()
            .filter(|cell| **cell != Data::Empty)
            .count();
    }
    println!("{cells} cells");
    Ok(())
}
