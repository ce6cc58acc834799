//! A day as the sitemap writes it (`<lastmod>`), and the build's day: fixed by
//! `SOURCE_DATE_EPOCH` for reproducible builds, else the clock's.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// The environment variable that fixes the build's date (seconds since 1970, UTC),
/// as reproducible-build tools set it.
pub const SOURCE_DATE_EPOCH: &str = "SOURCE_DATE_EPOCH";

/// A day as the sitemap writes it: `YYYY-MM-DD` (a W3C date).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Day(String);

impl Day {
    /// The UTC day holding `seconds` since 1970-01-01.
    pub fn of_unix_seconds(seconds: u64) -> Self {
        let (year, month, day) = civil_from_days(seconds / 86_400);
        Self(format!("{year:04}-{month:02}-{day:02}"))
    }

    /// The build's day: [`SOURCE_DATE_EPOCH`] when set, else the clock's. A value that
    /// is not a whole number of seconds is answered as the error, beside the clock's day.
    pub fn of_build() -> (Self, Option<String>) {
        let clock = || {
            let now = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |since| since.as_secs());
            Self::of_unix_seconds(now)
        };
        match std::env::var(SOURCE_DATE_EPOCH) {
            Err(_) => (clock(), None),
            Ok(value) => match value.trim().parse::<u64>() {
                Ok(seconds) => (Self::of_unix_seconds(seconds), None),
                Err(_) => (clock(), Some(value)),
            },
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The day `text` names, unchecked: for a `YYYY-MM-DD` known to be one (tests, and
    /// callers outside this crate, which cannot build a `Day` otherwise).
    pub fn from_text(text: &str) -> Self {
        Self(text.to_string())
    }
}

/// Year, month (1–12) and day (1–31) of the day `days` after 1970-01-01 (Howard
/// Hinnant's civil_from_days, for days on or after the epoch).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_calendar_dates() {
        assert_eq!(Day::of_unix_seconds(0).as_str(), "1970-01-01");
        assert_eq!(Day::of_unix_seconds(86_399).as_str(), "1970-01-01");
        assert_eq!(Day::of_unix_seconds(951_782_400).as_str(), "2000-02-29");
        assert_eq!(Day::of_unix_seconds(1_798_761_599).as_str(), "2026-12-31");
        assert_eq!(Day::of_unix_seconds(1_798_761_600).as_str(), "2027-01-01");
    }
}
