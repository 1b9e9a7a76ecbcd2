//! What xwing-data2's data looks like to the shared tolerant reader
//! ([`crate::import::tolerant`]): which keys hold numbers and lists, and how a missing
//! `xws` id is derived.

pub(super) use crate::import::tolerant::{strip_html, Notes, Reader, Shape, HTML_REMOVED};

/// A pilot, ship or upgrade without `xws`.
pub(super) const MISSING_XWS: &str = "no `xws` (derived from the name, as xwing-data2 derives it)";

/// The keys of xwing-data2's objects that hold whole numbers and lists, wherever the
/// schema uses them.
pub(super) const SHAPE: Shape = Shape {
    numbers: &["value", "recovers", "initiative", "limited", "cost", "loadout", "amount"],
    lists: &[
        "side",
        "force_side",
        "factions",
        "sizes",
        "ships",
        "arcs",
        "keywords",
        "equipped",
        "names",
        "shipAbility",
        "slots",
        "standardLoadout",
        "agility",
    ],
};

/// The xws id xwing-data2 gives a name (the XWS canonical name): lowercase, letters folded
/// to ASCII, everything but letters and digits removed.
pub(super) fn canonical_xws(name: &str) -> String {
    name.chars()
        .flat_map(|c| fold_to_ascii(c).chars().collect::<Vec<_>>())
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The closest ASCII of a letter (`é` → `e`); other characters as they are.
fn fold_to_ascii(c: char) -> String {
    let folded = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' => "a",
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' => "A",
        'ç' => "c",
        'Ç' => "C",
        'è' | 'é' | 'ê' | 'ë' | 'ē' => "e",
        'È' | 'É' | 'Ê' | 'Ë' | 'Ē' => "E",
        'ì' | 'í' | 'î' | 'ï' | 'ī' => "i",
        'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' => "I",
        'ñ' => "n",
        'Ñ' => "N",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => "o",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō' => "O",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' => "u",
        'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' => "U",
        'ý' | 'ÿ' => "y",
        'Ý' => "Y",
        'ß' => "ss",
        _ => return c.to_string(),
    };
    folded.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::tolerant::{normalise, NUMBER_AS_STRING, ONE_FOR_A_LIST};
    use serde_json::Value;

    #[test]
    fn numbers_as_strings_and_single_strings_for_lists_are_put_right() {
        let mut found = Vec::new();
        let mut notes = Notes { file: "f.json", found: &mut found };
        let mut v: Value = serde_json::from_str(
            r#"{"stats": [{"type": "hull", "value": "4"}], "force": {"side": "light"}, "grants": [{"value": "hull"}]}"#,
        )
        .unwrap();
        normalise(&mut v, "$", &SHAPE, &mut notes);
        assert_eq!(v["stats"][0]["value"], 4);
        assert_eq!(v["force"]["side"], serde_json::json!(["light"]));
        assert_eq!(v["grants"][0]["value"], "hull", "a stat name is not a number");
        let paths: Vec<(&str, &str)> = found.iter().map(|i| (i.path.as_str(), i.kind.as_str())).collect();
        assert_eq!(paths, [("$.force.side", ONE_FOR_A_LIST), ("$.stats[0].value", NUMBER_AS_STRING)]);
    }

    #[test]
    fn xws_ids_are_derived_as_the_xws_spec_says() {
        assert_eq!(canonical_xws("T-70 X-wing"), "t70xwing");
        assert_eq!(canonical_xws("\"Dutch\" Vander"), "dutchvander");
        assert_eq!(canonical_xws("Sabine Wren (TIE Fighter)"), "sabinewrentiefighter");
        assert_eq!(canonical_xws("Plo Koon"), "plokoon");
        assert_eq!(canonical_xws("Dengar’s Punishér"), "dengarspunisher");
    }
}
