// Tests the TextMate grammar with the tokenizer VS Code uses (vscode-textmate on Oniguruma).
//
//   node test/grammar.test.js            run every check
//   node test/grammar.test.js --update   rewrite the snapshot of the conformance files
//
// 1. `syntaxes/cards.tmLanguage.json` is what `scripts/grammar.js` renders, and the keyword
//    lists there are the compiler's (grammar.pest, ast.rs, cards-runtime's card.rs).
// 2. Hand-written lines get the scopes written next to them.
// 3. Every line of the conformance files (`$CARDC_SHARED/examples`, by default the `shared`
//    folder beside the repository) gets the scopes an independent scan of the file expects:
//    every `[Name]` in text is an icon, every declared header is a heading, every comment,
//    string, field name, card declaration (any word but a declaration keyword before a
//    quoted name), `kind`, `roster`, `distance` and `verb` line has its scope, nothing outside
//    text is left unscoped. The repository's `cards/` sets and the folders in `CARDS_GRAMMAR_EXTRA`
//    (`:`-separated) get the same scan.
// 4. The tokens of the conformance files equal `test/examples.tokens.snap`.
// Exits 1 on any failure, with what was expected and what was found.
'use strict';

const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');
const source = require('../scripts/grammar.js');

const ROOT = path.join(__dirname, '..');
const REPO = path.join(ROOT, '..', '..');
const SHARED = path.resolve(ROOT, process.env.CARDC_SHARED || path.join('..', '..', '..', 'shared'));
const EXAMPLES = path.join(SHARED, 'examples');
const SNAPSHOT = path.join(__dirname, 'examples.tokens.snap');
const UPDATE = process.argv.includes('--update');

/** Failures so far, each a readable paragraph. */
const failures = [];
function fail(message) {
  failures.push(message);
}

// ---------------------------------------------------------------------------------------
// Tokenizing

/** Loads the committed grammar into vscode-textmate. */
async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.cards') return null;
      return vsctm.parseRawGrammar(fs.readFileSync(source.OUTPUT, 'utf8'), source.OUTPUT);
    },
  });
  return registry.loadGrammar('source.cards');
}

/** The lines of `text` (LF or CRLF), each as a list of `{ start, end, text, scopes }`. */
function tokenize(grammar, text) {
  let stack = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return {
      line,
      tokens: result.tokens.map((t) => ({
        start: t.startIndex,
        end: Math.min(t.endIndex, line.length),
        text: line.slice(t.startIndex, t.endIndex),
        scopes: t.scopes,
      })),
    };
  });
}

/** The scopes of the character at `column` of a tokenized line. */
function scopesAt(tokenized, column) {
  const token = tokenized.tokens.find((t) => t.start <= column && column < t.end);
  return token ? token.scopes : [];
}

// ---------------------------------------------------------------------------------------
// 1. The committed grammar and the compiler's keyword lists

