use super::*;

fn parse(text: &str) -> (File, Vec<Diagnostic>) {
    parse_file(0, text)
}

fn codes(d: &[Diagnostic]) -> Vec<&'static str> {
    d.iter().map(|d| d.code.id).collect()
}

const CARD: &str = "upgrade \"Vader's Wrath\" as wrath {\n  icon: force-power  cost: 3\n  unique\n  requires: chassis tie and not size large\n  text {\n    Once per round, after you perform an attack, you must gain 1 stress token. Then, roll.\n  }\n}\n";

#[test]
fn a_card_with_every_kind_of_field() {
    let (file, d) = parse(CARD);
    assert!(d.is_empty(), "{:?}", codes(&d));
    let Item::Card(card) = &file.items[0] else { panic!("not a card") };
    assert_eq!(card.kind.text, "upgrade");
    assert_eq!(card.name.value, "Vader's Wrath");
    assert_eq!(card.as_id.as_ref().map(|i| i.text.as_str()), Some("wrath"));
    let keys: Vec<&str> = card.fields.iter().map(|f| f.key.text.as_str()).collect();
    assert_eq!(keys, ["icon", "cost", "unique", "requires", "text"]);
    let FieldValue::Text(text) = &card.fields[4].value else { panic!("not text") };
    let sentences: Vec<&str> = text.sentences.iter().map(|s| &CARD[s.range()]).collect();
    assert_eq!(
        sentences,
        ["Once per round, after you perform an attack, you must gain 1 stress token.", "Then, roll."]
    );
    // Spans point into the file.
    assert_eq!(&CARD[card.fields[1].key.span.range()], "cost");
    assert_eq!(&CARD[card.name.span.range()], "\"Vader's Wrath\"");
}

#[test]
fn crlf_and_a_bom_parse_like_lf() {
    let crlf = format!("\u{feff}{}", CARD.replace('\n', "\r\n"));
    let (a, da) = parse(CARD);
    let (b, db) = parse(&crlf);
    assert!(da.is_empty() && db.is_empty(), "{:?}", codes(&db));
    let (Item::Card(a), Item::Card(b)) = (&a.items[0], &b.items[0]) else { panic!() };
    assert_eq!(a.fields.len(), b.fields.len());
    let FieldValue::Text(t) = &b.fields[4].value else { panic!() };
    assert_eq!(t.sentences.len(), 2);
    assert!(!crlf[t.sentences[1].range()].contains('\r'));
}

#[test]
fn game_vocabulary_and_rules() {
    let text = "game armada \"Star Wars: Armada\" # trailing comment\nicon commander \"Commander\" implicit, officer\nheader action \"Action\" optional\nflagship: ship with commander\nrule r \"m\":\n  no upgrade with icon commander per ship where trait flotilla\nrule s \"m\": sum energy at least 0 per blueprint\nrule t \"m\": total cost at most 400 per fleet\nrule u \"m\": unique names per fleet\nallow unused-icon, W0001\n";
    let (file, d) = parse(text);
    assert!(d.is_empty(), "{:?}", d.iter().map(|d| &d.message).collect::<Vec<_>>());
    assert_eq!(file.items.len(), 9);
    let Item::Vocab(icons) = &file.items[1] else { panic!() };
    assert_eq!(icons.entries.len(), 2);
    assert_eq!(icons.entries[0].flags[0].text, "implicit");
    let Item::Rule(r) = &file.items[4] else { panic!() };
    let Constraint::Count { quantity: Quantity::No(_), selector, scope, condition: Some(c) } = &r.constraint else {
        panic!("{:?}", r.constraint)
    };
    assert_eq!(selector.word.text, "upgrade");
    assert_eq!(scope.word.text, "ship");
    assert_eq!(c.atoms().count(), 1);
}

