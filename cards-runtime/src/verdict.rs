//! The verdict on a fleet read from outside: an XWS squad ([`crate::xws`]) or an Armada
//! fleet list ([`crate::fleet_list`]). Both readers judge with this one type, and differ
//! only in what they warn about (`W`) and in why a list cannot be read (`U`).

use std::collections::BTreeSet;

use crate::violation::Violation;

/// The verdict on one list: legal, illegal with every violation, or unresolvable; the
/// warnings of reading it travel with the first two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<W, U> {
    /// Legal; the warnings of reading it.
    Legal(Vec<W>),
    /// Illegal: every violation, and the warnings of reading it.
    Illegal(Vec<Violation>, Vec<W>),
    /// It could not be read as a fleet of the set, and why.
    Unresolvable(U),
}

impl<W, U> Verdict<W, U> {
    /// `legal`, `illegal` or `unresolvable`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Verdict::Legal(_) => "legal",
            Verdict::Illegal(..) => "illegal",
            Verdict::Unresolvable(_) => "unresolvable",
        }
    }

    /// The violations (none unless illegal).
    pub fn violations(&self) -> &[Violation] {
        match self {
            Verdict::Illegal(v, _) => v,
            _ => &[],
        }
    }

    /// The distinct violation ids (none unless illegal).
    pub fn ids(&self) -> BTreeSet<String> {
        self.violations().iter().map(|v| v.id.to_string()).collect()
    }

    /// The warnings of reading the list (none when it is unresolvable).
    pub fn warnings(&self) -> &[W] {
        match self {
            Verdict::Legal(w) | Verdict::Illegal(_, w) => w,
            Verdict::Unresolvable(_) => &[],
        }
    }

    /// The exit status a command reports for it: 0 legal, 1 illegal, 2 unresolvable.
    pub fn status(&self) -> u8 {
        match self {
            Verdict::Legal(_) => 0,
            Verdict::Illegal(..) => 1,
            Verdict::Unresolvable(_) => 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accessors_follow_the_variant() {
        let violation = Violation { id: "points".into(), message: "too many".into(), ship: None, card: None };
        let illegal: Verdict<&str, ()> = Verdict::Illegal(vec![violation.clone(), violation], vec!["odd"]);
        assert_eq!((illegal.as_str(), illegal.status(), illegal.warnings()), ("illegal", 1, &["odd"][..]));
        assert_eq!(illegal.ids().into_iter().collect::<Vec<_>>(), ["points"]);
        let unresolvable: Verdict<&str, &str> = Verdict::Unresolvable("no such ship");
        assert_eq!((unresolvable.as_str(), unresolvable.status()), ("unresolvable", 2));
        assert!(unresolvable.violations().is_empty() && unresolvable.warnings().is_empty());
        assert_eq!(Verdict::<&str, ()>::Legal(vec![]).as_str(), "legal");
    }
}
