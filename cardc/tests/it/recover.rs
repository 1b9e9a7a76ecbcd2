//! Diagnostics that recover: each common mistake, made in a copy of the X-Wing set, gives
//! one error at the mistake, in the user's words, with the fix when it is certain; and
//! `cardc check --fix` applies the certain fixes and nothing else.

use crate::common;

use std::path::Path;

use cardc::diagnostics::Applicability;
use cardc::{Diagnostic, SourceMap};

/// The X-Wing set's files: name and text.
fn xwing() -> Vec<(String, String)> {
    common::shipped_files("xwing")
}

use common::{mutate, write_set};

/// Checks a set held in memory.
fn check(files: &[(String, String)]) -> (SourceMap, cardc::Checked) {
    common::check_in_memory("set", files)
}

/// The 1-based line and column of `needle` (its `at`-th byte) in `text`, counted by hand
/// from the text the test wrote.
fn position(text: &str, needle: &str, at: usize) -> (usize, usize) {
    let offset = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not found")) + at;
    let line = text[..offset].matches('\n').count() + 1;
    let column = text[..offset].rsplit('\n').next().unwrap().chars().count() + 1;
    (line, column)
}

/// The only diagnostic, with the file it points into.
fn only(sources: &SourceMap, checked: &cardc::Checked) -> Diagnostic {
    let all: Vec<String> = checked.diagnostics.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
    assert_eq!(all.len(), 1, "expected one diagnostic, got {all:#?}");
    let d = checked.diagnostics[0].clone();
    assert!(d.primary().is_some_and(|l| (l.file as usize) < sources.len()));
    d
}

/// Where the primary label of `d` starts, and the text it covers.
fn primary(sources: &SourceMap, d: &Diagnostic) -> ((usize, usize), String) {
    let l = d.primary().unwrap();
    let file = sources.file(l.file);
    (file.line_col(l.span.start as usize), file.slice(l.span).to_string())
}

/// Each fix: its applicability, the text each edit replaces and its replacement.
fn fixes(sources: &SourceMap, d: &Diagnostic) -> Vec<(Applicability, Vec<(String, String)>)> {
    d.fixes
        .iter()
        .map(|f| {
            let edits = f
                .edits
                .iter()
                .map(|e| (sources.file(e.file).slice(e.span).to_string(), e.replacement.clone()))
                .collect();
            (f.applicability, edits)
        })
        .collect()
}

/// A file of one broken line, parsed: one syntax error, its primary label on `at`.
fn one_syntax_error_at(text: &str, at: &str) -> cardc::ast::File {
    let (file, diagnostics) = cardc::syntax::parse_file(0, text);
    let all: Vec<String> = diagnostics.iter().map(|d| format!("{} {}", d.code.id, d.message)).collect();
    assert_eq!(all.len(), 1, "{text:?}: {all:#?}");
    assert_eq!(diagnostics[0].code.id, "E0001", "{text:?}");
    let label = diagnostics[0].primary().unwrap();
    assert_eq!(&text[label.span.range()], at, "{text:?}: {all:?}");
    file
}

fn text_of<'a>(files: &'a [(String, String)], name: &str) -> &'a str {
    &files.iter().find(|(n, _)| n == name).unwrap().1
}

const SENSOR_LINE: &str =
    "icon sensor \"Sensor\", talent \"Talent\", tech \"Tech\", title \"Title\", torpedo \"Torpedo\", turret \"Turret\"";

#[test]
fn trailing_comma_in_a_vocabulary_line() {
    let with_comma = format!("{SENSOR_LINE},");
    let files = mutate(xwing(), "game.cards", SENSOR_LINE, &with_comma);
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0001", "the `icon` line ends with `,`"));
    let (at, text) = primary(&sources, &d);
    assert_eq!(at, position(text_of(&files, "game.cards"), &with_comma, SENSOR_LINE.len()));
    assert_eq!(text, ",");
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![(",".into(), String::new())])]);
    assert_eq!(d.help.as_deref(), Some("remove the `,`"));
}

