// The TextMate grammar for `.cards` files, written as code so that each keyword list is
// written once. `node scripts/grammar.js` writes `syntaxes/cards.tmLanguage.json`, the file
// VS Code loads; `test/grammar.test.js` fails when the two differ, and checks these lists
// against the compiler's own (`cardc-grammar/src/grammar.pest`, `cardc/src/ast.rs`,
// `cards-runtime/src/model/card.rs`).
'use strict';

const fs = require('fs');
const path = require('path');

/** Vocabulary lines of `game.cards` (`vocab_kind` in grammar.pest). */
const VOCAB_KINDS = [
  'faction', 'size', 'stat', 'icon', 'ship-icon', 'trait', 'class', 'tech', 'phase', 'token',
  'resource', 'action', 'die', 'result', 'arc', 'header', 'format', 'maneuver',
];
/**
 * The built-in card kinds (`CardKind::as_str` in cards-runtime/src/model/card.rs): what a
 * game without `kind` lines has. A card's kind may be any other word too (`hero "Aria"`),
 * but a line that starts with one of these is a card whatever follows the word (its name
 * may be on the next line), as in cardc's chunker.
 */
const CARD_KINDS = ['chassis', 'ship', 'upgrade', 'part', 'blueprint', 'species'];
/** Roles of a kind a game declares (`CardKind::role_word`): `kind hero "Hero" unit`. */
const ROLES = ['unit', 'profile', 'upgrade', 'part', 'blueprint', 'species'];
/** Lint levels (`k_allow` in grammar.pest). */
const LINT_LEVELS = ['allow', 'warn', 'deny'];
/**
 * Words that start a declaration other than a vocabulary line or a card (`DECLARATIONS` in
 * cardc/src/syntax/keywords.rs): the words `card_kind` in grammar.pest may not be.
 */
const DECLARATIONS = [
  'game', 'kind', 'roster', 'distance', 'verb', 'release', 'layout', 'glyph', 'rule', 'flagship', ...LINT_LEVELS,
];
/** What a release is (`ReleaseKind` in cards-runtime/src/model/release.rs). */
const RELEASE_KINDS = ['wave', 'points', 'erratum'];
/** Flags after a vocabulary entry (`entry_flag` in grammar.pest). */
const ENTRY_FLAGS = ['implicit', 'optional'];
/** Words that start a restriction atom (`AtomKind::keyword` in cardc/src/ast.rs). */
const RESTRICTION_ATOMS = [
  'size', 'flagship', 'trait', 'name', 'ship-icon', 'chassis', 'faction', 'action', 'class',
  'arc', 'equipped', 'in-fleet', 'limited', 'ship-ability', 'stat', 'icon',
];
/** Colours of an action (`action red evade`, `focus > red barrel-roll`). */
const DIFFICULTIES = ['red', 'purple', 'white'];
/** What a `grants:` entry starts with (`grant` in cardc/src/check/cards.rs). */
const GRANT_KINDS = ['slot', 'action', 'stat', 'force', 'arc'];
/** Words of a rule's constraint (`rule_decl` in grammar.pest), scopes and kinds aside. */
const RULE_WORDS = ['unique', 'names', 'sum', 'total', 'cost', 'of', 'same', 'with', 'drive', 'per'];
/**
 * What a rule's selector counts (`selector_kind`, `selector_kind_plural`): the built-in
 * words. A game's own (`item`, `items`) are any word there, left plain references.
 */
const SELECTOR_KINDS = ['upgrades', 'ships', 'parts', 'cards', 'upgrade', 'part', 'card'];
/**
 * What a rule counts over (`scope`), and `ship-icon` after `same … per`: the built-in
 * words. A game's own (`per hero`, `per warband`) are left plain references.
 */
const RULE_SCOPES = ['ship-icon', 'ship', 'fleet', 'blueprint'];
/** What a rule's selector is narrowed by (`filter`). */
const FILTER_WORDS = ['icon', 'trait', 'name'];

