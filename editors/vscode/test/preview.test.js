// The card preview's logic without VS Code (`preview.js`): what it shows after each answer
// of `cardc/cardSvg`, the page and its Content-Security-Policy, and the wait before asking.
//
//   node --test test/preview.test.js
'use strict';

const assert = require('node:assert');
const { test } = require('node:test');

const preview = require('../preview');

/** An answer of `cardc/cardSvg` for a card. */
function answer(id, name, svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88" data-card="${id}"/>`) {
  return { id, name, svg, range: { start: { line: 0, character: 0 }, end: { line: 5, character: 1 } } };
}

test('an answer with a card shows it; null keeps the last card, dimmed', () => {
  const state = new preview.PreviewState();
  assert.strictEqual(state.update(1, null), false, 'no card yet: nothing to dim');
  assert.strictEqual(state.card, null);
  assert.strictEqual(state.update(2, answer('luke-skywalker', 'Luke Skywalker')), true);
  assert.deepStrictEqual([state.card.id, state.stale], ['luke-skywalker', false]);
  // The cursor leaves the card: the card stays, stale.
  assert.strictEqual(state.update(3, null), true);
  assert.deepStrictEqual([state.card.id, state.stale], ['luke-skywalker', true]);
  // And stays out: nothing more changes.
  assert.strictEqual(state.update(4, null), false);
  // Back in the same card: shown again, not stale.
  assert.strictEqual(state.update(5, answer('luke-skywalker', 'Luke Skywalker')), true);
  assert.strictEqual(state.stale, false);
  // The same card drawn the same: no change to show.
  assert.strictEqual(state.update(6, answer('luke-skywalker', 'Luke Skywalker')), false);
  // Another card replaces it.
  assert.strictEqual(state.update(7, answer('x-wing', 'T-65 X-wing')), true);
  assert.strictEqual(state.card.name, 'T-65 X-wing');
});

test('an answer older than the one shown is ignored, as is one that is not a card', () => {
  const state = new preview.PreviewState();
  state.update(2, answer('x-wing', 'T-65 X-wing'));
  // The answer to an earlier request arrives late: it does not replace the newer card.
  assert.strictEqual(state.update(1, answer('luke-skywalker', 'Luke Skywalker')), false);
  assert.strictEqual(state.card.id, 'x-wing');
  // An error or a malformed answer counts as no card: the card stays, dimmed.
  assert.strictEqual(state.update(3, { id: 'x' }), true);
  assert.deepStrictEqual([state.card.id, state.stale], ['x-wing', true]);
});

test('the page shows the card as a data: image under a strict policy, and no script', () => {
  const state = new preview.PreviewState();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88" data-card="salt-iron"><path d="M0 0"/></svg>';
  state.update(1, answer('salt-iron', 'Salt & <Iron>', svg));
  const html = preview.previewHtml(state, 'abc123');
  // The policy as the browser reads the attribute (its quotes written as `&#39;`).
  const policy = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1].replace(/&#39;/g, "'");
  assert.match(policy, /default-src 'none'/);
  assert.match(policy, /img-src data:(;|$)/);
  assert.match(policy, /style-src 'nonce-abc123'/);
  assert.match(policy, /script-src 'none'/);
  assert.ok(!/unsafe-inline|unsafe-eval|https?:|\*/.test(policy), policy);
  assert.ok(!/<script/i.test(html), 'no script');
  assert.match(html, /<style nonce="abc123">/);
  // The image is the card's SVG, whole, as base64.
  const src = html.match(/<img [^>]*src="data:image\/svg\+xml;base64,([^"]*)"/)[1];
  assert.strictEqual(Buffer.from(src, 'base64').toString('utf8'), svg);
  // The name is escaped, and nothing says the cursor left.
  assert.match(html, /alt="Salt &amp; &lt;Iron&gt;"/);
  assert.ok(!html.includes('<Iron>'));
  assert.match(html, /<body class="current">/);
  assert.ok(!html.includes('not in a card'));
});

test('a stale card is dimmed under a line saying so; before any card, where to put the cursor', () => {
  const empty = preview.previewHtml(new preview.PreviewState(), 'n');
  assert.match(empty, /Put the cursor in a card/);
  assert.ok(!empty.includes('<img'));
  const state = new preview.PreviewState();
  state.update(1, answer('luke-skywalker', 'Luke Skywalker'));
  state.update(2, null);
  const html = preview.previewHtml(state, 'n');
  assert.match(html, /<body class="stale">/);
  assert.match(html, /\.stale \.card \{ opacity: 0\.4; \}/);
  assert.match(html, /The cursor is not in a card: this is Luke Skywalker, where it last was\./);
  assert.match(html, /data-card="luke-skywalker"/);
});

test('asking waits for 150 ms of quiet and asks once, with the last position', () => {
  assert.strictEqual(preview.DEBOUNCE_MS, 150);
  // A clock the test moves by hand.
  let now = 0;
  let next = 1;
  const pending = new Map();
  const timers = {
    setTimeout: (f, ms) => {
      pending.set(next, { at: now + ms, f });
      return next++;
    },
    clearTimeout: (id) => pending.delete(id),
  };
  const advance = (ms) => {
    now += ms;
    for (const [id, t] of [...pending]) {
      if (t.at <= now) {
        pending.delete(id);
        t.f();
      }
    }
  };
  const asked = [];
  const ask = preview.debounce((uri, position) => asked.push(preview.requestParams(uri, position)), preview.DEBOUNCE_MS, timers);
  ask('file:///set/ships.cards', { line: 1, character: 2 });
  advance(100);
  ask('file:///set/ships.cards', { line: 3, character: 4 });
  advance(149);
  assert.deepStrictEqual(asked, [], 'typing on: nothing asked yet');
  advance(1);
  assert.deepStrictEqual(asked, [{ textDocument: { uri: 'file:///set/ships.cards' }, position: { line: 3, character: 4 } }]);
  // Cancelled (the panel closed): never asked.
  ask('file:///set/ships.cards', { line: 5, character: 0 });
  ask.cancel();
  advance(1000);
  assert.strictEqual(asked.length, 1);
  assert.strictEqual(preview.METHOD, 'cardc/cardSvg');
});

test('a nonce is fresh base64 each time', () => {
  const crypto = require('node:crypto');
  const a = preview.makeNonce(crypto.randomBytes);
  const b = preview.makeNonce(crypto.randomBytes);
  assert.match(a, /^[A-Za-z0-9+/]{22}==$/);
  assert.notStrictEqual(a, b);
});