#[test]
fn identifiers_and_numbers() {
    let (file, d) = parse("ship \"X\" { faction: 4-lom, 0-0-0  hull: -1  shields: +3 }\n");
    assert!(d.is_empty(), "{:?}", codes(&d));
    let Item::Card(c) = &file.items[0] else { panic!() };
    let FieldValue::Tokens(t) = &c.fields[0].value else { panic!() };
    assert!(matches!(&t[0], Token::Ident(i) if i.text == "4-lom"));
    assert!(matches!(&t[2], Token::Ident(i) if i.text == "0-0-0"));
    let FieldValue::Tokens(t) = &c.fields[1].value else { panic!() };
    assert!(matches!(&t[0], Token::Number(n) if n.value == -1 && n.signed));
}

#[test]
fn a_broken_card_does_not_hide_the_next() {
    let text = "upgrade \"A\" {\n  icon: x;\n}\nupgrade \"B\" {\n  icon y\n}\nupgrade \"C\" {\n  icon: z\n}\n";
    let (file, d) = parse(text);
    assert_eq!(codes(&d), ["E0001"]);
    let names: Vec<(&str, bool)> = file
        .items
        .iter()
        .map(|i| match i {
            Item::Card(c) => (c.name.value.as_str(), c.broken),
            _ => panic!(),
        })
        .collect();
    assert_eq!(names, [("A", true), ("B", false), ("C", false)]);
}

#[test]
fn a_missing_brace_is_reported_once_and_the_card_still_read() {
    let (file, d) = parse("upgrade \"A\" {\n  icon: x\n\nupgrade \"B\" {\n  icon: y\n}\n");
    assert_eq!(codes(&d), ["E0002"]);
    assert_eq!(file.items.len(), 2);
    let Item::Card(a) = &file.items[0] else { panic!() };
    assert!(!a.broken);
    assert_eq!(a.fields.len(), 1);
}

#[test]
fn escapes_in_strings() {
    let (file, d) = parse("upgrade \"A \\\"B\\\" \\\\ C\" {}\n");
    assert!(d.is_empty());
    let Item::Card(c) = &file.items[0] else { panic!() };
    assert_eq!(c.name.value, "A \"B\" \\ C");
}

#[test]
fn empty_and_comment_only_files() {
    assert_eq!(codes(&parse("").1), ["E0005"]);
    assert_eq!(codes(&parse("# only a comment\n\n").1), ["E0005"]);
    assert_eq!(codes(&parse("\u{feff}").1), ["E0005"]);
}

#[test]
fn syntax_errors_say_what_was_expected() {
    let (_, d) = parse("upgrade Dominator {}\n");
    assert_eq!(d[0].message, "expected a string, found `Dominator`");
    assert_eq!(d[0].help.as_deref(), Some("identifiers are kebab-case: write `dominator`"));
    // A scope is any word to the parser (a game names its own); the check resolves it.
    let (_, d) = parse("rule r \"m\": at most 1 upgrade per galaxy\n");
    assert!(d.is_empty());
    let (_, d) = parse("rule r \"m\": at most 1 upgrade per \"galaxy\"\n");
    assert!(d[0].message.starts_with("expected a scope (`ship`, `fleet`, `blueprint`"), "{}", d[0].message);
    let (_, d) = parse("@@@\n");
    assert_eq!(d[0].code.id, "E0001");
    assert_eq!(d[0].labels[0].span, Span::new(0, 1));
}

#[test]
fn a_megabyte_line_is_one_error() {
    let text = format!("game g \"G\"\n{}\n", "x".repeat(1 << 20));
    let (file, d) = parse(&text);
    assert_eq!(codes(&d), ["E0001"]);
    assert_eq!(file.items.len(), 1);
    assert!(d[0].labels[0].span.len() <= 40);
}

