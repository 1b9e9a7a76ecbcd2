//! The gold notation (`README.md`): parsing it, and comparing two readings part by part.

use std::collections::BTreeMap;

/// One `== …` entry: a block and the abilities a player reads in it.
#[derive(Debug)]
pub struct Entry {
    /// `xw25`, `xw20`.
    pub pool: String,
    /// The card id.
    pub card: String,
    /// The chassis ability's name.
    pub name: Option<String>,
    /// The fingerprint of the text.
    pub fingerprint: String,
    /// Its abilities.
    pub abilities: Vec<Reading>,
    /// The file and line of the `==` line.
    pub at: String,
}

/// One ability in the notation: its lines, by part.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Reading {
    /// `header`, `frequency`, `timing`, `optional`, `cost`, `replaces`: canonical.
    pub head: BTreeMap<&'static str, Vec<String>>,
    /// Each step's condition lines (`if`, `unless`, `otherwise`, `for-each`, `timing`,
    /// `until`), canonical.
    pub conditions: Vec<Vec<String>>,
    /// Each step's clauses.
    pub clauses: Vec<Vec<Clause>>,
}

impl Reading {
    /// The reading in canonical lines, for the review file.
    pub fn show(&self) -> String {
        let mut out = String::new();
        for (part, lines) in &self.head {
            for l in lines {
                out.push_str(&format!("  {part} {l}\n"));
            }
        }
        for (conds, clauses) in self.conditions.iter().zip(&self.clauses) {
            out.push_str("  step\n");
            for c in conds {
                out.push_str(&format!("    {c}\n"));
            }
            for c in clauses {
                let line = show_clause(c);
                let word = if c.or { "" } else { "clause " };
                out.push_str(&format!("    {word}{line}\n"));
            }
        }
        out
    }
}

/// A clause, canonical part by part.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Clause {
    /// Joined to the one before by `or`.
    pub or: bool,
    /// Who.
    pub subject: String,
    /// `may`, `must`, `can`, `cannot` or empty.
    pub qualifier: String,
    /// The costs before `=>`.
    pub costs: Vec<Effect>,
    /// The effect.
    pub effect: Effect,
    /// The effects after it joined by `&`: done together with it, as one.
    pub also: Vec<Effect>,
    /// `until …`.
    pub until: String,
    /// `instead`.
    pub instead: bool,
}

/// An effect, canonical part by part.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Effect {
    /// The kind, with `fully`.
    pub kind: String,
    /// `1`, `upto2`, `all`, `atleast1`, `any`, `thatmany` or empty.
    pub amount: String,
    /// The object: items sorted, with their separator.
    pub object: String,
    /// `to …` and `from …`.
    pub target: String,
    /// `-> …`, `faceup`, `passive`, `not`.
    pub rest: String,
}

/// The parts compared, in the order reported.
pub const PARTS: [&str; 16] = [
    "abilities",
    "header",
    "frequency",
    "timing",
    "optional",
    "cost",
    "replaces",
    "conditions",
    "clauses",
    "subject",
    "qualifier",
    "kind",
    "amount",
    "object",
    "target",
    "duration/instead/or",
];

const HEAD: [&str; 6] = ["header", "frequency", "timing", "optional", "cost", "replaces"];

/// Words quoted text is compared without.
const STOP: &[&str] = &["a", "an", "the", "of", "1", "your", "its", "their", "that", "those", "these"];

/// Quoted words, compared by content: lowercase, no articles, `of` or possessive and
/// demonstrative words (`your`, `its`, `that`), no plural `s`, no punctuation at either
/// end.
fn words(text: &str) -> String {
    text.to_lowercase()
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '"' | '“' | '”')))
        .filter(|w| !w.is_empty() && !STOP.contains(w))
        .map(|w| if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") { &w[..w.len() - 1] } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits a line into tokens; a quoted text is one token, kept with its quotes.
pub fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                cur.push(c);
                quoted = !quoted;
            }
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    // `active resource:charge`: the reading's adjectives of an entry, which the gold
    // leaves out.
    // `thing "your [Critical Hit] results"`: the words of a thing, which the gold leaves out.
    let adjective =
        |t: &str| matches!(t, "active" | "inactive" | "recurring" | "non-recurring" | "additional" | "equipped");
    let mut i = 0;
    while i < out.len() {
        let entry = out.get(i + 1).is_some_and(|n| !n.starts_with('"') && n.contains(':'));
        let words_of_a_thing = i > 0 && out[i - 1] == "thing" && out[i].starts_with('"');
        if (adjective(&out[i]) && entry) || words_of_a_thing {
            out.remove(i);
        } else {
            i += 1;
        }
    }
    out
}

