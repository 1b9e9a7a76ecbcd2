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
    assert_eq!(card.kind, CardKind::Upgrade);
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
    assert_eq!(selector.kind, SelectorKind::Upgrade);
    assert_eq!(scope.kind, ScopeKind::Ship);
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
    let (_, d) = parse("rule r \"m\": at most 1 upgrade per galaxy\n");
    assert_eq!(d[0].message, "expected `ship`, `fleet` or `blueprint`, found `galaxy`");
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