/// `upgrades: …, force-power,`: the `,` that ends the list, not an entry that is missing.
#[test]
fn trailing_comma_in_a_field_list() {
    let list = "upgrades: sensor, missile, modification, force-power";
    let files = mutate(xwing(), "pilots.cards", list, &format!("{list},"));
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0203", "`upgrades` ends with `,`"));
    let (at, text) = primary(&sources, &d);
    assert_eq!(at, position(text_of(&files, "pilots.cards"), list, list.len()));
    assert_eq!(text, ",");
    assert_eq!(d.labels[0].message, "no entry follows this `,`");
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![(",".into(), String::new())])]);
    // The list is read without it: the pilot keeps its four slots.
    let vader = checked.model().unwrap().cards.iter().find(|c| &*c.name == "Darth Vader").unwrap().clone();
    assert_eq!(vader.upgrades.len(), 4, "{:?}", vader.upgrades);
}

/// `actions: focus, lock, boost, rotate-arc,`: a list whose entries are several words ends
/// with `,` as a list of names does, and is read without it.
#[test]
fn trailing_comma_in_a_list_of_actions() {
    let list = "actions: focus, lock, boost, rotate-arc";
    let files = mutate(xwing(), "chassis.cards", list, &format!("{list},"));
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0203", "`actions` ends with `,`"));
    let (at, text) = primary(&sources, &d);
    assert_eq!(at, position(text_of(&files, "chassis.cards"), list, list.len()));
    assert_eq!(text, ",");
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![(",".into(), String::new())])]);
    // The bar is read without it: four actions.
    let model = checked.model().unwrap();
    let chassis = model.cards.iter().find(|c| c.actions.len() == 4).map(|c| c.actions.len());
    assert_eq!(chassis, Some(4));
}

/// `upgrade “Jyn Erso” {`, pasted from a word processor: one error at the first quote,
/// and a fix that straightens both; the card is read, so nothing else is reported.
#[test]
fn typographic_quotes_around_a_card_name() {
    let files = mutate(xwing(), "upgrades.cards", "upgrade \"Jyn Erso\"", "upgrade \u{201c}Jyn Erso\u{201d}");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0001", "expected a string, found the typographic quote `\u{201c}`"));
    let (at, text) = primary(&sources, &d);
    assert_eq!(at, position(text_of(&files, "upgrades.cards"), "upgrade \u{201c}Jyn Erso", "upgrade ".len()));
    assert_eq!(text, "\u{201c}");
    assert_eq!(d.help.as_deref(), Some("use straight quotes: `\"`"));
    let edits = vec![("\u{201c}".into(), "\"".into()), ("\u{201d}".into(), "\"".into())];
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, edits)]);
    assert_eq!(checked.cards, check(&xwing()).1.cards, "the card is counted");
    // Quotes in ability text are the text's own: the fix straightens the name's only.
    let name = "  ability \"Advanced Targeting Computer\" {";
    let curly = "  ability \u{201c}Advanced Targeting Computer\u{201d} { Gain a \u{201c}focus\u{201d} token.";
    let files = mutate(xwing(), "chassis.cards", name, curly);
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    let edits = vec![("\u{201c}".into(), "\"".into()), ("\u{201d}".into(), "\"".into())];
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, edits)]);
    assert_eq!(primary(&sources, &d).0, position(text_of(&files, "chassis.cards"), curly, "  ability ".len()));
    // A mistake after the straightened quotes is found where it is written.
    let head = "chassis \"TIE Advanced x1\" {";
    let curly = "chassis \u{201c}TIE Advanced x1\u{201d} as Bad_Id {";
    let files = mutate(xwing(), "chassis.cards", head, curly);
    let (sources, checked) = check(&files);
    let after: Vec<String> = checked
        .diagnostics
        .iter()
        .filter(|d| !d.message.contains("typographic"))
        .map(|d| primary(&sources, d).1)
        .collect();
    assert!(after.first().is_some_and(|t| t.starts_with("Bad_Id")), "{:#?}", checked.diagnostics);
}

