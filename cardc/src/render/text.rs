//! Text in a box: a card's words and its `[Icon]`s, wrapped into lines with the shipped
//! fonts' real advances and shrunk until they fit, down to a floor. What does not fit at the
//! floor is an overflow, which `cardc render` reports at the card.

use super::font::{Fonts, Weight};

/// A piece of text to set: a word, an icon (the name in its brackets, `Focus` of
/// `[Focus]`), or the end of a paragraph.
#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    /// A word, with the punctuation around it.
    Word(String, Weight),
    /// An icon, by the name printed in its brackets.
    Icon(String),
    /// The end of a paragraph.
    Break,
}

/// The pieces of `text` in `weight`: words split at white space, `[Name]` an icon (a `[`
/// with no `]` before the next `[` or the line's end is a word), a line break the end of a
/// paragraph.
pub fn pieces(text: &str, weight: Weight) -> Vec<Piece> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push(Piece::Break);
        }
        let mut rest = line;
        while !rest.is_empty() {
            let Some(open) = rest.find('[') else {
                words(rest, weight, &mut out);
                break;
            };
            let close = rest[open..].find(']').map(|c| open + c).filter(|&c| !rest[open + 1..c].contains('['));
            match close {
                Some(close) if !rest[open + 1..close].trim().is_empty() => {
                    words(&rest[..open], weight, &mut out);
                    // Punctuation after the icon stays with it: `[Focus],` is an icon and a
                    // word `,` set without a space (see [`fit`]).
                    out.push(Piece::Icon(rest[open + 1..close].trim().to_string()));
                    rest = &rest[close + 1..];
                }
                _ => {
                    words(&rest[..=open], weight, &mut out);
                    rest = &rest[open + 1..];
                }
            }
        }
    }
    out
}

fn words(text: &str, weight: Weight, out: &mut Vec<Piece>) {
    // A word glued to what comes before it (`,` after an icon) keeps no space: marked by a
    // leading zero-width joiner, taken off when set.
    let glued = !text.starts_with(char::is_whitespace) && matches!(out.last(), Some(Piece::Icon(_)));
    for (i, w) in text.split_whitespace().enumerate() {
        let w = if i == 0 && glued { format!("\u{2060}{w}") } else { w.to_string() };
        out.push(Piece::Word(w, weight));
    }
}

/// Where a run of words or an icon is set, on a line.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// Words of one weight, set from `x`.
    Run {
        /// Left edge, from the box's.
        x: f32,
        /// The words, a space between.
        text: String,
        /// Their weight.
        weight: Weight,
        /// Their width as measured.
        width: f32,
    },
    /// An icon, a square of the line's size from `x`.
    Icon {
        /// Left edge, from the box's.
        x: f32,
        /// The name printed in its brackets.
        name: String,
    },
}

/// A line: its baseline, from the box's top, and what is on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The baseline, from the box's top.
    pub baseline: f32,
    /// What is set on it, left to right.
    pub items: Vec<Item>,
    /// Its width as set.
    pub width: f32,
}

/// Text set in a box.
#[derive(Clone, Debug, PartialEq)]
pub struct Set {
    /// The size the text is set at (the unit of the box).
    pub size: f32,
    /// Its lines.
    pub lines: Vec<Line>,
    /// Whether it fits the box (at `size`, no larger than the size asked).
    pub fits: bool,
    /// The height it takes.
    pub height: f32,
    /// The widest line.
    pub width: f32,
}

/// How text is fitted: the size it is set at if it fits, the smallest it may shrink to,
/// and whether it stays on one line.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    /// The size asked for.
    pub max: f32,
    /// The floor.
    pub min: f32,
    /// One line only (a name, a type line): shrunk to the box's width, never wrapped.
    pub one_line: bool,
}

/// A line's height, in sizes.
pub const LEADING: f32 = 1.2;
/// The space after a paragraph, in sizes.
const PARAGRAPH: f32 = 0.35;
/// An icon's width in the text, in sizes.
pub const ICON: f32 = 1.1;