#[test]
fn a_rule_may_break_over_lines_anywhere() {
    let text = "rule r \"m\": at most 2 upgrade # note\n  with icon a\n  with trait t\n  per ship where\n  size l\n";
    let (file, d) = parse(text);
    assert!(d.is_empty(), "{:?}", d.iter().map(|d| &d.message).collect::<Vec<_>>());
    let Item::Rule(r) = &file.items[0] else { panic!() };
    let Constraint::Count { selector, condition: Some(c), .. } = &r.constraint else { panic!() };
    assert_eq!(selector.filters.len(), 2);
    assert_eq!(&text[c.span.range()], "size l");
}

#[test]
fn a_hash_right_after_a_text_brace_is_text() {
    let (file, d) = parse("upgrade \"A\" { text {#1 ranked card. } }\nupgrade \"B\" {}\n");
    assert!(d.is_empty(), "{:?}", d.iter().map(|d| &d.message).collect::<Vec<_>>());
    let Item::Card(a) = &file.items[0] else { panic!() };
    let FieldValue::Text(t) = &a.fields[0].value else { panic!() };
    assert_eq!(t.sentences.len(), 1);
}

#[test]
fn a_requires_value_is_parsed_with_the_file() {
    let (file, d) = parse(CARD);
    assert!(d.is_empty(), "{:?}", codes(&d));
    let Item::Card(card) = &file.items[0] else { panic!("not a card") };
    let FieldValue::Restriction { tokens, parsed: Some(r) } = &card.fields[3].value else {
        panic!("not a parsed restriction: {:?}", card.fields[3].value)
    };
    assert_eq!(tokens.len(), 6, "the tokens are kept: {tokens:?}");
    let kinds: Vec<AtomKind> = r.atoms().map(|a| a.kind).collect();
    assert_eq!(kinds, [AtomKind::Chassis, AtomKind::Size]);
    // Post-order: `chassis tie`, `size large`, `not`, `and`.
    assert!(matches!(r.nodes.as_slice(), [RNode::Atom(_), RNode::Atom(_), RNode::Not(1), RNode::And(0, 2)]));
    // One that does not parse is reported here, once, and kept as its tokens.
    let (file, d) = parse("upgrade \"U\" { requires: size small and }\n");
    assert_eq!(codes(&d), ["E0008"]);
    let Item::Card(card) = &file.items[0] else { panic!("not a card") };
    assert!(matches!(&card.fields[0].value, FieldValue::Restriction { tokens, parsed: None } if tokens.len() == 3));
}

#[test]
fn the_fast_path_and_the_grammar_agree_on_cards_and_broken_items() {
    let text = format!("{CARD}upgrade \"Broken\" {{ cost 3 }}\nship \"Tab\"\tas tab {{\tcost: -1 }}\n{CARD}");
    assert_eq!(fast_path_disagreement(&text), None);
    assert_eq!(fast_path_disagreement("upgrade \"Open\" { text { x\n"), None);
}

/// A file of one item of each kind, for the parses after edits below.
const FILE: &str = "game g \"G\"\nicon crew, gunner \"Gunner\"\nsize small\n\nrule one-crew \"at most one crew\":\n  at most 1 upgrade with icon crew per ship\n\nupgrade \"A\" {\n  icon: crew  cost: 3\n  requires: size small\n  text {\n    Gain 1 focus token.\n  }\n}\n\nupgrade \"B\" {\n  icon: gunner\n  cost: 2\n}\n";