/** The alternatives of a pest rule written `name = @{ ("a" | "b" …) ~ kw_end }`. */
function pestAlternatives(pest, rule) {
  const match = pest.match(new RegExp(`^${rule}\\s*=\\s*@\\{([\\s\\S]*?)\\}\\s*$`, 'm'));
  if (!match) return null;
  return [...match[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/**
 * The words a pest rule written `name = @{ !(k_game | k_kind …) ~ ident }` excludes: the
 * alternatives of each keyword rule in its `!( … )`.
 */
function pestExcluded(pest, rule) {
  const match = pest.match(new RegExp(`^${rule}\\s*=\\s*@\\{\\s*!\\(([^)]*)\\)`, 'm'));
  if (!match) return null;
  return match[1]
    .split('|')
    .map((k) => k.trim())
    .flatMap((k) => pestAlternatives(pest, k) || [`<no rule ${k}>`]);
}

/** The `Type::Variant => "word"` arms of `fn name` in Rust source, as `[variant, word]`. */
function rustArms(rust, name) {
  const at = rust.indexOf(`fn ${name}(`);
  if (at < 0) return null;
  const end = rust.indexOf('\n    }\n', at);
  const body = rust.slice(at, end < 0 ? undefined : end);
  return [...body.matchAll(/\w+::(\w+) => "([a-z-]+)"/g)].map((m) => [m[1], m[2]]);
}

function checkSources() {
  const rendered = source.render();
  const committed = fs.readFileSync(source.OUTPUT, 'utf8');
  if (rendered !== committed) {
    fail('syntaxes/cards.tmLanguage.json is not what scripts/grammar.js renders: run `node scripts/grammar.js`');
  }
  const pestPath = path.join(REPO, 'cardc-grammar', 'src', 'grammar.pest');
  const astPath = path.join(REPO, 'cardc', 'src', 'ast.rs');
  const pest = fs.readFileSync(pestPath, 'utf8');
  const ast = fs.readFileSync(astPath, 'utf8');
  const atomKeywords = [...ast.matchAll(/AtomKind::\w+ => "([a-z-]+)"/g)].map((m) => m[1]);
  const cardPath = path.join(REPO, 'cards-runtime', 'src', 'model', 'card.rs');
  const card = fs.readFileSync(cardPath, 'utf8');
  // `CardKind::as_str` names the built-in kinds; `role_word` gives some of them another
  // word as a role (`other => other.as_str()` for the rest).
  const kinds = rustArms(card, 'as_str') || [];
  const roleArms = new Map(rustArms(card, 'role_word') || []);
  const roles = kinds.map(([variant, word]) => roleArms.get(variant) || word);
  const lists = [
    ['vocab_kind in grammar.pest', pestAlternatives(pest, 'vocab_kind'), source.VOCAB_KINDS],
    // A card's kind is any word but these: a line starting with one is another declaration.
    ['the words card_kind in grammar.pest excludes', pestExcluded(pest, 'card_kind'), source.DECLARATIONS],
    ['CardKind::as_str in card.rs', kinds.map(([, word]) => word), source.CARD_KINDS],
    ['CardKind::role_word in card.rs', roles, source.ROLES],
    ['k_allow in grammar.pest', pestAlternatives(pest, 'k_allow'), source.LINT_LEVELS],
    ['k_kind in grammar.pest', pestAlternatives(pest, 'k_kind'), ['kind']],
    ['k_roster in grammar.pest', pestAlternatives(pest, 'k_roster'), ['roster']],
    ['k_distance in grammar.pest', pestAlternatives(pest, 'k_distance'), ['distance']],
    ['k_adjacent in grammar.pest', pestAlternatives(pest, 'k_adjacent'), ['adjacent']],
    ['k_verb in grammar.pest', pestAlternatives(pest, 'k_verb'), ['verb']],
    ['entry_flag in grammar.pest', pestAlternatives(pest, 'entry_flag'), source.ENTRY_FLAGS],
    ['AtomKind::keyword in ast.rs', atomKeywords, source.RESTRICTION_ATOMS],
  ];
  for (const [where, theirs, ours] of lists) {
    const a = JSON.stringify([...(theirs || [])].sort());
    const b = JSON.stringify([...ours].sort());
    if (!theirs || theirs.length === 0 || a !== b) {
      fail(`the keyword list for ${where} differs from scripts/grammar.js\n  compiler: ${a}\n  grammar:  ${b}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// 2. Hand-written expectations

/**
 * Each case is a snippet and what it must give: `[line, text, scope]` means the `text`
 * on that line (its first occurrence, or the occurrence given as `[text, n]`) is covered by
 * tokens whose scopes include `scope` (or, for `!scope`, never include it).
 */
const CASES = [
  {
    name: 'releases, and values from a release on',
    source: [
      'release jan-2019 "Points, January 2019" 2019-01-04 points',
      'upgrade "Jyn Erso" {',
      '  since: core',
      '  unique from points-2',
      '  cost: 2 cost from points-2: 4',
      '  requires from errata-1: size small',
      '  text from errata-1 {',
      '    Gain 1 [Focus] token.',
      '  }',
      '}',
    ],
    expect: [
      [0, 'release', 'keyword.other.release.cards'],
      [0, 'jan-2019', 'entity.name.type.release.cards'],
      [0, '"Points, January 2019"', 'string.quoted.double.cards'],
      [0, '2019-01-04', 'constant.numeric.date.cards'],
      [0, 'points', 'storage.modifier.release-kind.cards'],
      [2, 'since', 'variable.other.property.cards'],
      [3, 'unique', 'storage.modifier.flag.cards'],
      [3, 'from', 'keyword.other.from.cards'],
      [3, 'points-2', 'entity.name.type.release.cards'],
      [4, 'cost', 'variable.other.property.cards'],
      [4, '2', 'constant.numeric.integer.cards'],
      [4, 'from', 'keyword.other.from.cards'],
      [4, 'points-2', 'entity.name.type.release.cards'],
      [4, '4', 'constant.numeric.integer.cards'],
      [5, 'requires', 'variable.other.property.cards'],
      [5, 'from', 'keyword.other.from.cards'],
      [5, 'errata-1', 'entity.name.type.release.cards'],
      [5, 'size', 'keyword.other.restriction.cards'],
      [6, 'text', 'keyword.other.text.cards'],
      [6, 'from', 'keyword.other.from.cards'],
      [6, 'errata-1', 'entity.name.type.release.cards'],
      [7, 'Gain', 'string.unquoted.text.cards'],
    ],
  },
  {
    name: 'a card with fields, flags, a restriction and text',
    source: [
      'upgrade "Jyn Erso" as jyn-erso-crew {  # a crew card',
      '  icon: crew',
      '  unique',
      '  cost: 2  limited: 1',
      '  requires: size small, medium and not (faction rebel or flagship)',
      '  text {',
      '    Setup: Gain 1 [Focus] token. Action: Spend 2 [Charge] to boost at range 0-3.',
      '  }',
      '}',
    ],
    expect: [
      [0, 'upgrade', 'storage.type.card.cards'],
      [0, '"Jyn Erso"', 'string.quoted.double.card-name.cards'],
      [0, 'as', 'keyword.other.as.cards'],
      [0, 'jyn-erso-crew', 'entity.name.type.card.cards'],
      [0, '{', 'punctuation.section.block.begin.cards'],
      [0, '# a crew card', 'comment.line.number-sign.cards'],
      [1, 'icon', 'variable.other.property.cards'],
      [1, 'crew', 'variable.other.constant.cards'],
      [2, 'unique', 'storage.modifier.flag.cards'],
      [3, 'cost', 'variable.other.property.cards'],
      [3, '2', 'constant.numeric.integer.cards'],
      [3, 'limited', 'variable.other.property.cards'],
      [3, '1', 'constant.numeric.integer.cards'],
      [4, 'requires', 'variable.other.property.cards'],
      [4, 'size', 'keyword.other.restriction.cards'],
      [4, 'small', 'variable.other.constant.cards'],
      [4, 'and', 'keyword.operator.logical.cards'],
      [4, 'not', 'keyword.operator.logical.cards'],
      [4, 'faction', 'keyword.other.restriction.cards'],
      [4, 'or', 'keyword.operator.logical.cards'],
      [4, 'flagship', 'keyword.other.restriction.cards'],
      [5, 'text', 'keyword.other.text.cards'],
      [6, 'Setup', 'markup.heading.header.cards'],
      [6, 'Gain', 'string.unquoted.text.cards'],
      [6, 'Gain', '!markup.heading.header.cards'],
      [6, '1', 'constant.numeric.integer.cards'],
      [6, '[Focus]', 'constant.other.icon.cards'],
      [6, 'Focus', 'variable.other.constant.icon.cards'],
      [6, 'Action', 'markup.heading.header.cards'],
      [6, '2', 'constant.numeric.integer.cards'],
      [6, '[Charge]', 'constant.other.icon.cards'],
      [6, '0-3', 'constant.numeric.range.cards'],
      [7, '}', 'punctuation.section.block.end.cards'],
      [8, '}', 'punctuation.section.block.end.cards'],
    ],
  },
  {
    name: 'text is raw: a # is text, words with digits are not numbers, a sentence start with a colon is a header',
    source: [
      'ship "4-LOM" {',
      '  text { Attack ([Lock]):Roll 1 die. Bonus Attack: Gain #1 token from 4-LOM or R2-D2 at x1. }',
      '  chassis: g-1a',
      '}',
    ],
    expect: [
      [0, '"4-LOM"', 'string.quoted.double.card-name.cards'],
      [1, 'Attack', 'markup.heading.header.cards'],
      [1, 'Lock', 'variable.other.constant.icon.cards'],
      [1, 'Lock', 'meta.requirement.cards'],
      [1, 'Roll', '!markup.heading.header.cards'],
      [1, 'Bonus Attack', 'markup.heading.header.cards'],
      [1, '#1', '!comment.line.number-sign.cards'],
      [1, '#1', 'string.unquoted.text.cards'],
      [1, '4-LOM', '!constant.numeric.integer.cards'],
      [1, 'R2-D2', '!constant.numeric.integer.cards'],
      [1, 'x1', '!constant.numeric.integer.cards'],
      [1, ' }', 'punctuation.section.block.end.cards'],
      [2, 'chassis', 'variable.other.property.cards'],
      [2, 'g-1a', 'variable.other.constant.cards'],
    ],
  },
  {
    name: 'game.cards: the game line, vocabulary over two lines, flagship, lint levels, rules',
    source: [
      'game xwing "X-Wing \\"2.0\\""',
      'faction rebel "Rebel Alliance",',
      '  empire "Galactic Empire"  # continued after a comma',
      'icon commander "Commander" implicit, ship-icon-like "S"',
      'header action "Action" optional',
      'ship-icon victory "Victory"',
      'flagship: ship with commander',
      'allow unused-icon, opaque-clause',
      'rule one-title "A ship has at most one title":',
      '  at most 1 upgrade with icon title per ship',
      'rule no-flotilla "No commander on a flotilla":',
      '  no upgrade with icon commander per ship',
      '  where trait flotilla and not size large',
      'rule points "400 points": total cost of ships at most 400 per fleet',
      'rule same "Same": same upgrade with trait standardized per ship-icon',
    ],
    expect: [
      [0, 'game', 'keyword.other.game.cards'],
      [0, 'xwing', 'entity.name.namespace.game.cards'],
      [0, '"X-Wing', 'string.quoted.double.cards'],
      [0, '\\"', 'constant.character.escape.cards'],
      [1, 'faction', 'storage.type.vocabulary.cards'],
      [1, 'rebel', 'entity.name.constant.vocabulary.cards'],
      [1, '"Rebel Alliance"', 'string.quoted.double.cards'],
      [1, ',', 'punctuation.separator.comma.cards'],
      [2, 'empire', 'entity.name.constant.vocabulary.cards'],
      [2, '# continued', 'comment.line.number-sign.cards'],
      [3, 'icon', 'storage.type.vocabulary.cards'],
      [3, 'implicit', 'storage.modifier.entry.cards'],
      [3, 'ship-icon-like', 'entity.name.constant.vocabulary.cards'],
      [4, 'header', 'storage.type.vocabulary.cards'],
      [4, 'optional', 'storage.modifier.entry.cards'],
      [5, 'ship-icon', 'storage.type.vocabulary.cards'],
      [5, 'ship-icon', '!storage.type.card.cards'],
      [6, 'flagship', 'keyword.other.flagship.cards'],
      [6, 'with', 'keyword.other.flagship.cards'],
      [6, 'commander', 'variable.other.constant.cards'],
      [7, 'allow', 'keyword.other.lint-level.cards'],
      [7, 'unused-icon', 'variable.other.constant.lint.cards'],
      [8, 'rule', 'keyword.other.rule.cards'],
      [8, 'one-title', 'entity.name.function.rule.cards'],
      [8, '"A ship has at most one title"', 'string.quoted.double.cards'],
      [9, 'at most', 'keyword.operator.comparison.cards'],
      [9, '1', 'constant.numeric.integer.cards'],
      [9, 'upgrade', 'support.type.card-kind.cards'],
      [9, 'upgrade', '!storage.type.card.cards'],
      [9, 'with', 'keyword.other.rule.cards'],
      [9, 'icon', 'keyword.other.rule.cards'],
      [9, 'title', 'variable.other.constant.cards'],
      [9, 'per', 'keyword.other.rule.cards'],
      [9, 'ship', 'constant.language.scope.cards'],
      [11, 'no', 'keyword.operator.comparison.cards'],
      [12, 'where', 'keyword.other.rule.cards'],
      [12, 'trait', 'keyword.other.restriction.cards'],
      [12, 'flotilla', 'variable.other.constant.cards'],
      [12, 'not', 'keyword.operator.logical.cards'],
      [13, 'total', 'keyword.other.rule.cards'],
      [13, 'ships', 'support.type.card-kind.cards'],
      [13, 'fleet', 'constant.language.scope.cards'],
      [14, ['same', 1], 'keyword.other.rule.cards'],
      [14, 'ship-icon', 'constant.language.scope.cards'],
    ],
  },
  {
    name: 'one-line cards, grants, action bars, charges, named abilities',
    source: [
      'part "Nuclear Drive" { drive  initiative: 1  energy: -1 }',
      'upgrade "R2" { grants: slot crew -1, action red evade, stat energy +1 }',
      'chassis "TIE" {',
      '  actions: focus > red barrel-roll, lock',
      '  charges: 2 recurring',
      '  ability "Full Throttle" {',
      '    After you fully execute a speed 3-5 maneuver, you may perform an [Evade] action.',
      '  }',
      '}',
      'blueprint "B" { spaces: hull, empty  with: 1 }',
    ],
    expect: [
      [0, 'part', 'storage.type.card.cards'],
      [0, 'drive', 'storage.modifier.flag.cards'],
      [0, 'initiative', 'variable.other.property.cards'],
      [0, '1', 'constant.numeric.integer.cards'],
      [0, 'energy', 'variable.other.property.cards'],
      [0, '-1', 'constant.numeric.integer.cards'],
      [0, '}', 'punctuation.section.block.end.cards'],
      [1, 'upgrade', 'storage.type.card.cards'],
      [1, 'grants', 'variable.other.property.cards'],
      [1, 'slot', 'keyword.other.grant.cards'],
      [1, 'crew', 'variable.other.constant.cards'],
      [1, '-1', 'constant.numeric.integer.cards'],
      [1, 'action', 'keyword.other.grant.cards'],
      [1, 'red', 'storage.modifier.difficulty.cards'],
      [1, 'stat', 'keyword.other.grant.cards'],
      [1, 'energy', 'variable.other.constant.cards'],
      [1, '+1', 'constant.numeric.integer.cards'],
      [2, 'chassis', 'storage.type.card.cards'],
      [3, '>', 'keyword.operator.cards'],
      [3, 'red', 'storage.modifier.difficulty.cards'],
      [3, 'barrel-roll', 'variable.other.constant.cards'],
      [4, 'recurring', 'storage.modifier.recurring.cards'],
      [5, 'ability', 'keyword.other.ability.cards'],
      [5, 'Full Throttle', 'string.quoted.double.ability-name.cards'],
      [6, '3-5', 'constant.numeric.range.cards'],
      [6, '[Evade]', 'constant.other.icon.cards'],
      [6, 'After', '!markup.heading.header.cards'],
      [9, 'empty', 'constant.language.empty.cards'],
      [9, 'with', 'variable.other.property.cards'],
      [9, 'with', '!keyword.other.rule.cards'],
    ],
  },
  {
    name: 'a byte-order mark before the first item is blank, as in grammar.pest',
    source: ['\uFEFFgame bom "B"', 'faction a "A"'],
    expect: [
      [0, 'game', 'keyword.other.game.cards'],
      [0, 'bom', 'entity.name.namespace.game.cards'],
      [1, 'faction', 'storage.type.vocabulary.cards'],
    ],
  },
  {
    name: 'a broken line does not spill: an unclosed string ends with its line, a misspelt kind keeps its body',
    source: [
      'game broken "Unclosed',
      'faction a "A"',
      'ship "X" {',
      '  xws: "open',
      '  cost: 3',
      '}',
      'upgrade "Y" { cost: 1 }',
      'shp "Z" {',
      '  cost: 4',
      '}',
      '"W" {',
      '  cost: 5',
      '}',
    ],
    expect: [
      [0, '"Unclosed', 'string.quoted.double.cards'],
      [1, 'faction', 'storage.type.vocabulary.cards'],
      [1, 'faction', '!string.quoted.double.cards'],
      [3, '"open', 'string.quoted.double.cards'],
      [4, 'cost', 'variable.other.property.cards'],
      [6, 'upgrade', 'storage.type.card.cards'],
      // Any word before a name starts a card; the checker says `shp` is no kind (E0109).
      [7, 'shp', 'storage.type.card.cards'],
      [8, 'cost', 'variable.other.property.cards'],
      [8, '4', 'constant.numeric.integer.cards'],
      [10, '"W"', '!string.quoted.double.card-name.cards'],
      [10, '{', 'punctuation.section.block.begin.cards'],
      [11, 'cost', 'variable.other.property.cards'],
      [11, '5', 'constant.numeric.integer.cards'],
    ],
  },
  {
    name: "a game's own kinds: kind and roster lines, cards of any kind, `class` cards, rules over its words",
    source: [
      'kind hero "Hero" "Heroes" unit, item "Item" upgrade',
      'kind calling "Calling" profile,  # a list goes on after a comma',
      '  spell "Spell" upgrade',
      'roster warband "Warband"',
      'hero "Aria" {',
      '  class: warrior',
      '}',
      'class warrior "Warrior"',
      'class "Warrior" {',
      '  size: small',
      '}',
      'faction a "A",',
      '  b "B"',
      'size small,',
      'class "Mystic" { might: 1 }',
      'rule one-relic "A hero carries at most one relic":',
      '  at most 1 item with icon relic per hero',
      'rule points "100 gold": total cost of items at most 100 per warband',
      'hero "Brom" as brom { }',
    ],
    expect: [
      [0, 'kind', 'storage.type.kind.cards'],
      [0, 'hero', 'entity.name.type.kind.cards'],
      [0, '"Hero"', 'string.quoted.double.cards'],
      [0, '"Heroes"', 'string.quoted.double.cards'],
      [0, 'unit', 'storage.modifier.role.cards'],
      [0, ',', 'punctuation.separator.comma.cards'],
      [0, 'item', 'entity.name.type.kind.cards'],
      [0, 'item', '!storage.modifier.role.cards'],
      [0, '"Item"', 'string.quoted.double.cards'],
      [0, 'upgrade', 'storage.modifier.role.cards'],
      [0, 'upgrade', '!storage.type.card.cards'],
      [1, 'calling', 'entity.name.type.kind.cards'],
      [1, 'profile', 'storage.modifier.role.cards'],
      [1, ',', 'punctuation.separator.comma.cards'],
      [1, '# a list', 'comment.line.number-sign.cards'],
      // After a trailing comma the next line goes on with the list, though it looks like a card.
      [2, 'spell', 'entity.name.type.kind.cards'],
      [2, 'spell', 'meta.declaration.kind.cards'],
      [2, 'spell', '!storage.type.card.cards'],
      [2, '"Spell"', '!string.quoted.double.card-name.cards'],
      [2, 'upgrade', 'storage.modifier.role.cards'],
      [3, 'roster', 'keyword.other.roster.cards'],
      [3, 'warband', 'entity.name.type.roster.cards'],
      [3, '"Warband"', 'string.quoted.double.cards'],
      // A card line ends the declaration before it.
      [4, 'hero', 'storage.type.card.cards'],
      [4, 'hero', '!meta.declaration.roster.cards'],
      [4, '"Aria"', 'string.quoted.double.card-name.cards'],
      [4, '{', 'punctuation.section.block.begin.cards'],
      [5, 'class', 'variable.other.property.cards'],
      [5, 'warrior', 'variable.other.constant.cards'],
      [6, '}', 'punctuation.section.block.end.cards'],
      [7, 'class', 'storage.type.vocabulary.cards'],
      [7, 'class', '!storage.type.card.cards'],
      [7, 'warrior', 'entity.name.constant.vocabulary.cards'],
      [8, 'class', 'storage.type.card.cards'],
      [8, 'class', '!storage.type.vocabulary.cards'],
      [8, 'class', '!meta.declaration.vocabulary.cards'],
      [8, '"Warrior"', 'string.quoted.double.card-name.cards'],
      [8, '{', 'punctuation.section.block.begin.cards'],
      [9, 'size', 'variable.other.property.cards'],
      [10, '}', 'punctuation.section.block.end.cards'],
      [12, 'b', 'entity.name.constant.vocabulary.cards'],
      [12, 'b', '!storage.type.card.cards'],
      [12, '"B"', 'meta.declaration.vocabulary.cards'],
      // A keyword ends a list even after a trailing comma.
      [14, 'class', 'storage.type.card.cards'],
      [14, 'class', '!meta.declaration.vocabulary.cards'],
      [14, 'might', 'variable.other.property.cards'],
      // A game's own kinds and roster in a rule are plain words; the checker resolves them.
      [16, 'item', 'variable.other.constant.cards'],
      [16, 'item', '!support.type.card-kind.cards'],
      [16, 'with', 'keyword.other.rule.cards'],
      [16, 'per', 'keyword.other.rule.cards'],
      [16, 'hero', 'variable.other.constant.cards'],
      [16, 'hero', '!constant.language.scope.cards'],
      [17, 'of', 'keyword.other.rule.cards'],
      [17, 'items', 'variable.other.constant.cards'],
      [17, 'warband', 'variable.other.constant.cards'],
      [18, 'hero', 'storage.type.card.cards'],
      [18, 'hero', '!meta.declaration.rule.cards'],
      [18, 'as', 'keyword.other.as.cards'],
      [18, 'brom', 'entity.name.type.card.cards'],
    ],
  },
  {
    name: 'distance lines: the keyword, the unit, its names, `adjacent` and its number',
    source: [
      'roster warband "Warband"',
      'distance space "Space" "Spaces" adjacent 1  # `within 2 spaces`',
      'distance inch',
      'hero "Aria" {',
      '  reach: adjacent',
      '}',
    ],
    expect: [
      [0, 'roster', 'keyword.other.roster.cards'],
      [1, 'distance', 'keyword.other.distance.cards'],
      [1, 'distance', '!keyword.other.roster.cards'],
      [1, 'distance', '!storage.type.card.cards'],
      [1, 'space', 'entity.name.type.distance.cards'],
      [1, '"Space"', 'string.quoted.double.cards'],
      [1, '"Spaces"', 'string.quoted.double.cards'],
      [1, 'adjacent', 'keyword.other.distance.cards'],
      [1, '1', 'constant.numeric.integer.cards'],
      [1, '# `within', 'comment.line.number-sign.cards'],
      [1, '# `within', '!keyword.other.distance.cards'],
      [2, 'distance', 'keyword.other.distance.cards'],
      [2, 'inch', 'entity.name.type.distance.cards'],
      // A card line ends the declaration before it.
      [3, 'hero', 'storage.type.card.cards'],
      [3, 'hero', '!meta.declaration.distance.cards'],
      // `adjacent` is a keyword of the `distance` line alone.
      [4, 'reach', 'variable.other.property.cards'],
      [4, 'adjacent', 'variable.other.constant.cards'],
      [4, 'adjacent', '!keyword.other.distance.cards'],
    ],
  },
  {
    name: 'verb lines: the keyword, each verb, an irregular one\'s forms, a list after `,`',
    source: [
      'distance space "Space" "Spaces" adjacent 1',
      'verb heal, push,  # ours',
      '  bury',
      'verb cast "casts" "cast"',
      'hero "Aria" {',
      '  verb: heal',
      '}',
    ],
    expect: [
      [1, 'verb', 'keyword.other.verb.cards'],
      [1, 'verb', '!storage.type.card.cards'],
      [1, 'verb', '!meta.declaration.distance.cards'],
      [1, 'heal', 'entity.name.type.verb.cards'],
      [1, ',', 'punctuation.separator.comma.cards'],
      [1, 'push', 'entity.name.type.verb.cards'],
      [1, '# ours', 'comment.line.number-sign.cards'],
      [1, '# ours', '!entity.name.type.verb.cards'],
      // The list goes on after the `,`.
      [2, 'bury', 'entity.name.type.verb.cards'],
      [2, 'bury', '!storage.type.card.cards'],
      [3, 'verb', 'keyword.other.verb.cards'],
      [3, 'cast', 'entity.name.type.verb.cards'],
      [3, '"casts"', 'string.quoted.double.cards'],
      [3, '"cast"', 'string.quoted.double.cards'],
      [3, '"cast"', '!entity.name.type.verb.cards'],
      // A card line ends the declaration before it.
      [4, 'hero', 'storage.type.card.cards'],
      [4, 'hero', '!meta.declaration.verb.cards'],
      // `verb` starts a line of its own only at the top level.
      [5, 'verb', 'variable.other.property.cards'],
      [5, 'verb', '!keyword.other.verb.cards'],
    ],
  },
];

/** The columns of the `n`-th occurrence of `text` on `line` (0-based), or null. */
function find(line, text, n) {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = line.indexOf(text, at + 1);
    if (at < 0) return null;
  }
  return at;
}

function checkCases(grammar) {
  for (const c of CASES) {
    const lines = tokenize(grammar, c.source.join('\n'));
    for (const [index, spec, expected] of c.expect) {
      const [text, n] = Array.isArray(spec) ? spec : [spec, 0];
      const tokenized = lines[index];
      const at = tokenized ? find(tokenized.line, text, n) : null;
      if (at === null) {
        fail(`case "${c.name}": line ${index} has no \`${text}\` (the test is wrong)`);
        continue;
      }
      const negated = expected.startsWith('!');
      const scope = negated ? expected.slice(1) : expected;
      for (let col = at; col < at + text.length; col++) {
        if (/\s/.test(tokenized.line[col])) continue;
        const scopes = scopesAt(tokenized, col);
        if (scopes.includes(scope) === negated) {
          fail(
            `case "${c.name}", line ${index}: \`${text}\` should ${negated ? 'not ' : ''}have ${scope}\n` +
              `  ${tokenized.line}\n  ${' '.repeat(col)}^ ${scopes.join(' ')}`,
          );
          break;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// 3. Every line of real files gets the scopes its structure calls for

/**
 * Scans a `.cards` file the way grammar.pest reads it (not with the TextMate grammar), and
 * returns what each span must be: `{ line, start, end, scope }` with `end` exclusive.
 * `headers` are the display names of the set's declared headers.
 */
function expectations(text, headers) {
  const out = [];
  const lines = text.split(/\r?\n/);
  const id = '[a-z0-9]+(?:-[a-z0-9]+)*';
  const kwEnd = '(?![a-z0-9]|-[a-z0-9])';
  const lead = '^[ \\t\\uFEFF]*';
  // `class warrior "Warrior"` is a vocabulary line; `class "Warrior" {` is a card.
  const vocab = new RegExp(`${lead}(${source.VOCAB_KINDS.join('|')})${kwEnd}(?![ \\t]+")`);
  // A card: any word but a declaration keyword, blanks, its quoted name (`hero "Aria"`).
  const card = new RegExp(
    `${lead}(?!(?:${source.DECLARATIONS.join('|')})${kwEnd})(${id})[ \\t]+("(?:[^"\\\\]|\\\\.)*")(?:[ \\t]+as[ \\t]+(${id}))?`,
  );
  const kind = new RegExp(`${lead}(kind)${kwEnd}`);
  const roster = new RegExp(`${lead}(roster)${kwEnd}(?:[ \\t]+(${id})${kwEnd})?`);
  const distance = new RegExp(`${lead}(distance)${kwEnd}(?:[ \\t]+(${id})${kwEnd})?`);
  const adjacent = new RegExp(`(?<![a-z0-9-])adjacent${kwEnd}`);
  const verb = new RegExp(`${lead}(verb)${kwEnd}`);
  // A line that starts a top-level item even after a trailing comma (cardc's chunker).
  const keyword = new RegExp(
    `${lead}(?:${[...source.DECLARATIONS, ...source.VOCAB_KINDS, ...source.CARD_KINDS].join('|')})${kwEnd}`,
  );
  let depth = 0; // braces of card bodies
  let inText = false; // inside `text { … }` or `ability "…" { … }`
  let last = ''; // the last character of code (not blank, not a comment) so far
  let inKind = false; // inside a `kind` declaration
  let inVerb = false; // inside a `verb` declaration
  let entryNext = false; // the next word of the `kind` or `verb` declaration is an entry's id
  lines.forEach((line, n) => {
    let col = 0;
    const push = (start, end, scope) => out.push({ line: n, start, end, scope });
    if (depth === 0 && !inText && !/^[ \t\uFEFF]*(?:#.*)?$/.test(line)) {
      // After a trailing comma a list goes on (`  empire "Galactic Empire"` is an entry),
      // unless the line starts with a keyword.
      const continued = last === ',' && !keyword.test(line);
      if (!continued) {
        inKind = false;
        inVerb = false;
      }
      const v = line.match(vocab);
      if (v) push(v[0].length - v[1].length, v[0].length, 'storage.type.vocabulary.cards');
      const k = line.match(kind);
      if (k) {
        push(k[0].length - k[1].length, k[0].length, 'storage.type.kind.cards');
        inKind = true;
        entryNext = true;
        col = k[0].length;
      }
      const r = line.match(roster);
      if (r) {
        const at = r[0].indexOf(r[1]);
        push(at, at + r[1].length, 'keyword.other.roster.cards');
        if (r[2]) push(r[0].length - r[2].length, r[0].length, 'entity.name.type.roster.cards');
      }
      const dl = line.match(distance);
      if (dl) {
        const at = dl[0].indexOf(dl[1]);
        push(at, at + dl[1].length, 'keyword.other.distance.cards');
        if (dl[2]) push(dl[0].length - dl[2].length, dl[0].length, 'entity.name.type.distance.cards');
        // `adjacent` after the names, outside strings and the comment.
        const code = line.replace(/"(?:[^"\\]|\\.)*"?/g, (q) => ' '.repeat(q.length)).replace(/#.*$/, '');
        const a = code.slice(dl[0].length).match(adjacent);
        if (a) push(dl[0].length + a.index, dl[0].length + a.index + a[0].length, 'keyword.other.distance.cards');
      }
      const vb = line.match(verb);
      if (vb) {
        push(vb[0].length - vb[1].length, vb[0].length, 'keyword.other.verb.cards');
        inVerb = true;
        entryNext = true;
        col = vb[0].length;
      }
      const c = continued ? null : line.match(card);
      if (c) {
        const kindAt = c[0].indexOf(c[1]);
        push(kindAt, kindAt + c[1].length, 'storage.type.card.cards');
        const nameAt = c[0].indexOf(c[2], kindAt + c[1].length);
        push(nameAt, nameAt + c[2].length, 'string.quoted.double.card-name.cards');
        if (c[3]) push(c[0].length - c[3].length, c[0].length, 'entity.name.type.card.cards');
      }
    }
    while (col < line.length) {
      if (inText) {
        const close = line.indexOf('}', col);
        const end = close < 0 ? line.length : close;
        textExpectations(line, n, col, end, headers, out);
        if (close < 0) return;
        inText = false;
        col = close + 1;
        last = '}';
        continue;
      }
      const rest = line.slice(col);
      const ch = line[col];
      let m;
      if (ch === '#') {
        push(col, line.length, 'comment.line.number-sign.cards');
        return;
      }
      if (ch === '"') {
        m = rest.match(/^"(?:[^"\\]|\\.)*("|$)/);
        push(col, col + m[0].length, 'string.quoted.double');
        col += m[0].length;
        last = '"';
        continue;
      }
      if (depth > 0 && (m = rest.match(/^(?:text[ \t]*\{|ability[ \t]+"(?:[^"\\]|\\.)*"[ \t]*\{)/)) && !/[a-z0-9-]$/.test(line.slice(0, col))) {
        inText = true;
        col += m[0].length;
        continue;
      }
      if ((m = rest.match(/^[+-]?[0-9]+(?![a-z0-9]|-[a-z0-9])/)) && !/[a-z0-9-]$/.test(line.slice(0, col))) {
        push(col, col + m[0].length, 'constant.numeric');
        col += m[0].length;
        last = '0';
        continue;
      }
      if ((m = rest.match(/^[a-z0-9]+(?:-[a-z0-9]+)*/))) {
        const key = depth > 0 && /^[ \t]*:/.test(rest.slice(m[0].length));
        let scope = key ? 'variable.other.property.cards' : null;
        if (inKind && depth === 0) {
          // `kind <id> ["Name" ["Plural"]] <role>, …`: an entry's first word is its id,
          // the word after its names its role.
          if (entryNext) scope = 'entity.name.type.kind.cards';
          else if (source.ROLES.includes(m[0])) scope = 'storage.modifier.role.cards';
          entryNext = false;
        }
        if (inVerb && depth === 0) {
          // `verb <id> ["third" "past"], …`: an entry's first word is the verb.
          if (entryNext) scope = 'entity.name.type.verb.cards';
          entryNext = false;
        }
        push(col, col + m[0].length, scope);
        col += m[0].length;
        last = 'a';
        continue;
      }
      if (ch === '{') depth++;
      if (ch === '}') depth = Math.max(0, depth - 1);
      if (ch === ',' && (inKind || inVerb) && depth === 0) entryNext = true;
      if (!/\s/.test(ch)) {
        push(col, col + 1, null);
        last = ch;
      }
      col++;
    }
  });
  return out;
}

/** What the printed text between `start` and `end` on one line must be. */
function textExpectations(line, n, start, end, headers, out) {
  const body = line.slice(start, end);
  out.push({ line: n, start, end, scope: 'string.unquoted.text.cards' });
  for (const m of body.matchAll(/\[([^\[\]]+)\]/g)) {
    const at = start + m.index;
    out.push({ line: n, start: at, end: at + m[0].length, scope: 'constant.other.icon.cards' });
    out.push({ line: n, start: at + 1, end: at + 1 + m[1].length, scope: 'variable.other.constant.icon.cards' });
  }
  for (const m of body.matchAll(/(?<![\w-])[+-]?[0-9]+(?:-[0-9]+)?(?![\w-])/g)) {
    const at = start + m.index;
    out.push({ line: n, start: at, end: at + m[0].length, scope: 'constant.numeric' });
  }
  for (const header of headers) {
    const escaped = header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`(?:^|(?<=[.!?{])[ \\t]*|^[ \\t]*)(${escaped})(?:[ \\t]*\\([^()]*\\))?[ \\t]*:`, 'g');
    for (const m of body.matchAll(re)) {
      const at = start + m.index + m[0].indexOf(m[1]);
      out.push({ line: n, start: at, end: at + m[1].length, scope: 'markup.heading.header.cards' });
    }
  }
}

/** The display names of the headers a set's `game.cards` declares. */
function declaredHeaders(dir) {
  const game = path.join(dir, 'game.cards');
  if (!fs.existsSync(game)) return [];
  const text = fs.readFileSync(game, 'utf8');
  return [...text.matchAll(/^[ \t]*header[ \t]+[a-z0-9-]+[ \t]+"([^"]*)"/gm)].map((m) => m[1]);
}

/** Whether a scope gives colour (a `meta.` scope and the root scope do not). */
function colours(scope) {
  return scope !== 'source.cards' && !scope.startsWith('meta.');
}

/** Checks one file's tokens against the independent scan; returns how many spans were checked. */
function checkStructure(file, text, tokenized, headers) {
  let checked = 0;
  let reported = 0;
  for (const e of expectations(text, headers)) {
    const t = tokenized[e.line];
    for (let col = e.start; col < e.end; col++) {
      if (/\s/.test(t.line[col])) continue;
      const scopes = scopesAt(t, col);
      const ok = e.scope === null ? scopes.some(colours) : scopes.some((s) => s.startsWith(e.scope));
      if (!ok) {
        if (reported++ < 10) {
          fail(
            `${file}:${e.line + 1}:${col + 1}: expected ${e.scope || 'a scope that gives colour'}\n` +
              `  ${t.line}\n  ${' '.repeat(col)}^ ${scopes.join(' ')}`,
          );
        }
        break;
      }
    }
    checked++;
  }
  if (reported > 10) fail(`${file}: ${reported - 10} more spans without their scope`);
  return checked;
}

/** Every `.cards` file under `dir`, sorted, as paths relative to `dir`. */
function cardsFiles(dir) {
  const out = [];
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.cards')) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

// ---------------------------------------------------------------------------------------
// 4. The snapshot

/** One file's tokens as snapshot text: each line, then its tokens and their scopes. */
function renderTokens(rel, tokenized) {
  const out = [`== ${rel.split(path.sep).join('/')}`];
  tokenized.forEach((t, n) => {
    if (t.line.trim() === '') return;
    out.push(`${String(n + 1).padStart(4)} | ${t.line}`);
    for (const token of t.tokens) {
      if (token.text.trim() === '') continue;
      const scopes = token.scopes.filter((s) => s !== 'source.cards').map((s) => s.replace(/\.cards$/, ''));
      out.push(`     | ${JSON.stringify(token.text).padEnd(24)} ${scopes.join(' ')}`);
    }
  });
  return out.join('\n');
}

/**
 * A line diff of `expected` against `actual` (longest common subsequence): each change with
 * 3 lines of context, under the `== file` line it belongs to.
 */
function diff(expected, actual) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  // Trim the common ends so that the table stays small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const ops = a.slice(0, head).map((l) => [' ', l]);
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      ops.push([' ', x[i]]);
      i++;
      j++;
    } else if (i < x.length && (j === y.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      ops.push(['-', x[i++]]);
    } else {
      ops.push(['+', y[j++]]);
    }
  }
  ops.push(...a.slice(a.length - tail).map((l) => [' ', l]));
  const near = ops.map(() => false);
  ops.forEach(([op], k) => {
    if (op === ' ') return;
    for (let c = Math.max(0, k - 3); c <= Math.min(ops.length - 1, k + 3); c++) near[c] = true;
  });
  const lines = [];
  let file = null;
  let shownFile = null;
  ops.forEach(([op, text], k) => {
    if (op === ' ' && text.startsWith('== ')) file = text;
    if (!near[k]) return;
    if (k === 0 || !near[k - 1]) {
      if (file !== shownFile && !(op === ' ' && text === file)) lines.push(`  ${file}`);
      else lines.push('  …');
      shownFile = file;
    }
    if (op === ' ' && text === file) shownFile = file;
    lines.push(`${op} ${text}`);
  });
  const shown = lines.slice(0, 200);
  if (lines.length > shown.length) shown.push(`… ${lines.length - shown.length} more lines`);
  return shown.join('\n');
}

function checkSnapshot(rendered) {
  const header =
    '# Tokens of the conformance files (test/grammar.test.js; `--update` rewrites this file).\n' +
    '# Each line, then each token: its text and its scopes, the root and the `.cards` suffix left out.\n';
  const actual = `${header}\n${rendered.join('\n\n')}\n`;
  if (UPDATE) {
    fs.writeFileSync(SNAPSHOT, actual);
    process.stdout.write(`wrote ${path.relative(process.cwd(), SNAPSHOT)}\n`);
    return;
  }
  if (!fs.existsSync(SNAPSHOT)) {
    fail(`${SNAPSHOT} is missing: run \`node test/grammar.test.js --update\` and review it`);
    return;
  }
  const expected = fs.readFileSync(SNAPSHOT, 'utf8');
  if (expected !== actual) {
    fail(
      'the tokens of the conformance files differ from test/examples.tokens.snap ' +
        '(- snapshot, + now; run with --update if the change is right):\n' +
        diff(expected, actual),
    );
  }
}

// ---------------------------------------------------------------------------------------

async function main() {
  checkSources();
  const grammar = await loadGrammar();
  checkCases(grammar);

  if (!fs.existsSync(EXAMPLES)) {
    fail(`no conformance files at ${EXAMPLES}: set CARDC_SHARED to the shared folder`);
  } else {
    const files = cardsFiles(EXAMPLES);
    if (files.length === 0) fail(`no .cards files under ${EXAMPLES}`);
    const rendered = [];
    let spans = 0;
    for (const rel of files) {
      const file = path.join(EXAMPLES, rel);
      const text = fs.readFileSync(file, 'utf8');
      const tokenized = tokenize(grammar, text);
      spans += checkStructure(file, text, tokenized, declaredHeaders(path.dirname(file)));
      rendered.push(renderTokens(rel, tokenized));
    }
    checkSnapshot(rendered);
    process.stdout.write(`${files.length} conformance files, ${spans} spans checked\n`);
  }

  const shipped = path.join(REPO, 'cards');
  const extra = (process.env.CARDS_GRAMMAR_EXTRA || '').split(':').filter(Boolean);
  for (const dir of [shipped, ...extra]) {
    const files = cardsFiles(dir);
    let spans = 0;
    for (const rel of files) {
      const file = path.join(dir, rel);
      const text = fs.readFileSync(file, 'utf8');
      spans += checkStructure(file, text, tokenize(grammar, text), declaredHeaders(path.dirname(file)));
    }
    if (files.length === 0) fail(`no .cards files under ${dir}`);
    process.stdout.write(`${path.relative(ROOT, dir) || '.'}: ${files.length} files, ${spans} spans checked\n`);
  }

  if (failures.length > 0) {
    process.stderr.write(`${failures.join('\n\n')}\n\n${failures.length} failure(s)\n`);
    process.exit(1);
  }
  process.stdout.write(`grammar: ${CASES.length} cases and the snapshot pass\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
