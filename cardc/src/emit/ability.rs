//! Abilities → tokens that build the runtime's `ability` types as constants.

use cards_runtime::ability::{
    Ability, Amount, Clause, Condition, Count, Duration, Effect, Mark, Noun, Replacement, Step, Subject, Test, Than,
    Timing, Which, Within,
};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::{list, num, opt, s};

/// `::cards_runtime::ability::Enum::Variant` for a unit variant, named by its `Debug` form.
fn unit(path: TokenStream, value: impl std::fmt::Debug) -> TokenStream {
    let v = format_ident!("{}", format!("{value:?}"));
    quote!(::cards_runtime::ability::#path::#v)
}

fn noun(n: &Noun) -> TokenStream {
    let text = s(&n.text);
    let refs = list(&n.refs, |r| {
        let kind = format_ident!("{}", format!("{:?}", r.kind));
        let index = num(r.index);
        quote!(::cards_runtime::ability::VocabRef { kind: ::cards_runtime::model::VocabKind::#kind, index: #index })
    });
    let choice = n.choice;
    let marks = list(&n.marks, mark);
    quote!(::cards_runtime::ability::Noun { text: #text, refs: #refs, choice: #choice, marks: #marks })
}

fn mark(m: &Mark) -> TokenStream {
    let color = opt(&m.color, |c| s(c));
    let speed = opt(&m.speed, |n| num(*n));
    quote!(::cards_runtime::ability::Mark { color: #color, speed: #speed })
}

fn amount(a: &Amount) -> TokenStream {
    match *a {
        Amount::Exactly(n) => {
            let n = num(n);
            quote!(::cards_runtime::ability::Amount::Exactly(#n))
        }
        Amount::UpTo(n) => {
            let n = num(n);
            quote!(::cards_runtime::ability::Amount::UpTo(#n))
        }
        Amount::All => quote!(::cards_runtime::ability::Amount::All),
    }
}

fn effect(e: &Effect) -> TokenStream {
    let kind = unit(quote!(EffectKind), e.kind);
    let text = s(&e.text);
    let amount = opt(&e.amount, amount);
    let (n, to) = (opt(&e.noun, noun), opt(&e.to, noun));
    let color = opt(&e.color, |c| s(c));
    let fully = e.fully;
    let facing = opt(&e.facing, |f| unit(quote!(Facing), f));
    let (target, from) = (opt(&e.target, subject), opt(&e.from, subject));
    let (passive, negated) = (e.passive, e.negated);
    quote! {
        ::cards_runtime::ability::Effect {
            kind: #kind, text: #text, amount: #amount, noun: #n, to: #to, color: #color, fully: #fully, facing: #facing,
            target: #target, from: #from, passive: #passive, negated: #negated,
        }
    }
}

fn subject(x: &Subject) -> TokenStream {
    let text = s(&x.text);
    let person = unit(quote!(Person), x.person);
    let side = unit(quote!(Side), x.side);
    let range = opt(&x.range, |(a, b)| {
        let (a, b) = (num(*a), num(*b));
        quote!((#a, #b))
    });
    quote!(::cards_runtime::ability::Subject { text: #text, person: #person, side: #side, range: #range })
}

fn duration(d: &Duration) -> TokenStream {
    let text = s(&d.text);
    let until = opt(&d.until_end_of, |p| num(*p));
    let round = d.this_round;
    quote!(::cards_runtime::ability::Duration { text: #text, until_end_of: #until, this_round: #round })
}

fn clause(c: &Clause) -> TokenStream {
    let text = s(&c.text);
    let subj = subject(&c.subject);
    let qualifier = unit(quote!(Qualifier), c.qualifier);
    let costs = list(&c.costs, effect);
    let eff = effect(&c.effect);
    let dur = opt(&c.duration, duration);
    let modifiers = list(&c.modifiers, |m| s(m));
    let (instead, alternative) = (c.instead, c.alternative);
    quote! {
        ::cards_runtime::ability::Clause {
            text: #text, subject: #subj, qualifier: #qualifier, costs: #costs, effect: #eff, duration: #dur,
            modifiers: #modifiers, instead: #instead, alternative: #alternative,
        }
    }
}

fn count(c: &Count) -> TokenStream {
    let op = unit(quote!(CmpOp), c.op);
    let n = num(c.n);
    quote!(::cards_runtime::ability::Count { op: #op, n: #n })
}

fn test(t: &Test) -> TokenStream {
    let path = quote!(::cards_runtime::ability::Test);
    match t {
        Test::YouDo { not } => quote!(#path::YouDo { not: #not }),
        Test::State { who, state, not } => {
            let (who, state) = (subject(who), s(state));
            quote!(#path::State { who: #who, state: #state, not: #not })
        }
        Test::Has { who, count: c, noun: n, on } => {
            let (who, c, n, on) = (subject(who), count(c), noun(n), opt(on, subject));
            quote!(#path::Has { who: #who, count: #c, noun: #n, on: #on })
        }
        Test::InArc { who, arc, of, not } => {
            let (who, arc, of) = (subject(who), noun(arc), subject(of));
            quote!(#path::InArc { who: #who, arc: #arc, of: #of, not: #not })
        }
        Test::AtRange { who, range: (a, b), of } => {
            let (who, a, b, of) = (subject(who), num(*a), num(*b), subject(of));
            quote!(#path::AtRange { who: #who, range: (#a, #b), of: #of })
        }
        Test::Stat { who, stat, op, than } => {
            let (who, stat, op) = (subject(who), num(*stat), unit(quote!(CmpOp), op));
            let than = match than {
                Than::Number(n) => {
                    let n = num(*n);
                    quote!(::cards_runtime::ability::Than::Number(#n))
                }
                Than::Ship(x) => {
                    let x = subject(x);
                    quote!(::cards_runtime::ability::Than::Ship(#x))
                }
            };
            quote!(#path::Stat { who: #who, stat: #stat, op: #op, than: #than })
        }
        Test::OnResult(n) => {
            let n = noun(n);
            quote!(#path::OnResult(#n))
        }
        Test::AttackHits { not } => quote!(#path::AttackHits { not: #not }),
        Test::Event { events, not, within } => {
            let events = list(events, clause);
            let within = opt(within, |w: &Within| unit(quote!(Within), w));
            quote!(#path::Event { events: #events, not: #not, within: #within })
        }
        Test::Exists { count: c, who } => {
            let (c, who) = (count(c), subject(who));
            quote!(#path::Exists { count: #c, who: #who })
        }
        Test::Active { who, noun: n, which, active } => {
            let (who, n, which) = (subject(who), noun(n), unit(quote!(Which), which as &Which));
            quote!(#path::Active { who: #who, noun: #n, which: #which, active: #active })
        }
        Test::Obstructed { by } => {
            let by = opt(by, subject);
            quote!(#path::Obstructed { by: #by })
        }
        Test::Revealed { who, color, speed } => {
            let who = subject(who);
            let color = opt(color, |c| s(c));
            let speed = opt(speed, |(a, b)| {
                let (a, b) = (num(*a), num(*b));
                quote!((#a, #b))
            });
            quote!(#path::Revealed { who: #who, color: #color, speed: #speed })
        }
        Test::RevealedVs { who, part, op, than } => {
            let (who, part, op, than) = (subject(who), s(part), unit(quote!(CmpOp), op), subject(than));
            quote!(#path::RevealedVs { who: #who, part: #part, op: #op, than: #than })
        }
        Test::Opaque => quote!(#path::Opaque),
    }
}

fn condition(c: &Condition) -> TokenStream {
    let kind = unit(quote!(CondKind), c.kind);
    let text = s(&c.text);
    let test = test(&c.test);
    quote!(::cards_runtime::ability::Condition { kind: #kind, text: #text, test: #test })
}

fn step(st: &Step) -> TokenStream {
    let conditions = list(&st.conditions, condition);
    let for_each = opt(&st.for_each, noun);
    let timings = list(&st.timings, timing);
    let dur = opt(&st.duration, duration);
    let clauses = list(&st.clauses, clause);
    quote! {
        ::cards_runtime::ability::Step {
            conditions: #conditions, for_each: #for_each, timings: #timings, duration: #dur,
            clauses: #clauses,
        }
    }
}

fn timing(t: &Timing) -> TokenStream {
    let when = unit(quote!(When), t.when);
    let what = s(&t.what);
    let phase = opt(&t.phase, |p| num(*p));
    let event = opt(&t.event, clause);
    let or_events = list(&t.or_events, clause);
    quote! {
        ::cards_runtime::ability::Timing { when: #when, what: #what, phase: #phase, event: #event, or_events: #or_events }
    }
}

fn replacement(r: &Replacement) -> TokenStream {
    let before = r.before;
    let subj = subject(&r.subject);
    let event = effect(&r.event);
    quote!(::cards_runtime::ability::Replacement { before: #before, subject: #subj, event: #event })
}

/// The tokens of one ability.
pub(super) fn ability(a: &Ability) -> TokenStream {
    let name = opt(&a.name, |n| s(n));
    let (text, file) = (s(&a.text), s(&a.file));
    let (start, end) = (num(a.span.start), num(a.span.end));
    let header = opt(&a.header, |h| num(*h));
    let requirement = opt(&a.requirement, noun);
    let timings = list(&a.timings, timing);
    let optional = a.optional;
    let frequency = unit(quote!(Frequency), a.frequency);
    let costs = list(&a.costs, effect);
    let repl = opt(&a.replacement, replacement);
    let steps = list(&a.steps, step);
    quote! {
        ::cards_runtime::ability::Ability {
            name: #name, text: #text, file: #file,
            span: ::cards_runtime::ability::SourceSpan { start: #start, end: #end },
            header: #header, requirement: #requirement, timings: #timings, optional: #optional,
            frequency: #frequency, costs: #costs, replacement: #repl, steps: #steps,
        }
    }
}