/// A token, canonical: quoted words by content, the rest lowercase.
fn canon_token(t: &str) -> String {
    match t.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) => format!("\"{}\"", words(inner)),
        None => t.to_lowercase(),
    }
}

/// A whole line, token by token.
pub fn canon(line: &str) -> String {
    tokens(line).iter().map(|t| canon_token(t)).collect::<Vec<_>>().join(" ")
}

const EFFECT_END: &[&str] =
    &["to", "from", "->", "by", "faceup", "facedown", "passive", "not", "until", "instead", "+", "=>", "with", "kept"];

/// An object: items joined by `|` (a choice) or `/` (any combination), each
/// `[colour] [speed] kind:id` or quoted words. Items are sorted.
fn object(tokens: &[String]) -> String {
    let joined = tokens.iter().map(|t| canon_token(t)).collect::<Vec<_>>().join(" ");
    let mut items = vec![String::new()];
    let mut sep = None;
    let mut quoted = false;
    for c in joined.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                if let Some(i) = items.last_mut() {
                    i.push(c);
                }
            }
            '|' | '/' if !quoted && sep.is_none_or(|s| s == c) => {
                sep = Some(c);
                items.push(String::new());
            }
            c => {
                if let Some(i) = items.last_mut() {
                    i.push(c);
                }
            }
        }
    }
    let Some(sep) = sep else { return joined };
    let mut items: Vec<String> = items.iter().map(|i| i.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
    items.sort();
    items.join(&sep.to_string())
}

/// Parses an effect from its tokens.
pub fn effect(t: &[String]) -> Effect {
    // `^that`, `^it`: how the object points back at a thing named before; the gold leaves
    // it out.
    let t: Vec<String> = t.iter().filter(|w| !w.starts_with('^')).cloned().collect();
    let t = &t[..];
    let mut e = Effect::default();
    let mut i = 0;
    let Some(kind) = t.first() else { return e };
    e.kind = kind.to_lowercase();
    i += 1;
    if e.kind == "opaque" {
        e.object = t[i..].iter().map(|t| canon_token(t)).collect::<Vec<_>>().join(" ");
        return e;
    }
    if t.get(i).is_some_and(|w| w == "fully") {
        e.kind.push_str(" fully");
        i += 1;
    }
    if let Some(a) = t.get(i) {
        let between = a
            .strip_prefix("between")
            .and_then(|r| r.split_once('-'))
            .is_some_and(|(x, y)| x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok());
        let is_amount = matches!(a.as_str(), "all" | "any" | "thatmany")
            || between
            || a.strip_prefix("upto").or_else(|| a.strip_prefix("atleast")).unwrap_or(a).parse::<u32>().is_ok();
        // A number right before a maneuver is its speed.
        let speed = t.get(i + 1).is_some_and(|n| n.starts_with("maneuver:"));
        if is_amount && !speed {
            e.amount = a.clone();
            i += 1;
        }
    }
    let start = i;
    while i < t.len() && !EFFECT_END.contains(&t[i].as_str()) {
        i += 1;
    }
    e.object = object(&t[start..i]);
    let mut target = Vec::new();
    let mut rest = Vec::new();
    while i < t.len() {
        match t[i].as_str() {
            "to" | "from" if i + 1 < t.len() => {
                target.push(format!("{} {}", t[i], canon_token(&t[i + 1])));
                i += 2;
            }
            // A how-phrase (`with "even while stressed"`): the gold leaves them out.
            // A kept phrase (`kept "at range 1"`): counted opaque by the reading itself.
            "with" | "kept" => i += 2,
            "->" | "by" => {
                let word = t[i].clone();
                let s = i + 1;
                i = s;
                while i < t.len() && !EFFECT_END.contains(&t[i].as_str()) {
                    i += 1;
                }
                rest.push(format!("{word} {}", object(&t[s..i])));
            }
            w => {
                rest.push(w.to_string());
                i += 1;
            }
        }
    }
    e.target = target.join(" ");
    e.rest = rest.join(" ");
    e
}

/// Parses a clause line's content (after `clause` or `or`).
pub fn clause(line: &str, or: bool) -> Clause {
    let mut t = tokens(line);
    let mut c = Clause { or, ..Clause::default() };
    if t.last().is_some_and(|w| w == "instead") {
        c.instead = true;
        t.pop();
    }
    if let Some(u) = t.iter().position(|w| w == "until") {
        c.until = t[u + 1..].iter().map(|t| canon_token(t)).collect::<Vec<_>>().join(" ");
        t.truncate(u);
    }
    let mut i = 0;
    if let Some(s) = t.first() {
        c.subject = canon_token(s);
        i = 1;
    }
    if t.get(i).is_some_and(|q| matches!(q.as_str(), "may" | "must" | "can" | "cannot")) {
        c.qualifier = t[i].clone();
        i += 1;
    }
    let rest = &t[i.min(t.len())..];
    let done = match rest.iter().position(|w| w == "=>") {
        Some(arrow) => {
            c.costs = rest[..arrow].split(|w| w == "+").map(effect).collect();
            &rest[arrow + 1..]
        }
        None => rest,
    };
    let mut parts = done.split(|w| w == "&").map(effect);
    c.effect = parts.next().unwrap_or_default();
    c.also = parts.collect();
    c
}