/// `size: 2`: what the field takes, and the sizes the game declares.
#[test]
fn a_number_where_a_size_belongs_lists_the_sizes() {
    let files = mutate(xwing(), "chassis.cards", "size: small", "size: 2");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0203", "`size` expects an identifier, found number `2`"));
    assert_eq!(primary(&sources, &d).1, "2");
    assert_eq!(d.help.as_deref(), Some("the game's size classes are `small`, `medium`, `large` or `huge`"));
}

/// `cost: five`: a number in digits, with the fix that writes it so.
#[test]
fn a_number_written_as_a_word() {
    let files = mutate(xwing(), "upgrades.cards", "  cost: 2\n", "  cost: two\n");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0203", "`cost` expects a number, found identifier `two`"));
    assert_eq!(primary(&sources, &d).1, "two");
    assert_eq!(d.help.as_deref(), Some("write it in digits: `2`"));
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![("two".into(), "2".into())])]);
}

/// `hero "Aria" {` in a game with no heroes: the word is named as no card kind of the
/// game, with the kinds there are and how to declare one, rather than a list of every
/// keyword.
#[test]
fn a_card_of_no_kind_names_the_kinds() {
    let files = mutate(xwing(), "upgrades.cards", "upgrade \"Jyn Erso\"", "hero \"Jyn Erso\"");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0109", "`hero` is not a card kind of this game"));
    assert_eq!(primary(&sources, &d).1, "hero");
    assert_eq!(
        d.help.as_deref(),
        Some(
            "the game's card kinds are `chassis`, `ship`, `upgrade`, `part`, `blueprint` or `species`; \
             or declare it in `game.cards`: `kind hero \"…\" <role>`"
        )
    );
    // The same for a card after others in its file.
    let files = mutate(xwing(), "upgrades.cards", "upgrade \"Evasion Protocol\"", "hero \"Evasion Protocol\"");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!(
        (d.message.as_str(), primary(&sources, &d).1.as_str()),
        ("`hero` is not a card kind of this game", "hero")
    );
    assert_eq!(checked.cards, check(&xwing()).1.cards - 1, "every other card is read");
    // Misspelt, it is read as the kind meant, and counted.
    let files = mutate(xwing(), "upgrades.cards", "upgrade \"Jyn Erso\"", "upgarde \"Jyn Erso\"");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!(
        (d.message.as_str(), primary(&sources, &d).1.as_str()),
        ("`upgarde` is not a card kind of this game", "upgarde")
    );
    assert_eq!(d.help.as_deref(), Some("did you mean `upgrade`?"));
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![("upgarde".into(), "upgrade".into())])]);
    assert_eq!(checked.cards, check(&xwing()).1.cards, "the card is counted");
}

/// Cards written before `game.cards`: one error, the missing game, whose help is the
/// `game.cards` they need; an error the missing game does not explain is still reported.
#[test]
fn cards_before_their_game_give_one_error_that_says_what_the_game_needs() {
    let cards: Vec<(String, String)> = xwing().into_iter().filter(|(name, _)| name != "game.cards").collect();
    let (_, checked) = check(&cards);
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code.id).collect();
    assert_eq!(codes, ["E0101"]);
    let help = checked.diagnostics[0].help.clone().unwrap_or_default();
    // The cards' factions, as `pilots.cards` and `upgrades.cards` write them.
    assert!(help.contains("\n    faction galactic-empire, rebel-alliance, scum-and-villainy"), "{help}");
    assert!(help.contains("\n    game my-game \"My Game\""), "{help}");
    assert!(help.lines().last().is_some_and(|l| l.ends_with("follow from it and are not shown)")), "{help}");
    // The game it suggests declares every name the cards use but those ability text puts in
    // brackets with no kind to tell, which it lists.
    common::check_with_suggested_game("set", &cards, &help);
    // A chassis no card declares is not the game's to declare.
    let broken = mutate(cards, "pilots.cards", "chassis: tie-advanced-x1", "chassis: tie-advanced-x9");
    let (_, checked) = check(&broken);
    let codes: Vec<&str> = checked.diagnostics.iter().map(|d| d.code.id).collect();
    assert_eq!(codes, ["E0101", "E0106"]);
}

