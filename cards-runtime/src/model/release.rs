//! Releases: the points documents, errata and waves of a set, and each card as it was
//! before a release changed it. A set's [`cards`](super::Set::cards) are as of its last
//! release; [`Set::as_of`](super::Set::as_of) gives the set as of an earlier one.

use super::card::Card;
use super::vocab::Text;
use crate::packed::packed;

/// What a release is (`release points-2 "Points" 2019-01-04 points`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReleaseKind {
    /// A wave of new cards (`wave`).
    Wave,
    /// A points document: costs, and what formats allow (`points`).
    Points,
    /// Errata or rulings: a card's text or restrictions (`erratum`).
    Erratum,
}
packed! { enum ReleaseKind { Wave, Points, Erratum } }

impl ReleaseKind {
    /// Every kind, in the order of the language reference.
    pub const ALL: [ReleaseKind; 3] = [ReleaseKind::Wave, ReleaseKind::Points, ReleaseKind::Erratum];

    /// The word the language writes it with.
    pub const fn id(self) -> &'static str {
        match self {
            ReleaseKind::Wave => "wave",
            ReleaseKind::Points => "points",
            ReleaseKind::Erratum => "erratum",
        }
    }

    /// The kind written `id`.
    pub fn from_id(id: &str) -> Option<ReleaseKind> {
        ReleaseKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// A release of a set: `release wave-2 "Wave 2" 2018-12-13 wave`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Release {
    /// Its id.
    pub id: Text,
    /// Its name.
    pub name: Text,
    /// Its date, `YYYY-MM-DD` (so dates compare as text).
    pub date: Text,
    /// What it is, when the set says.
    pub kind: Option<ReleaseKind>,
}
packed! { struct Release { id, name, date, kind } }

/// A card as it was until a release changed it (`cost from points-2: 10`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Version {
    /// The release that changed it: from this release on, the next version holds (or the
    /// card itself, after its last change). An index into the set's releases.
    pub until: u16,
    /// The card before that release.
    pub card: Card,
}
packed! { struct Version { until, card } }

/// The year, month and day of a date written `YYYY-MM-DD`, or why it is not one (a day of
/// the Gregorian calendar: `2019-02-29` is not).
pub fn date(text: &str) -> Result<(u32, u32, u32), &'static str> {
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts[..] else { return Err("expected year, month and day: `YYYY-MM-DD`") };
    if year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return Err("expected four digits, two and two: `YYYY-MM-DD`");
    }
    let number = |s: &str| {
        if s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse::<u32>().map_err(|_| "expected digits")
        } else {
            Err("expected digits")
        }
    };
    let (year, month, day) = (number(year)?, number(month)?, number(day)?);
    if !(1..=12).contains(&month) {
        return Err("a month is 01 to 12");
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=days).contains(&day) {
        return Err("no such day in that month");
    }
    Ok((year, month, day))
}

impl Card {
    /// The card as of release `release` (an index into its set's releases): the version
    /// that holds then, or the card itself when no later change is recorded. A card that
    /// came after that release is given as it came; [`Card::released_by`] says whether it
    /// had.
    pub fn as_of(&self, release: u16) -> &Card {
        self.history.iter().find(|v| release < v.until).map_or(self, |v| &v.card)
    }

    /// Whether the card had come out by release `release`: it names no release it came
    /// in (`since:`), or that one is `release` or an earlier one.
    pub fn released_by(&self, release: u16) -> bool {
        self.since.is_none_or(|since| since <= release)
    }

    /// Whether the card had left the set by release `release` (`until:` is that one or an
    /// earlier one).
    pub fn withdrawn_by(&self, release: u16) -> bool {
        self.until.is_some_and(|until| until <= release)
    }

    /// Whether the card is in the set as of release `release`: it had come out, had not
    /// left, and was not withdrawn then.
    pub fn in_set(&self, release: u16) -> bool {
        self.released_by(release) && !self.withdrawn_by(release) && !self.as_of(release).withdrawn
    }
}
