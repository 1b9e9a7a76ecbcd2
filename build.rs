// Compiles the card sets in cards/ into Rust modules in OUT_DIR; nothing else.
fn main() -> Result<(), cardc::Error> {
    cardc::compile("cards")
}