// Regular expressions shared by the rules below (Oniguruma syntax).
/** Not inside a word: no identifier character or `-` before. */
const START = '(?<![a-z0-9-])';
/** The end of a keyword: `with` must not match the front of `without` or `with-x` (`kw_end`). */
const END = '(?![a-z0-9]|-[a-z0-9])';
/** An identifier: kebab-case. */
const ID = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** Leading blanks of a line (a byte-order mark counts as one, as in grammar.pest). */
const LEAD = '^[ \\t\\x{FEFF}]*';

/** One of `words` as a whole word; longer words first so `ship-icon` wins over `ship`. */
function words(list) {
  const sorted = [...list].sort((a, b) => b.length - a.length || a.localeCompare(b));
  return `${START}(?:${sorted.join('|')})${END}`;
}

/** A line that starts with a keyword of a top-level item (`is_top_level` in keywords.rs). */
const KEYWORD_LINE = `${LEAD}(?:${[...DECLARATIONS, ...VOCAB_KINDS, ...CARD_KINDS]
  .sort((a, b) => b.length - a.length || a.localeCompare(b))
  .join('|')})${END}`;
/**
 * Where an open declaration ends: before a line that starts with a keyword, or that starts
 * like a card (a word, blanks, a quote: `hero "Aria" {`).
 */
/** Where a field starts: `<name>:`, or `<name> from <release>:` (a value from a release on). */
const FIELD_START = `${START}${ID}(?:[ \\t]+from[ \\t]+${ID})?[ \\t]*:`;
const ITEM_START = `(?=${KEYWORD_LINE}|${LEAD}${ID}[ \\t]+")`;

/**
 * A comma at the end of a line (a comment may follow): the list goes on with the next
 * line's first word, `entryScope`, even when that line looks like a card
 * (`  empire "Galactic Empire"`); a line that starts with a keyword starts an item. Blank
 * and comment lines between keep it open (the tokenizer sees each line with its `\n`).
 */
function continuation(entryScope) {
  return {
    begin: '(,)(?=[ \\t]*(?:#.*)?$)',
    beginCaptures: { 1: { name: 'punctuation.separator.comma.cards' } },
    end: `(?=${KEYWORD_LINE})|${START}(${ID})${END}|(?=[^ \\t\\x{FEFF}#\\n])`,
    endCaptures: { 1: { name: entryScope } },
    patterns: [{ include: '#comment' }],
  };
}