/// Parses the notation. Errors name the file and line.
pub fn parse(file: &str, text: &str) -> Result<Vec<Entry>, String> {
    let mut out: Vec<Entry> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{file}:{}", n + 1);
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = line.len() - trimmed.len();
        if let Some(head) = trimmed.strip_prefix("== ") {
            let t = tokens(head);
            let (pool, card, name, fp) = match t.as_slice() {
                [p, c, f] => (p, c, None, f),
                [p, c, n, f] if n.starts_with('"') => (p, c, Some(n.trim_matches('"').to_string()), f),
                _ => return Err(format!("{at}: expected `== <pool> <card> [\"name\"] <fingerprint>`")),
            };
            out.push(Entry {
                pool: pool.clone(),
                card: card.clone(),
                name,
                fingerprint: fp.clone(),
                abilities: Vec::new(),
                at,
            });
            continue;
        }
        let Some(entry) = out.last_mut() else { return Err(format!("{at}: a line before the first `==`")) };
        let (word, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        let rest = rest.trim();
        match (indent, word) {
            (0, "ability") => entry.abilities.push(Reading::default()),
            (2, "step") => {
                let Some(a) = entry.abilities.last_mut() else {
                    return Err(format!("{at}: `step` outside an ability"));
                };
                a.conditions.push(Vec::new());
                a.clauses.push(Vec::new());
            }
            (2, w) if HEAD.contains(&w) => {
                let Some(a) = entry.abilities.last_mut() else { return Err(format!("{at}: `{w}` outside an ability")) };
                let key = HEAD.iter().find(|h| **h == w).copied().unwrap_or("header");
                a.head.entry(key).or_default().push(canon_part(w, rest));
            }
            (4, "clause" | "or") => {
                let Some(a) = entry.abilities.last_mut() else {
                    return Err(format!("{at}: a clause outside an ability"));
                };
                let Some(step) = a.clauses.last_mut() else { return Err(format!("{at}: a clause outside a step")) };
                step.push(clause(rest, word == "or"));
            }
            (4, "goes-on" | "if" | "unless" | "otherwise" | "for-each" | "timing" | "until") => {
                let Some(a) = entry.abilities.last_mut() else { return Err(format!("{at}: outside an ability")) };
                let Some(step) = a.conditions.last_mut() else { return Err(format!("{at}: outside a step")) };
                step.push(format!("{word} {}", canon_part(word, rest)).trim_end().to_string());
            }
            _ => return Err(format!("{at}: unexpected `{trimmed}` (indented {indent})")),
        }
    }
    Ok(out)
}

/// The canonical form of a part's content: clauses inside timings, costs and replacements
/// are read as clauses and effects, so that their objects compare by items.
fn canon_part(word: &str, rest: &str) -> String {
    match word {
        "timing" => {
            let (when, what) = rest.split_once(' ').unwrap_or((rest, ""));
            let mut events: Vec<String> = what.split(" || ").map(|e| event(e.trim())).collect();
            events.sort();
            format!("{when} {}", events.join(" || "))
        }
        "cost" => {
            let t = tokens(rest);
            t.split(|w| w == "+").map(|e| show_effect(&effect(e))).collect::<Vec<_>>().join(" + ")
        }
        "replaces" => {
            let t = tokens(rest);
            match t.as_slice() {
                [kind, subject, e @ ..] => {
                    let events: Vec<String> = e.split(|w| w == "||").map(|e| show_effect(&effect(e))).collect();
                    format!("{kind} {} {}", canon_token(subject), events.join(" || "))
                }
                _ => canon(rest),
            }
        }
        "if" | "unless" => {
            // A condition whose words are one quoted text, a shape, or events.
            match condition_events(rest) {
                Some(events) => events,
                None => canon(rest),
            }
        }
        _ => canon(rest),
    }
}

/// Words that make a condition a shape rather than events: the first word, or the second
/// (after the subject).
const SHAPE_HEADS: [&str; 8] =
    ["there-are", "attack-obstructed", "on", "you-do", "you-do-not", "attack-hits", "attack-misses", "indicator"];
