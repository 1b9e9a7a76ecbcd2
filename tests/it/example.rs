//! The worked example (`examples/squad.rs`), run as the tests build it, against what the
//! cards of `cards/xwing` print. Every expected line is read off the card files: a pilot's
//! bar and faction (its chassis'), each upgrade's icons, faction, restriction and cost, and
//! Jyn Erso's text.

#[allow(dead_code)] // its `main`, which the tests do not call
#[path = "../../examples/squad.rs"]
mod squad;

#[test]
fn the_example_lists_fits_prices_a_squad_and_plays_jyn_erso() {
    let mut out = Vec::new();
    squad::run(&mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let expected = "\
Chewbacca (Rebel Alliance), bar: Talent, Missile, Crew, Crew, Modification, Modification, Title, Gunner
  fits: Jyn Erso (Crew)
  fits: GNK “Gonk” Droid (Crew)
  fits: Evasion Protocol (Modification)
  fits: Calculated Protocol (Modification)
  fits: Obstacle Runner (Talent)
  fits: Opening Roll (Talent)
  fits: Trick Shot Coach (Crew)
  fits: Hull Plating (Modification)
  not:  Ion Screen (Modification): RESTRICTION
  fits: Millennium Falcon (Title)
  fits: Outrider (Title)
  fits: Tactical Officer (Crew, Crew)
squad:
  Chewbacca with Jyn Erso, Millennium Falcon, Hull Plating: 80
  Luke Skywalker with Saturation Salvo: 67
  total 147: legal
Luke Skywalker would gain a focus token; replaced by: Jyn Erso
  Luke Skywalker has 0 focus token(s)
  Luke Skywalker has 1 evade token(s)
";
    // Ion Screen's restriction (`requires: size small, medium`) is the validator's message;
    // that it names the restriction is all the example's output promises.
    let (ion, rest): (Vec<&str>, Vec<&str>) = out.lines().partition(|l| l.starts_with("  not:  Ion Screen"));
    assert_eq!(ion.len(), 1, "{out}");
    assert!(ion[0].contains("small") && ion[0].contains("medium"), "{}", ion[0]);
    let want: Vec<&str> = expected.lines().filter(|l| !l.contains("RESTRICTION")).collect();
    assert_eq!(rest, want, "{out}");
}