#[test]
fn unclosed_string_on_the_game_line() {
    let game = "game xwing \"Star Wars: X-Wing (Second Edition)\"";
    let open = "game xwing \"Star Wars: X-Wing (Second Edition)";
    let files = mutate(xwing(), "game.cards", game, open);
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0003", "unterminated string"));
    let (at, text) = primary(&sources, &d);
    assert_eq!(at, position(text_of(&files, "game.cards"), open, "game xwing ".len()));
    assert_eq!(text, "\"Star Wars: X-Wing (Second Edition)");
    // Where the string ends is a guess: shown, not applied.
    assert_eq!(fixes(&sources, &d), [(Applicability::MaybeIncorrect, vec![(String::new(), "\"".into())])]);
    // The game is still declared, with the name up to the end of the line.
    assert_eq!(&*checked.model().unwrap().name, "Star Wars: X-Wing (Second Edition)");
}

#[test]
fn display_name_where_an_id_belongs() {
    let files = vec![
        (
            "game.cards".to_string(),
            "game demo \"Demo\"\nfaction solar \"Solar Alliance\", union \"Solar Union\"\nsize small\n".to_string(),
        ),
        ("ships.cards".to_string(), "chassis \"Scout\" {\n  faction: Solar Union\n  size: small\n}\n".to_string()),
    ];
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0105", "unknown faction `Solar Union`"));
    assert_eq!(primary(&sources, &d), ((2, 12), "Solar Union".to_string()));
    assert_eq!(d.help.as_deref(), Some("`Solar Union` is the name of `union`; write its id"));
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![("Solar Union".into(), "union".into())])]);

    // Quoted, in a list.
    let quoted = files[1].1.replace("faction: Solar Union", "faction: solar, \"Solar Union\"");
    let (sources, checked) = check(&[files[0].clone(), ("ships.cards".to_string(), quoted)]);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0105", "`faction` takes a faction id, not a name"));
    assert_eq!(primary(&sources, &d), ((2, 19), "\"Solar Union\"".to_string()));
    assert_eq!(
        fixes(&sources, &d),
        [(Applicability::MachineApplicable, vec![("\"Solar Union\"".into(), "union".into())])]
    );

    // In the X-Wing set, the display name of `rebel-alliance`.
    let files = mutate(xwing(), "chassis.cards", "faction: rebel-alliance", "faction: Rebel Alliance");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0105", "unknown faction `Rebel Alliance`"));
    let expected = position(text_of(&files, "chassis.cards"), "faction: Rebel Alliance", "faction: ".len());
    assert_eq!(primary(&sources, &d), (expected, "Rebel Alliance".to_string()));
    assert_eq!(
        fixes(&sources, &d),
        [(Applicability::MachineApplicable, vec![("Rebel Alliance".into(), "rebel-alliance".into())])]
    );
}

#[test]
fn traits_for_trait_in_the_game() {
    let files = mutate(xwing(), "game.cards", "trait tie \"TIE\"", "traits tie \"TIE\"");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0001", "expected an item, found `traits`"));
    let expected = position(text_of(&files, "game.cards"), "traits tie", 0);
    assert_eq!(primary(&sources, &d), (expected, "traits".to_string()));
    assert_eq!(d.help.as_deref(), Some("did you mean `trait`?"));
    assert_eq!(fixes(&sources, &d), [(Applicability::MachineApplicable, vec![("traits".into(), "trait".into())])]);
}

