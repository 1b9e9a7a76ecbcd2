//! Unit tests of the canonical layout: one input and its expected output per construct,
//! each expected text written out by hand from the layout the module docs describe.

use super::*;

fn fmt(text: &str) -> String {
    let out = format_source(text).unwrap_or_else(|e| panic!("{e}: {e:?}"));
    let again = format_source(&out).unwrap_or_else(|e| panic!("second pass: {e}: {e:?}"));
    assert_eq!(again, out, "not a fixed point");
    out
}

#[test]
fn game_line_and_vocabulary() {
    let input = "game   xw    \"X-Wing\"\nfaction   rebel \"Rebel\" ,empire   \"Empire\"\n  size small,medium\n";
    assert_eq!(fmt(input), "game xw \"X-Wing\"\nfaction rebel \"Rebel\", empire \"Empire\"\nsize small, medium\n");
}

#[test]
fn kind_and_roster_lines() {
    let input =
        "kind   hero \"Hero\"   \"Heroes\" unit ,item \"Item\"  upgrade # kinds\nroster   warband  \"Warband\"\n";
    let expected = "kind hero \"Hero\" \"Heroes\" unit, item \"Item\" upgrade  # kinds\nroster warband \"Warband\"\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn distance_lines() {
    let input = "distance   space \"Space\"\t\"Spaces\"   adjacent   1   # spaces\ndistance inch\n";
    let expected = "distance space \"Space\" \"Spaces\" adjacent 1  # spaces\ndistance inch\n";
    assert_eq!(fmt(input), expected);
    assert_eq!(fmt("distance  hex adjacent  2\n"), "distance hex adjacent 2\n");
}

#[test]
fn verb_lines() {
    // One line per `verb` line, its verbs joined by `, `, a line that goes on after a `,`
    // joined to it.
    let input = "verb   heal ,push,\n   bury   # ours\nverb cast   \"casts\"\t\"cast\"\n";
    let expected = "verb heal, push, bury  # ours\nverb cast \"casts\" \"cast\"\n";
    assert_eq!(fmt(input), expected);
    // A comment after a `,` ends the line: the verbs after it go on as a `verb` line.
    assert_eq!(fmt("verb heal, # first\n  push\n"), "verb heal  # first\nverb push\n");
}

#[test]
fn release_lines_and_values_from_a_release() {
    let input = "release   core  \"Core Set\"\t2018-09-13   wave # first\nrelease p2 \"Points\" 2019-01-04\n";
    let expected = "release core \"Core Set\" 2018-09-13 wave  # first\nrelease p2 \"Points\" 2019-01-04\n";
    assert_eq!(fmt(input), expected);
    // `from` and its release stay after the key, one space apart; a text block's too.
    let card =
        "upgrade \"X\" {\n  since:core\n  cost:2\n  cost   from\tp2 :4   # later\n  text   from   p2   {  A.  }\n}\n";
    let expected =
        "upgrade \"X\" {\n  since: core\n  cost: 2\n  cost from p2: 4  # later\n  text from p2 {\n    A.\n  }\n}\n";
    assert_eq!(fmt(card), expected);
    // A flag from a release, and a value no more from one.
    let card = "upgrade \"Y\" {\n  unique   from  p2\n  charges   from p2 :   none\n  until:p3\n}\n";
    let expected = "upgrade \"Y\" {\n  unique from p2\n  charges from p2: none\n  until: p3\n}\n";
    assert_eq!(fmt(card), expected);
}

#[test]
fn vocabulary_flags_and_continuation_lines_are_joined() {
    let input =
        "icon commander \"Commander\"   implicit,\n     officer \"Officer\"\nheader action \"Action\"  optional\n";
    assert_eq!(
        fmt(input),
        "icon commander \"Commander\" implicit, officer \"Officer\"\nheader action \"Action\" optional\n"
    );
}

