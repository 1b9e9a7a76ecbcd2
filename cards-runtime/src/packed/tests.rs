//! The packed format, byte by byte as the module documents it, and its round trip.

use super::*;

/// Packs one value as a record of its own.
fn packed(value: &impl Pack) -> String {
    Packer::default().record(value)
}

fn unpacked<T: Unpack>(data: &str) -> Result<T, Error> {
    let mut unpacker = Unpacker { data, at: 0, statics: None, depth: 0 };
    let value = T::unpack(&mut unpacker)?;
    assert_eq!(unpacker.at, data.len(), "{data:?} was not read to its end");
    Ok(value)
}

#[test]
fn numbers_are_base_32_lowest_digit_first() {
    // 0-31: one digit that ends the number; 40 = 8 + 1·32: `e` (more follows, 8) then `1`.
    for (n, text) in [(0u64, "0"), (9, "9"), (10, "A"), (31, "V"), (32, "W1"), (40, "e1"), (1023, "/V"), (1024, "WW1")]
    {
        assert_eq!(packed(&n), text, "{n}");
        assert_eq!(unpacked::<u64>(text), Ok(n));
    }
    for n in [u64::MAX, u64::MAX / 3, 1 << 40] {
        assert_eq!(unpacked::<u64>(&packed(&n)), Ok(n));
    }
}

#[test]
fn signed_numbers_are_zigzagged() {
    for (n, text) in [(0i64, "0"), (-1, "1"), (1, "2"), (-2, "3"), (-16, "V"), (16, "W1")] {
        assert_eq!(packed(&n), text, "{n}");
        assert_eq!(unpacked::<i64>(text), Ok(n));
    }
    for n in [i64::MIN, i64::MAX, -123_456_789] {
        assert_eq!(unpacked::<i64>(&packed(&n)), Ok(n));
    }
}

#[test]
fn values_follow_the_documented_layout() {
    // true, 5, Some(40), "ab" (2 bytes: 4), -1 (zigzag 1), None, a list of two. A tuple is
    // its fields, so a tuple inside one adds nothing.
    let value = ((true, 5u16, Some(40u32)), "ab", (-1i64, None::<u8>), vec![3u8, 4]);
    assert_eq!(packed(&value), "151e14ab10234");
    type Value = ((bool, u16, Option<u32>), String, (i64, Option<u8>), Vec<u8>);
    let back: Value = unpacked("151e14ab10234").unwrap();
    assert_eq!(back, ((true, 5, Some(40)), "ab".to_string(), (-1, None), vec![3, 4]));
}

#[test]
fn a_repeated_string_refers_back() {
    // "the attack" is 10 bytes (tag 20, `K`) at offsets 1-10; "attack" (6 bytes, tag
    // 2·6 + 1 = 13, `D`) is found inside it at offset 5, 6 bytes before where it is written.
    let data = packed(&("the attack", "attack"));
    assert_eq!(data, "Kthe attackD6");
    assert_eq!(unpacked::<(String, String)>(&data).unwrap(), ("the attack".into(), "attack".into()));
    // The same string again: 3 bytes (tag 7) starting 3 bytes back. A 1-byte string costs
    // no more in full.
    assert_eq!(packed(&("you", "you")), "6you73");
    assert_eq!(packed(&("a", "a")), "2a2a");
}

#[test]
fn text_is_kept_as_printed() {
    let text = "Quote \" backslash \\ newline\n tab\t ° ünïcödé 🂡 and a NUL \0";
    let data = packed(&text);
    assert_eq!(unpacked::<String>(&data).unwrap(), text);
}

#[test]
fn damaged_data_is_an_error() {
    // Ends inside a number, a string longer than the data, a reference before the start,
    // a bool of 2, a digit that is not one, a number past 64 bits, a slice inside a
    // character.
    assert!(unpacked::<u64>("W").is_err());
    assert!(unpacked::<String>("Kab").is_err());
    assert!(unpacked::<(String, String)>("2aD9").is_err());
    assert!(unpacked::<bool>("2").is_err());
    assert!(unpacked::<u64>("\"").is_err());
    assert!(unpacked::<u64>("//////////////V").is_err());
    assert!(unpacked::<u8>("W8").is_err(), "256 does not fit a u8");
    assert!(unpacked::<(String, String)>("4é35").is_err(), "1 byte of the 2 of é");
    assert!(unpacked::<Vec<u8>>("V").is_err(), "31 items in no data");
}