#[test]
fn unknown_field_gets_the_fields_of_its_card_kind() {
    // No field of a ship is like `pilot_skill` (X-Wing calls it initiative): the fields are
    // listed, nothing is guessed, and the underscore is not "fixed" into `-skill`.
    let files = mutate(xwing(), "pilots.cards", "  initiative: 6\n", "  pilot_skill: 6\n");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0201", "unknown field `pilot_skill`"));
    let expected = position(text_of(&files, "pilots.cards"), "pilot_skill", 0);
    assert_eq!(primary(&sources, &d), (expected, "pilot_skill".to_string()));
    assert!(d.fixes.is_empty());
    let help = d.help.unwrap();
    assert!(help.starts_with("the fields of a ship are faction, cost,"), "{help}");
    assert!(help.contains("initiative") && !help.contains("-skill"), "{help}");

    // A field written in another case, or misspelt: certain.
    for (written, meant) in [("Initiative", "initiative"), ("upgardes", "upgrades"), ("pilot_skill", "skill")] {
        let mut files = mutate(xwing(), "pilots.cards", "  initiative: 6\n", &format!("  {written}: 6\n"));
        if meant == "skill" {
            files = mutate(
                files,
                "game.cards",
                "stat attack, agility, hull, shields, initiative",
                "stat attack, agility, hull, shields, initiative, skill",
            );
        }
        let (sources, checked) = check(&files);
        let d = only(&sources, &checked);
        assert_eq!(d.message, format!("unknown field `{written}`"));
        let certain = if meant == "skill" { Applicability::MaybeIncorrect } else { Applicability::MachineApplicable };
        assert_eq!(fixes(&sources, &d), [(certain, vec![(written.into(), meant.into())])], "{written}");
    }
}

#[test]
fn missing_brace_of_a_text_block() {
    let text = "    After you perform an action, you may spend 1 [Force] to perform an action.\n  }\n";
    let files = mutate(
        xwing(),
        "pilots.cards",
        text,
        "    After you perform an action, you may spend 1 [Force] to perform an action.\n",
    );
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, d.message.as_str()), ("E0002", "unclosed `text` block"));
    let pilots = text_of(&files, "pilots.cards");
    let vader = pilots.find("ship \"Darth Vader\"").unwrap();
    let text_open = vader + pilots[vader..].find("text {").unwrap();
    let (at, brace) = primary(&sources, &d);
    assert_eq!(at, position(pilots, &pilots[text_open..text_open + 6], 5));
    assert_eq!(brace, "{");
    assert_eq!(d.labels[1].message, "so this `}` ends the `text` block, not the card");
    // The rest of Darth Vader (his text included) and the next card are read.
    let model = checked.model().unwrap();
    let card = model.cards.iter().find(|c| &*c.name == "Darth Vader").unwrap();
    assert!(card.text.as_deref().is_some_and(|t| t.starts_with("After you perform an action")));
    assert_eq!(fixes(&sources, &d), [(Applicability::MaybeIncorrect, vec![(String::new(), "  }\n".into())])]);
}

#[test]
fn a_broken_line_does_not_hide_what_it_declares() {
    // A missing comma: the line is an error, its entries are still declared.
    let files = mutate(xwing(), "game.cards", "icon sensor \"Sensor\", talent", "icon sensor \"Sensor\" talent");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!(d.code.id, "E0001");
    assert_eq!(primary(&sources, &d).1, "talent");

    // A game line without its id: one syntax error, and the set still has its game.
    let files = mutate(xwing(), "game.cards", "game xwing \"Star", "game \"Star");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!(d.code.id, "E0001");

    // An id in capitals: one error (with the kebab-case id as a guess), not one per use.
    let files = mutate(xwing(), "game.cards", "icon sensor \"Sensor\"", "icon Sensor \"Sensor\"");
    let (sources, checked) = check(&files);
    let d = only(&sources, &checked);
    assert_eq!((d.code.id, primary(&sources, &d).1.as_str()), ("E0001", "Sensor"));
}