#[test]
fn a_long_vocabulary_line_goes_on_with_its_keyword() {
    let entries: Vec<String> = (0..12).map(|i| format!("icon-number-{i} \"Icon {i}\"")).collect();
    let input = format!("icon {}\n", entries.join(", "));
    // "icon " and four entries of 22 characters fill 99 columns; a fifth would pass 120.
    let first = entries[..4].join(", ");
    let second = entries[4..8].join(", ");
    let third = entries[8..].join(", ");
    let expected = format!("icon {first}\nicon {second}\nicon {third}\n");
    assert!(expected.lines().all(|l| l.len() <= MAX_WIDTH), "{expected}");
    assert_eq!(fmt(&input), expected);
}

#[test]
fn a_comment_inside_a_vocabulary_list_ends_its_line() {
    let input = "faction a \"A\", # the first\n  b \"B\",\n# then\n  c \"C\"\n";
    assert_eq!(fmt(input), "faction a \"A\"  # the first\nfaction b \"B\"\n# then\nfaction c \"C\"\n");
}

#[test]
fn allow_and_flagship() {
    assert_eq!(fmt("allow   unused-icon ,opaque-clause\n"), "allow unused-icon, opaque-clause\n");
    assert_eq!(fmt("deny unused-icon # strict\n"), "deny unused-icon  # strict\n");
    assert_eq!(fmt("flagship :   ship  with   commander\n"), "flagship: ship with commander\n");
}

#[test]
fn rules_put_the_constraint_on_the_next_line() {
    let input = "rule one-title \"One title\":   at   most 1 upgrade with icon title per ship\nrule u \"U\":\n\n   unique names\n per fleet\n";
    let expected = "rule one-title \"One title\":\n  at most 1 upgrade with icon title per ship\nrule u \"U\":\n  unique names per fleet\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn rule_conditions_space_their_punctuation() {
    let input = "rule d \"D\":\n  at least 1 part with drive per blueprint where class a ,b and ( not class c )\n";
    let expected = "rule d \"D\":\n  at least 1 part with drive per blueprint where class a, b and (not class c)\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn a_long_rule_breaks_before_where() {
    let classes: Vec<String> = (0..12).map(|i| format!("class-{i}")).collect();
    let input = format!("rule d \"D\": at least 1 part with drive per blueprint where class {}\n", classes.join(", "));
    let expected =
        format!("rule d \"D\":\n  at least 1 part with drive per blueprint\n    where class {}\n", classes.join(", "));
    assert_eq!(fmt(&input), expected);
}

#[test]
fn comments_in_rules_stay_where_they_are() {
    let input = "rule r \"R\": # why\n  # before\n  at most 1 upgrade # count\n  per ship  # scope\n";
    let expected = "rule r \"R\":  # why\n  # before\n  at most 1 upgrade  # count\n    per ship  # scope\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn a_card_gets_one_field_line_per_written_line() {
    let input =
        "ship \"Darth Vader\"   as vader{\n\n    chassis:tie\n  attack: 2    agility: 3\n\tcost :68\n  unique\n\n}\n";
    let expected =
        "ship \"Darth Vader\" as vader {\n  chassis: tie\n  attack: 2  agility: 3\n  cost: 68\n  unique\n}\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn blank_lines_between_fields_are_kept_one_for_a_run() {
    let input = "ship \"A\" {\n  cost: 1\n\n\n  xws: \"a\"\n}\n";
    assert_eq!(fmt(input), "ship \"A\" {\n  cost: 1\n\n  xws: \"a\"\n}\n");
}

#[test]
fn a_card_on_one_line_stays_on_one_line() {
    let input = "part \"Fusion Drive\"{drive initiative:2 movement: 2   energy: -2 tech:fusion-drive}\n";
    assert_eq!(
        fmt(input),
        "part \"Fusion Drive\" { drive  initiative: 2  movement: 2  energy: -2  tech: fusion-drive }\n"
    );
    assert_eq!(fmt("part \"Hull\" {  }\n"), "part \"Hull\" {}\n");
    assert_eq!(fmt("part \"Hull\" {\n}\n"), "part \"Hull\" {}\n");
}