const SHAPE_VERBS: [&str; 14] = [
    "has",
    "is",
    "is-not",
    "in",
    "not-in",
    "at",
    "revealed",
    "all",
    "any",
    "has-card",
    "has-no-card",
    "behind",
    "size",
    "on-bar",
];

/// An event condition (`[not] <event> [|| <event>…] [this-round|this-phase]`), canonical:
/// each event read as a clause, in sorted order; `None` for any other condition.
fn condition_events(rest: &str) -> Option<String> {
    let t = tokens(rest);
    let (not, body) = match t.first().map(String::as_str) {
        Some("not") => ("not ", rest.trim_start().strip_prefix("not")?.trim_start()),
        _ => ("", rest.trim()),
    };
    let first = tokens(body);
    let shape = first.len() < 2
        || SHAPE_HEADS.contains(&first[0].as_str())
        || SHAPE_VERBS.contains(&first[1].as_str())
        || first[1].starts_with("stat:")
        || first[1].starts_with("resource:");
    if shape {
        return None;
    }
    let (body, within) = match body.rsplit_once(' ') {
        Some((b, w @ ("this-round" | "this-phase"))) => (b, format!(" {w}")),
        _ => (body, String::new()),
    };
    let mut events: Vec<String> = body.split(" || ").map(|e| event(e.trim())).collect();
    events.sort();
    Some(format!("{not}{}{within}", events.join(" || ")))
}

/// An event: a phase, a quoted text, or a clause.
fn event(e: &str) -> String {
    if e.starts_with("phase:") || e.starts_with('"') {
        canon(e)
    } else {
        show_clause(&clause(e, false))
    }
}

/// An effect, shown canonically.
pub fn show_effect(e: &Effect) -> String {
    [e.kind.as_str(), &e.amount, &e.object, &e.target, &e.rest]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A clause, shown canonically.
pub fn show_clause(c: &Clause) -> String {
    let mut parts = vec![c.subject.clone()];
    if !c.qualifier.is_empty() {
        parts.push(c.qualifier.clone());
    }
    if !c.costs.is_empty() {
        parts.push(c.costs.iter().map(show_effect).collect::<Vec<_>>().join(" + "));
        parts.push("=>".into());
    }
    parts.push(show_effect(&c.effect));
    parts.extend(c.also.iter().map(|e| format!("& {}", show_effect(e))));
    if !c.until.is_empty() {
        parts.push(format!("until {}", c.until));
    }
    if c.instead {
        parts.push("instead".into());
    }
    let s = parts.join(" ");
    if c.or {
        format!("or {s}")
    } else {
        s
    }
}

/// How one ability compares with its gold, part by part: `(part, right)`.
pub fn compare(gold: &Reading, read: Option<&Reading>) -> Vec<(&'static str, bool)> {
    let empty = Reading::default();
    let r = read.unwrap_or(&empty);
    let mut out = vec![("abilities", read.is_some())];
    for h in HEAD {
        out.push((h, gold.head.get(h) == r.head.get(h)));
    }
    out.push(("conditions", gold.conditions == r.conditions));
    out.push(("clauses", gold.clauses == r.clauses));
    let none = Clause::default();
    type Get = fn(&Clause) -> String;
    let sub: [(&str, Get); 7] = [
        ("subject", |c| c.subject.clone()),
        ("qualifier", |c| c.qualifier.clone()),
        ("kind", |c| c.effect.kind.clone()),
        ("amount", |c| c.effect.amount.clone()),
        ("object", |c| format!("{} {}", c.effect.object, c.effect.rest)),
        ("target", |c| c.effect.target.clone()),
        ("duration/instead/or", |c| format!("{} {} {}", c.until, c.instead, c.or)),
    ];
    // A clause part is right in an ability when it is right in every clause, aligned step
    // by step (a missing or extra clause is wrong in every part).
    let steps = gold.clauses.len().max(r.clauses.len());
    for (name, get) in sub {
        let mut right = true;
        for s in 0..steps {
            let (g, x) = (gold.clauses.get(s), r.clauses.get(s));
            let n = g.map_or(0, Vec::len).max(x.map_or(0, Vec::len));
            for i in 0..n {
                let gc = g.and_then(|g| g.get(i));
                let xc = x.and_then(|x| x.get(i));
                let costs = |c: Option<&Clause>| c.map(|c| c.costs.iter().map(show_effect).collect::<Vec<_>>());
                if gc.is_none() || xc.is_none() || get(gc.unwrap_or(&none)) != get(xc.unwrap_or(&none)) {
                    right = false;
                }
                if name == "kind" && costs(gc) != costs(xc) {
                    right = false;
                }
            }
        }
        out.push((name, right));
    }
    out
}