/// A broken `distance` line is one syntax error, and what it declares is still read: its
/// word, its names and how far `adjacent` is, when a number follows it.
#[test]
fn a_broken_distance_line_still_declares_the_distance() {
    use cardc::ast::Item;
    let cases = [
        ("distance space \"Space\" \"Spaces\" adjacent 1 ,\n", ",", Some(1)),
        ("distance space \"Space\" \"Spaces\" \"Squares\" adjacent 1\n", "\"", Some(1)),
        ("distance space \"Space\" \"Spaces\" adjacent one\n", "one", None),
        ("distance space \"Space\" \"Spaces\" adjacent\n", "", None),
    ];
    for (text, at, adjacent) in cases {
        let file = one_syntax_error_at(text, at);
        let [Item::Distance(d)] = &file.items[..] else { panic!("{text:?}: {:#?}", file.items) };
        assert_eq!(d.id.text, "space");
        assert_eq!(d.display.as_ref().map(|s| s.value.as_str()), Some("Space"));
        assert_eq!(d.plural.as_ref().map(|s| s.value.as_str()), Some("Spaces"));
        assert_eq!(d.adjacent.map(|n| n.value), adjacent, "{text:?}");
        assert_eq!(&text[d.span.range()], text.trim_end(), "{text:?}");
    }
    // `adjacent` without a number says what it wants: a number (its sign is part of it).
    let (_, diagnostics) = cardc::syntax::parse_file(0, "distance space adjacent one\n");
    assert_eq!(diagnostics[0].message, "expected a number, found `one`");
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn check_fix_applies_the_certain_fixes() {
    let clean = xwing();
    let mut files = mutate(clean.clone(), "game.cards", "trait tie \"TIE\"", "traits tie \"TIE\"");
    files = mutate(files, "game.cards", SENSOR_LINE, &format!("{SENSOR_LINE},"));
    files = mutate(files, "chassis.cards", "faction: rebel-alliance", "faction: Rebel Alliance");
    files = mutate(files, "pilots.cards", "upgrades: talent, sensor", "upgardes: talent, sensor");
    files = mutate(files, "pilots.cards", "chassis: t-65-x-wing", "chassis: T-65 X-wing");
    let dir = write_set(&files);
    let path = dir.path().to_str().unwrap();
    let out = common::cardc(&["check", "--fix", path]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 0, "{stderr}");
    assert!(stderr.trim_end().ends_with("fixed 5 problems in 3 files"), "{stderr}");
    for (name, text) in &clean {
        assert_eq!(&read(dir.path(), name), text, "{name} is not as it was written");
    }
    // No temporary file is left behind.
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), clean.len(), "{left:?}");
}