#[test]
fn one_line_cards_keep_their_grouping_and_blank_lines() {
    let input = "part \"A\" { hull: 1 }\npart \"B\" { hull: 2 }\n\n\npart \"C\" { hull: 3 }\n";
    assert_eq!(fmt(input), "part \"A\" { hull: 1 }\npart \"B\" { hull: 2 }\n\npart \"C\" { hull: 3 }\n");
}

#[test]
fn a_tall_card_is_set_apart_by_a_blank_line() {
    let input = "game g \"G\"\nship \"A\" {\n  cost: 1\n}\nship \"B\" {\n  cost: 2\n}\npart \"C\" { hull: 3 }\n";
    let expected =
        "game g \"G\"\n\nship \"A\" {\n  cost: 1\n}\n\nship \"B\" {\n  cost: 2\n}\n\npart \"C\" { hull: 3 }\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn cards_and_field_lines_too_long_for_the_width_are_broken() {
    let (name, xws) = ("N".repeat(60), "x".repeat(60));
    let input = format!("upgrade \"{name}\" {{ cost: 1  xws: \"{xws}\" }}\n");
    let expected = format!("upgrade \"{name}\" {{\n  cost: 1  xws: \"{xws}\"\n}}\n");
    assert_eq!(fmt(&input), expected);
    let xws = "x".repeat(110);
    let input = format!("ship \"A\" {{\n  cost: 1  xws: \"{xws}\"  # why\n}}\n");
    let expected = format!("ship \"A\" {{\n  cost: 1\n  xws: \"{xws}\"  # why\n}}\n");
    assert_eq!(fmt(&input), expected);
}

#[test]
fn values_lists_and_restrictions() {
    let input = "upgrade \"X\" {\n  icons: a+b\n  upgrades: a ,b,  c\n  requires: faction f or(action boost and not size large)\n  cost: by agility 0=1, 1 = 2\n  actions: focus>red boost\n  charges: 2  recurring\n}\n";
    let expected = "upgrade \"X\" {\n  icons: a + b\n  upgrades: a, b, c\n  requires: faction f or (action boost and not size large)\n  cost: by agility 0 = 1, 1 = 2\n  actions: focus > red boost\n  charges: 2 recurring\n}\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn strings_are_kept_as_written() {
    let input = "upgrade \"GNK \\\"Gonk\\\" “Droid”\" {\n  xws:   \"a  b\"\n}\n";
    assert_eq!(fmt(input), "upgrade \"GNK \\\"Gonk\\\" “Droid”\" {\n  xws: \"a  b\"\n}\n");
}

#[test]
fn text_blocks_are_reindented_not_rewrapped() {
    let input = "ship \"A\" {\n  unique  text {   Setup: Lose 1 [Charge].   \n\t\tAction: Spend 1 [Charge] to recover 1 shield.\n\n\n      Then # not a comment.\n}\n}\n";
    let expected = "ship \"A\" {\n  unique\n  text {\n    Setup: Lose 1 [Charge].\n    Action: Spend 1 [Charge] to recover 1 shield.\n\n    Then # not a comment.\n  }\n}\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn one_line_text_blocks_and_abilities_open_their_own_lines() {
    let input = "chassis \"C\" { text{Foo bar.} ability   \"Adv\"{ Baz. } size: small }\n";
    let expected =
        "chassis \"C\" {\n  text {\n    Foo bar.\n  }\n  ability \"Adv\" {\n    Baz.\n  }\n  size: small\n}\n";
    assert_eq!(fmt(input), expected);
    assert_eq!(fmt("ship \"A\" {\n  text {  }\n}\n"), "ship \"A\" {\n  text {}\n}\n");
}

