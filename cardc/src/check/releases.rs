//! Releases: each `release` line's date and kind. What cards say about releases (`since:`,
//! `<field> from <release>:`) is checked with their fields ([`super::cards`]).

use cards_runtime::model::ReleaseKind;

use crate::ast::Ident;
use crate::declare_code;
use crate::diagnostics::Diagnostic;
use crate::resolve::{suggest, suggestion_fix, Names};

declare_code! {
    /// ## What
    /// A `release` line whose date is not a date written `YYYY-MM-DD`, or whose kind is
    /// not one of `wave`, `points` and `erratum`.
    ///
    /// ## Why
    /// A release's date orders the set's changes and answers "as of" questions
    /// (`cardc export --as-of 2019-03-02`); its kind says what it is in a changelog.
    ///
    /// ## Example
    /// `release points-2 "Points" 2019-13-01 points`: there is no 13th month. Write
    /// `2019-12-01`.
    pub static E0112: "E0112", "invalid-release", Error;
}

/// Checks each release's date and kind.
pub fn check(names: &Names<'_>, d: &mut Vec<Diagnostic>) {
    for release in &names.releases {
        let decl = release.decl;
        if let Err(why) = date(&decl.date.text) {
            d.push(
                Diagnostic::new(&E0112, format!("`{}` is not a date", decl.date.text))
                    .label(release.file, decl.date.span, why)
                    .help("write a release's date as year, month and day: `2019-01-04`"),
            );
        }
        if let Some(kind) = &decl.kind {
            if ReleaseKind::from_id(&kind.text).is_none() {
                d.push(unknown_kind(kind, release.file));
            }
        }
    }
}

/// E0112 for a kind of release that is none of the kinds.
fn unknown_kind(kind: &Ident, file: crate::ast::FileId) -> Diagnostic {
    let ids: Vec<&str> = ReleaseKind::ALL.iter().map(|k| k.id()).collect();
    let fix = suggest::best(&kind.text, ids.iter().map(|id| (*id, None))).map(|s| suggestion_fix(&s, kind, file));
    let listed: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
    let diagnostic = Diagnostic::new(&E0112, format!("`{}` is not a kind of release", kind.text))
        .label(file, kind.span, "unknown kind of release")
        .maybe_fix(fix);
    diagnostic.help(format!("a release is {} (or say nothing after its date)", crate::diagnostics::join_or(&listed)))
}

/// The year, month and day of a date written `YYYY-MM-DD`, or why it is not one.
pub fn date(text: &str) -> Result<(u32, u32, u32), &'static str> {
    cards_runtime::model::release::date(text)
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn a_date_is_a_day_of_the_calendar() {
        assert_eq!(date("2019-01-04"), Ok((2019, 1, 4)));
        assert_eq!(date("2020-02-29"), Ok((2020, 2, 29)), "a leap year");
        assert!(date("2019-02-29").is_err(), "not a leap year");
        assert!(date("1900-02-29").is_err(), "a century is not a leap year");
        assert_eq!(date("2000-02-29"), Ok((2000, 2, 29)), "but every fourth one is");
        for bad in
            ["2019-13-01", "2019-00-10", "2019-04-31", "19-01-04", "2019-1-4", "2019-01", "2019-01-04-01", "+019-01-04"]
        {
            assert!(date(bad).is_err(), "{bad}");
        }
    }
}
