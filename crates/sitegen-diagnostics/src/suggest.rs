//! "Did you mean …?" suggestions by edit distance: `strsim`'s optimal string alignment,
//! where insertions, deletions, substitutions and transpositions of neighbours each
//! count 1 (so "titel" is 1 edit from "title").

/// The candidate closest to `input`, when it is close enough to be a likely typo.
///
/// Close enough means at most a third of the input's length, rounded up (at least
/// 1, at most 3), edits away; a difference of case alone always counts as close.
pub fn closest<'a, I>(input: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let limit = input.chars().count().div_ceil(3).clamp(1, 3);
    let lowered = input.to_lowercase();
    candidates
        .into_iter()
        .filter(|candidate| *candidate != input)
        .map(|candidate| {
            let distance = if candidate.to_lowercase() == lowered {
                0
            } else {
                strsim::osa_distance(&lowered, &candidate.to_lowercase())
            };
            (distance, candidate)
        })
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// `did you mean "x"?` for the closest candidate, if any.
pub fn did_you_mean<'a, I>(input: &str, candidates: I) -> Option<String>
where
    I: IntoIterator<Item = &'a str>,
{
    closest(input, candidates).map(|candidate| format!("did you mean \"{candidate}\"?"))
}

/// `did you mean "ID"?` for a reference to one of `entries` (`(id, name)` pairs):
/// the id it is a typo of, else the id of the entry whose name (or a near typo of
/// it) was written where the id belongs.
pub fn did_you_mean_id<'a, I>(input: &str, entries: I) -> Option<String>
where
    I: IntoIterator<Item = (&'a str, Option<&'a str>)>,
    I::IntoIter: Clone,
{
    let entries = entries.into_iter();
    if let Some(hint) = did_you_mean(input, entries.clone().map(|(id, _)| id)) {
        return Some(hint);
    }
    let wanted = input.trim().to_lowercase();
    let by_name = entries
        .clone()
        .find(|(_, name)| name.is_some_and(|name| name.trim().to_lowercase() == wanted))
        .or_else(|| {
            let name = closest(input, entries.clone().filter_map(|(_, name)| name))?;
            entries.clone().find(|(_, n)| *n == Some(name))
        });
    by_name.map(|(id, _)| format!("did you mean \"{id}\"?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposition_of_neighbours_is_one_edit() {
        assert_eq!(closest("titel", ["title", "titles"]), Some("title"));
        assert_eq!(closest("dialisys", ["dialysis"]), Some("dialysis"));
        // Three edits is past a third of "kitten": no suggestion.
        assert_eq!(closest("kitten", ["sitting"]), None);
    }

    #[test]
    fn closest_picks_a_near_typo_only() {
        assert_eq!(
            closest("dialisys", ["dialysis", "radiology"]),
            Some("dialysis")
        );
        assert_eq!(closest("titel", ["title", "id"]), Some("title"));
        assert_eq!(closest("zzzzzz", ["title", "id"]), None);
        assert_eq!(closest("Dialysis", ["dialysis"]), Some("dialysis"));
    }

    #[test]
    fn a_name_written_for_an_id_suggests_the_id() {
        let entries = [
            ("dialysis", Some("Dialysis Products")),
            ("radiology", Some("Radiology Products")),
            ("broken", None),
        ];
        let hint = |input| did_you_mean_id(input, entries);
        assert_eq!(
            hint("Dialysis Products"),
            Some("did you mean \"dialysis\"?".into())
        );
        assert_eq!(
            hint("radiology products "),
            Some("did you mean \"radiology\"?".into())
        );
        assert_eq!(
            hint("Radiology Product"),
            Some("did you mean \"radiology\"?".into())
        );
        assert_eq!(hint("dialisys"), Some("did you mean \"dialysis\"?".into()));
        assert_eq!(hint("Cardiology Things"), None);
    }
}