#[test]
fn comments_in_every_place_of_a_card() {
    let input = "# about A\n\n# right above A\nship \"A\" { # head\n  # before cost\n  cost: 1 # cost\n\n  # before text\n  text {\n    Foo.\n  } # after text\n  # last inside\n} # after card\n# before B\nship \"B\" {\n  cost: 2 }  # closing\n# the end\n";
    let expected = "# about A\n\n# right above A\nship \"A\" {  # head\n  # before cost\n  cost: 1  # cost\n\n  # before text\n  text {\n    Foo.\n  }  # after text\n  # last inside\n}  # after card\n\n# before B\nship \"B\" {\n  cost: 2\n}  # closing\n# the end\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn comments_inside_an_empty_card() {
    assert_eq!(fmt("ship \"A\" { # note\n}\n"), "ship \"A\" {  # note\n}\n");
    assert_eq!(fmt("ship \"A\" {\n  # later\n}\n"), "ship \"A\" {\n  # later\n}\n");
    assert_eq!(fmt("part \"A\" { hull: 1 } # c\n"), "part \"A\" { hull: 1 }  # c\n");
}

#[test]
fn trailing_blanks_crlf_and_the_final_line_break() {
    assert_eq!(fmt("\n\n game g \"G\"   \r\n\r\n\r\nsize s\r\n\n\n"), "game g \"G\"\n\nsize s\n");
    assert_eq!(fmt("game g \"G\""), "game g \"G\"\n");
}

#[test]
fn a_file_of_comments_or_nothing() {
    assert_eq!(fmt("  # only a comment   \n\n\n# and another\n"), "# only a comment\n\n# and another\n");
    assert_eq!(fmt(""), "");
    assert_eq!(fmt("\n \n"), "");
}

#[test]
fn a_file_that_does_not_parse_gives_its_diagnostics() {
    for broken in ["upgrade \"A\" {\n  cost: 1 ]\n}\n", "upgrade \"A {\n}\n", "ship \"A\" {\n  cost: 1\n", "size a,\n"]
    {
        match format_source(broken) {
            Err(FormatError::Syntax(d)) => assert!(!d.is_empty(), "{broken:?}"),
            other => panic!("{broken:?}: {other:?}"),
        }
    }
}

#[test]
fn tokens_join_with_their_punctuation() {
    assert_eq!(print::join_tokens(&["a", ",", "b", "(", "c", ")", "+", "d"]), "a, b (c) + d");
}