#[test]
fn check_fix_leaves_what_is_not_certain() {
    let mut files = mutate(xwing(), "pilots.cards", "  initiative: 6\n", "  pilot_skill: 6\n");
    let game = "game xwing \"Star Wars: X-Wing (Second Edition)\"";
    files = mutate(files, "game.cards", game, &game[..game.len() - 1]);
    files = mutate(files, "upgrades.cards", "icon: crew", "icon: Crew");
    let dir = write_set(&files);
    let out = common::cardc(&["check", "--fix", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 1, "{stderr}");
    assert!(stderr.trim_end().ends_with("fixed 1 problem in 1 file"), "{stderr}");
    assert!(stderr.contains("unknown field `pilot_skill`") && stderr.contains("unterminated string"), "{stderr}");
    assert_eq!(read(dir.path(), "pilots.cards"), text_of(&files, "pilots.cards"));
    assert_eq!(read(dir.path(), "game.cards"), text_of(&files, "game.cards"));
    assert_eq!(read(dir.path(), "upgrades.cards"), text_of(&xwing(), "upgrades.cards"));
}

#[test]
fn check_fix_applies_every_kind_of_certain_fix() {
    let clean = xwing();
    let mut files = mutate(clean.clone(), "game.cards", "allow unused-icon", "allow unused-icons");
    // A marker on an entry whose kind takes none: removed with the blank before it.
    files = mutate(files, "game.cards", "trait tie \"TIE\"", "trait tie \"TIE\" implicit");
    files = mutate(files, "pilots.cards", "spend 1 [Force]", "spend 1 [Forse]");
    files = mutate(files, "pilots.cards", "upgrades: force-power, torpedo", "upgrades: force-power,, torpedo");
    files = mutate(files, "upgrades.cards", "  cost: 2\n", "  cost 2\n");
    files = mutate(files, "chassis.cards", "size: small", "size: Small");
    files = mutate(files, "pilots.cards", "modification, force-power", "modification, force-power,");
    files = mutate(files, "upgrades.cards", "upgrade \"Jyn Erso\"", "upgrade \u{201c}Jyn Erso\u{201d}");
    let (sources, checked) = check(&files);
    let certain = checked.diagnostics.iter().filter(|d| d.fixes.iter().any(|f| f.is_machine_applicable())).count();
    assert_eq!(checked.diagnostics.len(), 8, "{:#?}", checked.diagnostics);
    assert_eq!(certain, 8);
    drop(sources);
    let dir = write_set(&files);
    let out = common::cardc(&["check", "--fix", dir.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(common::code(&out), 0, "{stderr}");
    assert!(stderr.trim_end().ends_with("fixed 8 problems in 4 files"), "{stderr}");
    for (name, text) in &clean {
        assert_eq!(&read(dir.path(), name), text, "{name} is not as it was written");
    }
}

#[test]
fn json_carries_the_fixes() {
    let files = mutate(xwing(), "game.cards", "trait tie \"TIE\"", "traits tie \"TIE\"");
    let dir = write_set(&files);
    let out = common::cardc(&["check", "--format", "json", dir.path().to_str().unwrap()]);
    let line = String::from_utf8_lossy(&out.stdout).lines().next().unwrap().to_string();
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    let fix = &json["fixes"][0];
    assert_eq!(fix["applicability"], "machine-applicable");
    assert_eq!(fix["message"], "did you mean `trait`?");
    let edit = &fix["edits"][0];
    assert_eq!(edit["replacement"], "trait");
    let start = text_of(&files, "game.cards").find("traits tie").unwrap();
    assert_eq!(
        (edit["span"]["start"].as_u64(), edit["span"]["end"].as_u64()),
        (Some(start as u64), Some(start as u64 + 6))
    );
}

/// A verb as a `verb` line writes it: its id and the forms written after it.
type Forms<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

fn form(s: &Option<cardc::ast::Str>) -> Option<&str> {
    s.as_ref().map(|s| s.value.as_str())
}

/// A broken `verb` line is one syntax error, and what it declares is still read: each word
/// a verb, the two strings after one its forms. A line that ends with `,` is read without
/// it.
#[test]
fn a_broken_verb_line_still_declares_its_verbs() {
    use cardc::ast::Item;
    let cases: [(&str, &str, &[Forms]); 4] = [
        (
            "verb heal, push cast \"casts\" \"cast\"\n",
            "cast",
            &[("heal", None, None), ("push", None, None), ("cast", Some("casts"), Some("cast"))],
        ),
        ("verb heal, push,\n", ",", &[("heal", None, None), ("push", None, None)]),
        // Both forms or neither: the second is missing.
        ("verb cast \"casts\", heal\n", ",", &[("cast", Some("casts"), None), ("heal", None, None)]),
        ("verb Heal, push\n", "Heal", &[("Heal", None, None), ("push", None, None)]),
    ];
    for (text, at, verbs) in cases {
        let file = one_syntax_error_at(text, at);
        let [Item::Verb(v)] = &file.items[..] else { panic!("{text:?}: {:#?}", file.items) };
        let read: Vec<(&str, Option<&str>, Option<&str>)> =
            v.entries.iter().map(|e| (e.id.text.as_str(), form(&e.third), form(&e.past))).collect();
        assert_eq!(read, verbs, "{text:?}");
        assert_eq!(&text[v.span.range()], text.trim_end(), "{text:?}");
    }
}