#[test]
fn data_nested_too_deep_is_an_error_not_a_stack_overflow() {
    // `Test::Any` (variant 23, `N` then `1` item) holds a list of tests: ten thousand of
    // them inside each other, the last a `Test::Opaque` (24, `O`).
    let deep = format!("{}O", "N1".repeat(10_000));
    let error = unpack_value::<crate::ability::Test>(&deep).unwrap_err();
    assert!(error.to_string().contains("nested more than 200 deep"), "{error}");
    // Two hundred levels read.
    let fine = format!("{}O", "N1".repeat(199));
    assert!(unpack_value::<crate::ability::Test>(&fine).is_ok());
    // A card whose history holds a card whose history holds a card…: structs only.
    let mut card = Card::empty("x", "X", crate::CardKind::Upgrade);
    for until in 0..150 {
        card = Card {
            history: vec![crate::model::Version { until, card: card.clone() }].into(),
            ..Card::empty("x", "X", crate::CardKind::Upgrade)
        };
    }
    let error = unpack_value::<Card>(&packed(&card)).unwrap_err();
    assert!(error.to_string().contains("nested more than 200 deep"), "{error}");
}

#[test]
fn a_set_round_trips_and_counts_its_cards() {
    let mut ship = Card::empty("x-wing", "X-Wing", crate::CardKind::Ship);
    ship.cost = Some(-3);
    ship.text = Some("After you attack, you may gain 1 [Focus] token.".into());
    let set = Set {
        game: "demo".into(),
        name: "Demo \"set\"".into(),
        vocab: Vocabulary::default(),
        kinds: std::borrow::Cow::Borrowed(&crate::model::kinds::PRELUDE),
        roster: crate::model::Noun::FLEET,
        distance: None,
        verbs: Vec::new().into(),
        flagship_icon: Some(3),
        cards: vec![ship.clone(), Card::empty("y", "Y", crate::CardKind::Upgrade)].into(),
        rules: Vec::new().into(),
        releases: Vec::new().into(),
    };
    let records = pack(&set);
    assert_eq!(records.len(), 3, "a header and one record per card");
    assert_eq!(unpack(&records.concat()), Ok(set.clone()));
    assert_eq!(pack(&set), records, "the same set packs to the same bytes");
    // A missing card, and one too many.
    assert!(unpack(&records[..2].concat()).is_err());
    assert!(unpack(&[records.concat(), records[1].clone()].concat()).is_err());
}

#[test]
fn a_packed_set_unpacks_on_first_use() {
    // The header: two strings, the 18 empty vocabulary lists, no kinds, the roster's four
    // strings, no distance, no verbs, no flagship icon, no rules, no releases, no cards.
    static EMPTY: PackedSet = PackedSet::new(FORMAT, "8demo8Demo00000000000000000002l2L4Ls4ls000000");
    assert_eq!(EMPTY.game, "demo");
    assert_eq!(EMPTY.name, "Demo");
    assert_eq!((&*EMPTY.roster.id, &*EMPTY.roster.plural), ("l", "Ls"));
    assert!(EMPTY.cards.is_empty());
}

#[test]
fn a_compiled_sets_abilities_stay_packed_until_read() {
    let text = "After you attack, you may gain 1 [Focus] token.";
    let ability = crate::ability::Ability {
        name: None,
        text: text.into(),
        file: "x.cards".into(),
        span: crate::ability::SourceSpan { start: 0, end: text.len() as u32 },
        header: None,
        requirement: None,
        timings: Vec::new().into(),
        optional: true,
        frequency: crate::ability::Frequency::OncePerOpportunity,
        costs: Vec::new().into(),
        replacement: None,
        steps: Vec::new().into(),
    };
    let mut ship = Card::empty("x-wing", "X-Wing", crate::CardKind::Ship);
    ship.abilities = vec![ability.clone()].into();
    let set = Set {
        game: "demo".into(),
        name: "Demo".into(),
        vocab: Vocabulary::default(),
        kinds: std::borrow::Cow::Borrowed(&crate::model::kinds::PRELUDE),
        roster: crate::model::Noun::FLEET,
        distance: None,
        verbs: Vec::new().into(),
        flagship_icon: None,
        cards: vec![ship].into(),
        rules: Vec::new().into(),
        releases: Vec::new().into(),
    };
    let data: &'static str = Box::leak(pack(&set).concat().into_boxed_str());
    let compiled = PackedSet::new(FORMAT, data);
    assert_eq!(compiled.cards[0].id, "x-wing");
    assert!(compiled.cards[0].abilities.is_packed(), "the cards are read, their abilities not yet");
    assert!(matches!(compiled.cards[0].id, std::borrow::Cow::Borrowed(_)), "an id is a slice of the static data");
    assert_eq!(compiled.cards[0].abilities[0], ability);
    assert!(!compiled.cards[0].abilities.is_packed());
    // Unpacked from data that is not static, everything is read at once.
    let loaded = unpack(data).unwrap();
    assert!(!loaded.cards[0].abilities.is_packed());
    assert!(matches!(loaded.cards[0].id, std::borrow::Cow::Owned(_)));
    assert_eq!(&loaded, compiled.get());
}