const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'Cards',
  scopeName: 'source.cards',
  fileTypes: ['cards'],
  patterns: [
    { include: '#comment' },
    { include: '#game' },
    { include: '#kind' },
    { include: '#roster' },
    { include: '#distance' },
    { include: '#verb' },
    { include: '#release' },
    { include: '#layout' },
    { include: '#glyph' },
    { include: '#flagship' },
    { include: '#vocabulary' },
    { include: '#rule' },
    { include: '#lint-level' },
    { include: '#card' },
    // A body whose head is broken (`shp "X" {`) still reads as a body.
    { include: '#body' },
  ],
  repository: {
    comment: {
      match: '(#).*$',
      name: 'comment.line.number-sign.cards',
      captures: { 1: { name: 'punctuation.definition.comment.cards' } },
    },
    string: {
      begin: '"',
      beginCaptures: { 0: { name: 'punctuation.definition.string.begin.cards' } },
      end: '(")|$',
      endCaptures: { 1: { name: 'punctuation.definition.string.end.cards' } },
      name: 'string.quoted.double.cards',
      patterns: [{ include: '#escape' }],
    },
    escape: { match: '\\\\["\\\\]', name: 'constant.character.escape.cards' },
    number: {
      match: `${START}[+-]?[0-9]+${END}`,
      name: 'constant.numeric.integer.cards',
    },
    reference: {
      comment: 'An identifier in a value: a vocabulary entry or a card id.',
      match: `${START}${ID}${END}`,
      name: 'variable.other.constant.cards',
    },
    punctuation: {
      patterns: [
        { match: ',', name: 'punctuation.separator.comma.cards' },
        { match: '\\(', name: 'punctuation.section.parens.begin.cards' },
        { match: '\\)', name: 'punctuation.section.parens.end.cards' },
        { match: '[+=>]', name: 'keyword.operator.cards' },
      ],
    },
    value: {
      patterns: [
        { include: '#comment' },
        { include: '#string' },
        { include: '#number' },
        { include: '#reference' },
        { include: '#punctuation' },
      ],
    },

    // game <id> "<Display Name>"
    game: {
      begin: `${LEAD}(game)${END}(?:[ \\t]+(${ID}))?`,
      beginCaptures: {
        1: { name: 'keyword.other.game.cards' },
        2: { name: 'entity.name.namespace.game.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.game.cards',
      patterns: [{ include: '#value' }],
    },

    // kind hero "Hero" "Heroes" unit, item "Item" upgrade
    kind: {
      begin: `${LEAD}(kind)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'storage.type.kind.cards' },
        2: { name: 'entity.name.type.kind.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.kind.cards',
      patterns: [
        { include: '#comment' },
        continuation('entity.name.type.kind.cards'),
        {
          match: `(,)[ \\t]*(?:(${ID})${END})?`,
          captures: {
            1: { name: 'punctuation.separator.comma.cards' },
            2: { name: 'entity.name.type.kind.cards' },
          },
        },
        { include: '#string' },
        // What follows an entry's names is its role; a word that is no role is left a
        // plain word, for the checker to name.
        { match: words(ROLES), name: 'storage.modifier.role.cards' },
        { include: '#value' },
      ],
    },

    // roster warband "Warband" "Warbands"
    roster: {
      begin: `${LEAD}(roster)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'keyword.other.roster.cards' },
        2: { name: 'entity.name.type.roster.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.roster.cards',
      patterns: [{ include: '#value' }],
    },

    // distance space "Space" "Spaces" adjacent 1
    distance: {
      begin: `${LEAD}(distance)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'keyword.other.distance.cards' },
        2: { name: 'entity.name.type.distance.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.distance.cards',
      patterns: [
        { include: '#comment' },
        { match: words(['adjacent']), name: 'keyword.other.distance.cards' },
        { include: '#value' },
      ],
    },

    // verb heal, push, cast "casts" "cast": coloured as a distance line, each verb as its
    // word, and a list that goes on after `,` as a `kind` line does.
    verb: {
      begin: `${LEAD}(verb)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'keyword.other.verb.cards' },
        2: { name: 'entity.name.type.verb.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.verb.cards',
      patterns: [
        { include: '#comment' },
        continuation('entity.name.type.verb.cards'),
        {
          match: `(,)[ \\t]*(?:(${ID})${END})?`,
          captures: {
            1: { name: 'punctuation.separator.comma.cards' },
            2: { name: 'entity.name.type.verb.cards' },
          },
        },
        { include: '#value' },
      ],
    },

    // layout hero { size: poker  name: 5 4 43 7 bold 9pt }: the kind it lays out, then a
    // body whose fields are coloured as a card's.
    layout: {
      begin: `${LEAD}(layout)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'keyword.other.layout.cards' },
        2: { name: 'entity.name.type.kind.cards' },
      },
      end: `(?<=\\})|${ITEM_START}`,
      name: 'meta.declaration.layout.cards',
      patterns: [{ include: '#comment' }, { include: '#body' }],
    },

    // glyph focus "icons/focus.svg", evade "art/evade.svg": each icon, then its file.
    glyph: {
      begin: `${LEAD}(glyph)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'keyword.other.glyph.cards' },
        2: { name: 'entity.name.type.icon.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.glyph.cards',
      patterns: [
        { include: '#comment' },
        continuation('entity.name.type.icon.cards'),
        {
          match: `(,)[ \\t]*(?:(${ID})${END})?`,
          captures: {
            1: { name: 'punctuation.separator.comma.cards' },
            2: { name: 'entity.name.type.icon.cards' },
          },
        },
        { include: '#value' },
      ],
    },

    // release wave-2 "Wave 2" 2018-12-13 wave
    release: {
      begin: `${LEAD}(release)${END}(?:[ \\t]+(${ID})${END})?`,
      beginCaptures: {
        1: { name: 'keyword.other.release.cards' },
        2: { name: 'entity.name.type.release.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.release.cards',
      patterns: [
        { include: '#comment' },
        { match: `${START}[0-9]+(?:-[0-9]+)*${END}`, name: 'constant.numeric.date.cards' },
        { match: words(RELEASE_KINDS), name: 'storage.modifier.release-kind.cards' },
        { include: '#value' },
      ],
    },

    // faction empire "Galactic Empire", rebel "Rebel Alliance"
    // `class "Warrior" {` is a card of a game's kind `class`, not a vocabulary line.
    vocabulary: {
      begin: `${LEAD}(${VOCAB_KINDS.join('|')})${END}(?![ \\t]+")`,
      beginCaptures: { 1: { name: 'storage.type.vocabulary.cards' } },
      end: ITEM_START,
      name: 'meta.declaration.vocabulary.cards',
      patterns: [
        { include: '#comment' },
        continuation('entity.name.constant.vocabulary.cards'),
        { include: '#string' },
        { match: words(ENTRY_FLAGS), name: 'storage.modifier.entry.cards' },
        { match: `${START}${ID}${END}`, name: 'entity.name.constant.vocabulary.cards' },
        { include: '#punctuation' },
      ],
    },

    // flagship: ship with commander
    flagship: {
      begin: `${LEAD}(flagship)[ \\t]*(:)`,
      beginCaptures: {
        1: { name: 'keyword.other.flagship.cards' },
        2: { name: 'punctuation.separator.key-value.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.flagship.cards',
      patterns: [
        { include: '#comment' },
        { match: words(['ship', 'with']), name: 'keyword.other.flagship.cards' },
        { include: '#value' },
      ],
    },

    // allow unused-icon, opaque-clause
    'lint-level': {
      begin: `${LEAD}(${LINT_LEVELS.join('|')})${END}`,
      beginCaptures: { 1: { name: 'keyword.other.lint-level.cards' } },
      end: ITEM_START,
      name: 'meta.declaration.lint-level.cards',
      patterns: [
        { include: '#comment' },
        { match: '[A-Za-z0-9-]+', name: 'variable.other.constant.lint.cards' },
        { include: '#punctuation' },
      ],
    },

    // rule <id> "<message>": <constraint> [where <restriction>]
    rule: {
      begin: `${LEAD}(rule)${END}(?:[ \\t]+(${ID}))?`,
      beginCaptures: {
        1: { name: 'keyword.other.rule.cards' },
        2: { name: 'entity.name.function.rule.cards' },
      },
      end: ITEM_START,
      name: 'meta.declaration.rule.cards',
      patterns: [
        { include: '#comment' },
        { include: '#string' },
        { match: ':', name: 'punctuation.separator.key-value.cards' },
        {
          begin: `${START}(where)${END}`,
          beginCaptures: { 1: { name: 'keyword.other.rule.cards' } },
          end: '$',
          name: 'meta.restriction.cards',
          patterns: [{ include: '#restriction' }],
        },
        {
          match: `${START}(?:at[ \\t]+(?:most|least)|exactly|no)${END}`,
          name: 'keyword.operator.comparison.cards',
        },
        { match: words(RULE_SCOPES), name: 'constant.language.scope.cards' },
        { match: words(SELECTOR_KINDS), name: 'support.type.card-kind.cards' },
        { match: words([...RULE_WORDS, ...FILTER_WORDS]), name: 'keyword.other.rule.cards' },
        { include: '#value' },
      ],
    },

    // <kind> "<Name>" [as <id>] { <field>* }
    // The kind is a built-in kind, or any word but a declaration keyword before a quote
    // (`hero "Aria"`, `class "Warrior"`): the checker resolves it against the game's kinds.
    card: {
      begin:
        `${LEAD}(?!(?:${DECLARATIONS.join('|')})${END})` +
        `((?:${CARD_KINDS.join('|')})${END}|${ID}(?=[ \\t]+"))`,
      beginCaptures: { 1: { name: 'storage.type.card.cards' } },
      end: `(?<=\\})|${ITEM_START}`,
      name: 'meta.card.cards',
      patterns: [
        { include: '#comment' },
        {
          begin: '"',
          beginCaptures: { 0: { name: 'punctuation.definition.string.begin.cards' } },
          end: '(")|$',
          endCaptures: { 1: { name: 'punctuation.definition.string.end.cards' } },
          name: 'string.quoted.double.card-name.cards',
          patterns: [{ include: '#escape' }],
        },
        {
          match: `${START}(as)${END}(?:[ \\t]+(${ID}))?`,
          captures: {
            1: { name: 'keyword.other.as.cards' },
            2: { name: 'entity.name.type.card.cards' },
          },
        },
        { include: '#body' },
      ],
    },
    body: {
      begin: '\\{',
      beginCaptures: { 0: { name: 'punctuation.section.block.begin.cards' } },
      end: '\\}',
      endCaptures: { 0: { name: 'punctuation.section.block.end.cards' } },
      name: 'meta.block.card.cards',
      patterns: [
        { include: '#comment' },
        { include: '#text-block' },
        { include: '#ability-block' },
        { include: '#restriction-field' },
        { include: '#grants-field' },
        { include: '#field' },
        // unique from points-2: a flag from a release on.
        {
          match: `${START}(${ID})[ \\t]+(from)[ \\t]+(${ID})${END}(?![ \\t]*:)`,
          captures: {
            1: { name: 'storage.modifier.flag.cards' },
            2: { name: 'keyword.other.from.cards' },
            3: { name: 'entity.name.type.release.cards' },
          },
        },
        { match: `${START}${ID}${END}`, name: 'storage.modifier.flag.cards' },
      ],
    },

    // requires: size small, medium and not flagship
    'restriction-field': {
      begin: `${START}(requires)(?:[ \\t]+(from)[ \\t]+(${ID}))?[ \\t]*(:)`,
      beginCaptures: {
        1: { name: 'variable.other.property.cards' },
        2: { name: 'keyword.other.from.cards' },
        3: { name: 'entity.name.type.release.cards' },
        4: { name: 'punctuation.separator.key-value.cards' },
      },
      end: `(?=$|\\}|${FIELD_START})`,
      name: 'meta.field.cards meta.restriction.cards',
      patterns: [{ include: '#restriction' }],
    },
    restriction: {
      patterns: [
        { include: '#comment' },
        { match: words(['not', 'and', 'or']), name: 'keyword.operator.logical.cards' },
        { match: words(RESTRICTION_ATOMS), name: 'keyword.other.restriction.cards' },
        { match: words(DIFFICULTIES), name: 'storage.modifier.difficulty.cards' },
        { include: '#value' },
      ],
    },

    // grants: slot crew -1, action red evade, stat energy +1
    'grants-field': {
      begin: `${START}(grants)(?:[ \\t]+(from)[ \\t]+(${ID}))?[ \\t]*(:)`,
      beginCaptures: {
        1: { name: 'variable.other.property.cards' },
        2: { name: 'keyword.other.from.cards' },
        3: { name: 'entity.name.type.release.cards' },
        4: { name: 'punctuation.separator.key-value.cards' },
      },
      end: `(?=$|\\}|${FIELD_START})`,
      name: 'meta.field.cards',
      patterns: [
        {
          match: `(?:(?<=[:,])|^)[ \\t]*(${GRANT_KINDS.join('|')})${END}`,
          captures: { 1: { name: 'keyword.other.grant.cards' } },
        },
        { match: words(DIFFICULTIES), name: 'storage.modifier.difficulty.cards' },
        { include: '#value' },
      ],
    },

    // <name>: <value> — a value runs to the end of the line or to the next `<name>:`.
    field: {
      begin: `${START}(${ID})(?:[ \\t]+(from)[ \\t]+(${ID}))?[ \\t]*(:)`,
      beginCaptures: {
        1: { name: 'variable.other.property.cards' },
        2: { name: 'keyword.other.from.cards' },
        3: { name: 'entity.name.type.release.cards' },
        4: { name: 'punctuation.separator.key-value.cards' },
      },
      end: `(?=$|\\}|${FIELD_START})`,
      name: 'meta.field.cards',
      patterns: [
        { match: words(['recurring']), name: 'storage.modifier.recurring.cards' },
        { match: words(['empty']), name: 'constant.language.empty.cards' },
        { match: words(DIFFICULTIES), name: 'storage.modifier.difficulty.cards' },
        { include: '#value' },
      ],
    },

    // text { <printed text> } — nothing but `}` ends it: `#` is text here.
    'text-block': {
      begin: `${START}(text)(?:[ \\t]+(from)[ \\t]+(${ID}))?[ \\t]*(\\{)`,
      beginCaptures: {
        1: { name: 'keyword.other.text.cards' },
        2: { name: 'keyword.other.from.cards' },
        3: { name: 'entity.name.type.release.cards' },
        4: { name: 'punctuation.section.block.begin.cards' },
      },
      end: '\\}',
      endCaptures: { 0: { name: 'punctuation.section.block.end.cards' } },
      name: 'meta.block.text.cards',
      contentName: 'string.unquoted.text.cards',
      patterns: [{ include: '#ability-text' }],
    },
    // ability "<Name>" { <printed text> }
    'ability-block': {
      begin: `${START}(ability)[ \\t]+(")((?:[^"\\\\]|\\\\.)*)(")(?:[ \\t]+(from)[ \\t]+(${ID}))?[ \\t]*(\\{)`,
      beginCaptures: {
        1: { name: 'keyword.other.ability.cards' },
        2: { name: 'string.quoted.double.ability-name.cards punctuation.definition.string.begin.cards' },
        3: { name: 'string.quoted.double.ability-name.cards', patterns: [{ include: '#escape' }] },
        4: { name: 'string.quoted.double.ability-name.cards punctuation.definition.string.end.cards' },
        5: { name: 'keyword.other.from.cards' },
        6: { name: 'entity.name.type.release.cards' },
        7: { name: 'punctuation.section.block.begin.cards' },
      },
      end: '\\}',
      endCaptures: { 0: { name: 'punctuation.section.block.end.cards' } },
      name: 'meta.block.ability.cards',
      contentName: 'string.unquoted.text.cards',
      patterns: [{ include: '#ability-text' }],
    },
    'ability-text': {
      patterns: [
        { include: '#header' },
        { include: '#icon' },
        { include: '#text-number' },
      ],
    },
    // `Action:`, `Bonus Attack ([Lock]):` at the start of a sentence: one to three words, as
    // `header_name` in cardc-grammar/src/ability.pest, the first capitalised.
    header: {
      match:
        '(?:^|(?<=[.!?{]))[ \\t]*([A-Z][A-Za-z]*(?:[- ][A-Za-z]+){0,2})(?:[ \\t]*(\\()([^()\\n]*)(\\)))?[ \\t]*(:)',
      captures: {
        1: { name: 'markup.heading.header.cards' },
        2: { name: 'punctuation.section.parens.begin.cards' },
        3: { name: 'meta.requirement.cards', patterns: [{ include: '#icon' }] },
        4: { name: 'punctuation.section.parens.end.cards' },
        5: { name: 'punctuation.separator.header.cards' },
      },
    },
    // [Focus], [Critical Hit], [Segnor's Loop Left]: an icon by its display name.
    icon: {
      match: '(\\[)([^\\[\\]{}\\n]+)(\\])',
      name: 'constant.other.icon.cards',
      captures: {
        1: { name: 'punctuation.definition.icon.begin.cards' },
        2: { name: 'variable.other.constant.icon.cards' },
        3: { name: 'punctuation.definition.icon.end.cards' },
      },
    },
    // 1, +1, range 0-3; not the 4 of 4-LOM or the 1 of x1.
    'text-number': {
      patterns: [
        { match: '(?<![\\w-])[0-9]+-[0-9]+(?![\\w-])', name: 'constant.numeric.range.cards' },
        { match: '(?<![\\w+-])[+-]?[0-9]+(?![\\w-])', name: 'constant.numeric.integer.cards' },
      ],
    },
  },
};

/** The grammar as VS Code reads it: stable key order, two-space indent, final newline. */
function render() {
  return `${JSON.stringify(grammar, null, 2)}\n`;
}

/** Where the rendered grammar lives. */
const OUTPUT = path.join(__dirname, '..', 'syntaxes', 'cards.tmLanguage.json');

module.exports = {
  grammar,
  render,
  OUTPUT,
  VOCAB_KINDS,
  CARD_KINDS,
  ROLES,
  LINT_LEVELS,
  DECLARATIONS,
  ENTRY_FLAGS,
  RESTRICTION_ATOMS,
  GRANT_KINDS,
};

if (require.main === module) {
  fs.writeFileSync(OUTPUT, render());
  process.stdout.write(`wrote ${path.relative(process.cwd(), OUTPUT)}\n`);
}