#[test]
fn diff_names_the_file_and_shows_both_sides() {
    let d = unified_diff("x.cards", "a\nb\n", "a\nc\n");
    assert_eq!(d, "--- x.cards\n+++ x.cards\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
    assert_eq!(unified_diff("x.cards", "a\n", "a\n"), "");
}

#[test]
fn write_atomic_replaces_the_file_and_leaves_no_temporary() {
    let dir = std::env::temp_dir().join(format!("cardc-fmt-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.cards");
    std::fs::write(&file, "old").unwrap();
    write_atomic(&file, "new\n").unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "new\n");
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["a.cards"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn comments_inside_a_rule_head_or_its_quantity_are_kept() {
    let input = "rule # a\n  one \"One\":\n  at # b\n  most 1 upgrade per ship\n";
    let expected = "rule  # a\n    one \"One\":\n  at most  # b\n    1 upgrade per ship\n";
    assert_eq!(fmt(input), expected);
}

#[test]
fn a_comment_after_a_quantity_that_holds_one_goes_on_its_own_line() {
    // `at # why` / `most # n`: the first comment trails `at most`; the second cannot trail
    // it too, and stands on a line of its own before what follows.
    let input = "rule r \"R\":\n  at # why\n  most # n\n  1 upgrade per ship\n";
    let expected = "rule r \"R\":\n  at most  # why\n    # n\n    1 upgrade per ship\n";
    assert_eq!(fmt(input), expected);
}

/// A document as the language server keeps it: the items its last parse or formatting
/// kept, and how many items have been read with the grammar in all.
#[derive(Default)]
struct Doc {
    kept: Reuse,
    read: usize,
}

impl Doc {
    fn format(&mut self, text: &str) -> Result<String, FormatError> {
        let (result, kept) = format_reusing(text, &self.kept);
        self.read += kept.read();
        self.kept = kept;
        result
    }

    /// Formats a text that parses: what a format from nothing gives.
    fn formatted(&mut self, text: &str) -> String {
        let out = self.format(text).unwrap_or_else(|e| panic!("{e}: {e:?}"));
        assert_eq!(out, fmt(text), "the same as a format from nothing");
        out
    }

    /// Parses a text as a check does after an edit.
    fn check(&mut self, text: &str) {
        let (_, _, kept) = crate::syntax::parse_file_reusing(0, text, &self.kept);
        self.read += kept.read();
        self.kept = kept;
    }
}

/// Formatting again after an edit reads with the grammar only the items whose text
/// changed, and gives what a fresh format gives.
#[test]
fn formatting_again_after_an_edit_reads_only_the_items_it_changed() {
    let text = "upgrade \"A\" {\n  cost: 1\n}\n\nupgrade \"B\" {\n  cost: 2\n}\n\nupgrade \"C\" {\n  cost: 3\n}\n";
    let mut doc = Doc::default();
    assert_eq!(doc.formatted(text), text, "formatted already");
    assert_eq!(doc.read, 3, "each item read once");
    assert_eq!(doc.formatted(text), text);
    assert_eq!(doc.read, 3, "nothing changed, nothing read");
    let edited = text.replace("cost: 2", "cost: 5");
    doc.formatted(&edited);
    assert_eq!(doc.read, 4, "the edited item, and only it");
    // Laid out badly: the item as written is read; as formatted, it was read before.
    let messy = edited.replace("upgrade \"C\" {\n  cost: 3\n}", "upgrade   \"C\" {\ncost:    3\n}");
    let out = doc.formatted(&messy);
    assert_eq!(out, edited);
    assert_eq!(doc.read, 5, "the messy item; its formatted text was read before");
    doc.formatted(&out);
    assert_eq!(doc.read, 5);
    // While the text has a syntax error nothing is formatted; the items around the error
    // are kept.
    let broken = out.replace("cost: 5", "cost: 5 {");
    assert!(matches!(doc.format(&broken), Err(FormatError::Syntax(_))));
    assert_eq!(doc.read, 6, "the broken item");
    doc.formatted(&out);
    assert_eq!(doc.read, 7, "the item mended, and only it");
}

/// The parse a check makes is the one formatting reads from: after a check, formatting a
/// text reads no item of it with the grammar, only the items the layout changed; and the
/// check that follows the formatting reads nothing.
#[test]
fn formatting_reads_no_item_the_check_read() {
    let text = "upgrade \"A\" {\n  cost: 1\n}\n\nupgrade   \"B\" {\ncost:    2\n}\n";
    let mut doc = Doc::default();
    doc.check(text);
    assert_eq!(doc.read, 2, "the check reads each item");
    let out = doc.formatted(text);
    assert_eq!(doc.read, 3, "the one item the layout changed, as laid out");
    doc.check(&out);
    assert_eq!(doc.read, 3, "the check after the formatting reads nothing");
}

/// An item taken from an earlier parse is placed where it now stands: its tokens, comments
/// and the comments inside `at most` at its new offset, after the tokens of the items now
/// before it.
#[test]
fn items_taken_from_the_cache_are_placed_where_they_now_stand() {
    let rule = "# the rule\nrule r \"R\":\n  at # why\n  most # n\n  1 upgrade per ship\n";
    let card = "upgrade \"A\" {  # trailing\n  cost: 1\n}\n";
    let other = "upgrade \"B\" {\n  cost: 2\n}\n";
    let mut doc = Doc::default();
    for text in [format!("{rule}\n{card}\n{other}"), format!("{other}\n{card}\n{rule}"), format!("{card}\n{rule}")] {
        doc.formatted(&text);
    }
    assert!(doc.read < 9, "items were taken from the cache ({} read)", doc.read);
}