#[test]
fn an_item_an_edit_did_not_touch_is_taken_from_the_last_parse() {
    let (fresh, d, reuse) = parse_file_reusing(0, FILE, &Reuse::default());
    assert!(d.is_empty(), "{:?}", codes(&d));
    assert_eq!(
        reuse.items.len(),
        6,
        "the game, two vocabulary lines, the rule and two cards: {:?}",
        reuse.items.keys()
    );
    // Pretend card B read otherwise last time: what the last parse kept is what is used.
    let mut doctored = reuse.clone();
    let b = doctored.items.iter_mut().find(|(k, _)| k.text.starts_with("upgrade \"B\"")).expect("card B");
    let Item::Card(card) = &mut b.1.items[0] else { panic!("not a card") };
    card.name.value = "Doctored".into();
    let edited = FILE.replace("cost: 3", "cost: 4");
    let card_names = |file: &File| -> Vec<String> {
        file.items
            .iter()
            .filter_map(|i| match i {
                Item::Card(c) => Some(c.name.value.clone()),
                _ => None,
            })
            .collect()
    };
    let (file, _, kept) = parse_file_reusing(0, &edited, &doctored);
    assert_eq!(card_names(&file), ["A", "Doctored"], "card A changed and was read again; card B was taken");
    // What was taken is kept for the parse after: an edit back takes card B again.
    let (file, _, _) = parse_file_reusing(0, FILE, &kept);
    assert_eq!(card_names(&file), ["A", "Doctored"]);
    // Under another file id (a file added before it in the set) it is taken all the same,
    // and its diagnostics point into the file under its new id.
    let broken = FILE.replace("cost: 2", "cost: 2 }");
    let (_, d, kept) = parse_file_reusing(0, &broken, &Reuse::default());
    let (file, d1, _) = parse_file_reusing(1, &broken, &kept);
    assert_eq!(file.id, 1);
    assert_eq!(codes(&d1), codes(&d));
    assert!(!d1.is_empty() && d1.iter().flat_map(|d| &d.labels).all(|l| l.file == 1), "{d1:?}");
    assert_eq!(format!("{d1:?}"), format!("{:?}", parse_file(1, &broken).1));
    // Taken and moved: the same tree as a fresh parse, spans and all.
    let (moved, d, _) = parse_file_reusing(0, &format!("size medium\n{FILE}"), &reuse);
    let (again, d2) = parse(&format!("size medium\n{FILE}"));
    assert_eq!(format!("{moved:?}{d:?}"), format!("{again:?}{d2:?}"));
    assert_ne!(format!("{moved:?}"), format!("{fresh:?}"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, ..Default::default() })]

    /// A file parsed again after each of a run of edits, from the parse before, reads as it
    /// reads parsed afresh: the same items, spans and diagnostics, in the same order.
    #[test]
    fn a_parse_after_edits_is_the_parse_afresh(
        edits in proptest::collection::vec(
            (proptest::prelude::any::<usize>(), 0usize..12, proptest::sample::select(vec![
                "", "x", "\n", "{", "}", "\"", "#", ",", "upgrade \"C\" {\n", "  cost: 1\n", "text {", "requires: ",
                "size", " and not ", "icon", "rule r \"m\": ", "é", "\t",
            ])),
            1..8,
        ),
    ) {
        let mut text = FILE.to_string();
        let mut reuse = Reuse::default();
        for (at, cut, insert) in edits {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + cut).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            text.replace_range(at..end, insert);
            let (file, d, next) = parse_file_reusing(0, &text, &reuse);
            let (fresh, fresh_d) = parse(&text);
            proptest::prop_assert_eq!(format!("{file:?}"), format!("{fresh:?}"), "{:?}", text);
            proptest::prop_assert_eq!(format!("{d:?}"), format!("{fresh_d:?}"), "{:?}", text);
            // Each item that parses as written has its concrete tree kept, the tree a fresh
            // read gives; one that does not has none.
            for c in chunk::chunks(0, &text, &mut Vec::new()) {
                let (slice, alone) = c.alone(&text);
                let clean = alone.unclosed == 0 && !alone.had_error && alone.open_strings.is_empty();
                let fresh = parse_item_with(slice, false).ok().filter(|_| clean).map(tree::ItemTree::of);
                let kept = next.tree(slice, alone);
                proptest::prop_assert_eq!(format!("{:?}", kept.as_deref()), format!("{fresh:?}"), "{:?}", slice);
            }
            reuse = next;
        }
    }
}
