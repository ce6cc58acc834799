//! The statistics band.

use super::prelude::*;

content_table! {
    /// `[stats]`.
    pub struct Stats {
        /// The band's heading.
        pub heading: Text,
        /// The counters.
        pub item: Vec<Stat>,
    }
}

content_table! {
    /// A counter of the statistics band.
    pub struct Stat {
        /// The counter's target (not negative); its decimals are kept.
        pub value: Located<Number>,
        /// Text before the number.
        pub prefix: Option<String>,
        /// Text after the number.
        pub suffix: Option<String>,
        /// The label under the number.
        pub label: Text,
    }
}

/// The views React gets.
pub mod view {
    use super::*;

    /// The counters block.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct Stats<'a> {
        pub(super) heading: &'a str,
        pub(super) items: Vec<StatItem<'a>>,
    }

    /// A counter: it counts up to `value`, shown with `decimals` decimals.
    #[derive(Debug, Clone, Serialize, TS)]
    pub struct StatItem<'a> {
        #[ts(type = "number")]
        pub(super) value: StatValue,
        pub(super) decimals: u32,
        pub(super) prefix: &'a str,
        pub(super) suffix: &'a str,
        pub(super) label: &'a str,
    }

    /// A counter's target as written: an integer stays an integer in the JSON (`100`,
    /// not `100.0`).
    #[derive(Debug, Clone, Copy, Serialize)]
    #[serde(untagged)]
    pub enum StatValue {
        /// Written without decimals.
        Integer(i64),
        /// Written with decimals.
        Decimal(f64),
    }
}

impl HomeSectionKind for Stats {
    type View<'a> = view::Stats<'a>;

    fn view<'a>(&'a self, _: &dyn SectionViews) -> view::Stats<'a> {
        view::Stats {
            heading: self.heading.as_str(),
            items: self
                .item
                .iter()
                .map(|stat| {
                    let number = stat.value.value;
                    view::StatItem {
                        value: if number.integer {
                            view::StatValue::Integer(number.value as i64)
                        } else {
                            view::StatValue::Decimal(number.value)
                        },
                        decimals: number.decimals,
                        prefix: stat.prefix.as_deref().unwrap_or(""),
                        suffix: stat.suffix.as_deref().unwrap_or(""),
                        label: stat.label.as_str(),
                    }
                })
                .collect(),
        }
    }

    fn problems(&self) -> Vec<SectionProblem> {
        self.item
            .iter()
            .filter(|stat| stat.value.value.value < 0.0)
            .map(|stat| SectionProblem {
                span: stat.value.span.clone(),
                code: ErrorCode::NegativeStat,
                message: format!("statistic \"{}\" has a negative value", stat.label),
                hint: None,
            })
            .collect()
    }
}
