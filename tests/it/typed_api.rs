//! The typed API a compiled set generates answers what identifies a card or a vocabulary
//! entry (its id, its name, the entry with an id) from tables of the generated code: the
//! packed set is not unpacked for them.

use std::process::Command;

/// Set in the process [`ids_and_names_unpack_nothing`] runs itself in.
const PROBE: &str = "CARDS_TYPED_API_PROBE";

/// The set is a `static` every test of this binary shares, and any of them may unpack it:
/// the test runs again in a process of its own, alone, and asks there.
#[test]
fn ids_and_names_unpack_nothing() {
    if std::env::var_os(PROBE).is_none() {
        let exe = std::env::current_exe().expect("the test binary");
        let out = Command::new(exe)
            .args(["--exact", "typed_api::ids_and_names_unpack_nothing", "--test-threads=1"])
            .env(PROBE, "1")
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains("1 passed"), "the probe ran: {stdout}");
        return;
    }
    use cards::armada;
    let dominator = armada::CardId::from_id("dominator").expect("the Dominator");
    assert_eq!(dominator, armada::CardId::Dominator);
    assert_eq!(dominator.as_str(), "dominator");
    assert_eq!(dominator.name(), "Dominator");
    assert_eq!(dominator.to_string(), "Dominator");
    assert_eq!(armada::CardId::from_id("no-such-card"), None);
    for (i, id) in armada::CardId::IDS.iter().enumerate() {
        assert_eq!(armada::CardId::from_id(id), Some(armada::CardId::ALL[i]), "{id}");
    }
    let title = armada::Icon::from_id("title").expect("the title icon");
    assert_eq!((title.as_str(), title.name(), title.index()), ("title", "Title", armada::Icon::Title.index()));
    assert_eq!(armada::Icon::from_id("no-such-icon"), None);
    assert!(!armada::SET.is_unpacked(), "reading ids and names unpacked the set");
    // The tables say what the set says.
    assert_eq!(armada::SET.cards[dominator.index() as usize].name, dominator.name());
    assert!(armada::SET.is_unpacked());
}