/// Sets `pieces` in a box of `width` × `height`: at `fit.max` if they fit, else at the
/// largest size down to `fit.min` that fits (to within 1% of `max`, by halving the range);
/// at `fit.min`, not fitting, when none does.
pub fn fit(fonts: &Fonts, pieces: &[Piece], width: f32, height: f32, fit: Fit) -> Set {
    let largest = at(fonts, pieces, width, height, fit.max, fit.one_line);
    if largest.fits || fit.max <= fit.min {
        return largest;
    }
    let smallest = at(fonts, pieces, width, height, fit.min, fit.one_line);
    if !smallest.fits {
        return smallest;
    }
    // `fits` at `lo`, not at `hi`.
    let (mut lo, mut hi) = (smallest, fit.max);
    while hi - lo.size > fit.max * 0.01 {
        let mid = (lo.size + hi) / 2.0;
        let set = at(fonts, pieces, width, height, mid, fit.one_line);
        if set.fits {
            lo = set;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Sets `pieces` at `size`.
fn at(fonts: &Fonts, pieces: &[Piece], width: f32, height: f32, size: f32, one_line: bool) -> Set {
    // A space is as wide as the weight of the words it stands between: a run's words are
    // one text, set with its own spaces.
    let space = |w: Weight| fonts.width(" ", w) * size;
    let ascent = fonts.cap_height() * size;
    let mut lines: Vec<Line> = Vec::new();
    let mut line = Line { baseline: ascent, items: Vec::new(), width: 0.0 };
    let mut top = 0.0;
    let mut widest: f32 = 0.0;
    let mut end_line = |line: &mut Line, top: &mut f32, paragraph: bool, lines: &mut Vec<Line>| {
        widest = widest.max(line.width);
        let next_top = *top + size * LEADING + if paragraph { size * PARAGRAPH } else { 0.0 };
        let done = std::mem::replace(line, Line { baseline: next_top + ascent, items: Vec::new(), width: 0.0 });
        lines.push(done);
        *top = next_top;
    };
    for piece in pieces {
        let (w, glued, weight) = match piece {
            Piece::Break => {
                end_line(&mut line, &mut top, true, &mut lines);
                continue;
            }
            Piece::Word(word, weight) => {
                let glued = word.starts_with('\u{2060}');
                (fonts.width(word.trim_start_matches('\u{2060}'), *weight) * size, glued, *weight)
            }
            Piece::Icon(_) => (ICON * size, false, Weight::Regular),
        };
        let gap = if line.items.is_empty() || glued { 0.0 } else { space(weight) };
        if !one_line && !line.items.is_empty() && line.width + gap + w > width {
            end_line(&mut line, &mut top, false, &mut lines);
        }
        let gap = if line.items.is_empty() || glued { 0.0 } else { space(weight) };
        let x = line.width + gap;
        match piece {
            Piece::Word(word, weight) => {
                let word = word.trim_start_matches('\u{2060}');
                match line.items.last_mut() {
                    Some(Item::Run { text, weight: w0, width: rw, x: rx }) if *w0 == *weight => {
                        text.push_str(if gap > 0.0 { " " } else { "" });
                        text.push_str(word);
                        *rw = x + w - *rx;
                    }
                    _ => line.items.push(Item::Run { x, text: word.to_string(), weight: *weight, width: w }),
                }
            }
            Piece::Icon(name) => line.items.push(Item::Icon { x, name: name.clone() }),
            Piece::Break => {}
        }
        line.width = x + w;
    }
    if !line.items.is_empty() {
        widest = widest.max(line.width);
        lines.push(line);
        top += size * LEADING;
    } else if let Some(last) = lines.last() {
        // A text that ends with a paragraph's end takes no space after it.
        top = last.baseline - ascent + size * LEADING;
    }
    let height_used = top;
    let fits = height_used <= height + 1e-3 && widest <= width + 1e-3;
    Set { size, lines, fits, height: height_used, width: widest }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words_of(set: &Set) -> Vec<String> {
        set.lines
            .iter()
            .map(|l| {
                l.items
                    .iter()
                    .map(|i| match i {
                        Item::Run { text, .. } => text.clone(),
                        Item::Icon { name, .. } => format!("[{name}]"),
                    })
                    .collect::<Vec<_>>()
                    .join("|")
            })
            .collect()
    }

    #[test]
    fn icons_words_and_paragraphs_are_read_as_printed() {
        let p = pieces("Gain 1 [Focus], then [Bank Left].\nAttack [x", Weight::Regular);
        let w = |s: &str| Piece::Word(s.into(), Weight::Regular);
        assert_eq!(
            p,
            [
                w("Gain"),
                w("1"),
                Piece::Icon("Focus".into()),
                w("\u{2060},"),
                w("then"),
                Piece::Icon("Bank Left".into()),
                w("\u{2060}."),
                Piece::Break,
                w("Attack"),
                w("["),
                w("x"),
            ]
        );
        // `[]` and `[ ]` name no icon.
        assert!(pieces("a [] b [ ] c", Weight::Regular).iter().all(|p| matches!(p, Piece::Word(..))));
    }

    #[test]
    fn text_wraps_at_the_box_width_and_shrinks_to_fit_its_height() {
        let fonts = Fonts::new();
        let text = pieces(
            "After you perform a [Focus] action, you may gain 1 stress token to gain 1 evade token.",
            Weight::Regular,
        );
        // Wide and tall enough: one size, several lines each within the width.
        let roomy = fit(&fonts, &text, 40.0, 40.0, Fit { max: 3.0, min: 1.5, one_line: false });
        assert!(roomy.fits && roomy.size == 3.0 && roomy.lines.len() > 1);
        assert!(roomy.lines.iter().all(|l| l.width <= 40.0));
        // Every word is set, in order, once.
        let joined = words_of(&roomy).join(" ").replace('|', " ");
        assert_eq!(joined, "After you perform a [Focus] action, you may gain 1 stress token to gain 1 evade token.");
        // A box too short for that size: a smaller size that fits.
        let short = fit(&fonts, &text, 40.0, 8.0, Fit { max: 3.0, min: 1.0, one_line: false });
        assert!(short.fits && short.size < 3.0 && short.height <= 8.0, "{short:?}");
        // Too short at the floor: set at the floor, reported as not fitting.
        let tiny = fit(&fonts, &text, 40.0, 2.0, Fit { max: 3.0, min: 2.0, one_line: false });
        assert!(!tiny.fits && tiny.size == 2.0);
    }

    #[test]
    fn one_line_shrinks_to_the_width_and_never_wraps() {
        let fonts = Fonts::new();
        let name = pieces("Sir Caldric Vane, Knight of the Ember Gate", Weight::Bold);
        let set = fit(&fonts, &name, 30.0, 5.0, Fit { max: 3.2, min: 1.0, one_line: true });
        assert_eq!(set.lines.len(), 1);
        assert!(set.fits && set.width <= 30.0 && set.size < 3.2);
        // A word longer than the box at the floor does not fit.
        let long = fit(
            &fonts,
            &pieces("Supercalifragilistic", Weight::Bold),
            5.0,
            5.0,
            Fit { max: 3.0, min: 2.0, one_line: false },
        );
        assert!(!long.fits);
    }
}
