// The card preview's logic, apart from VS Code so that node can test it
// (`node --test test/preview.test.js`): which card to show after an answer of
// `cardc/cardSvg`, the webview's page for it and its Content-Security-Policy, and the wait
// after the last keystroke or cursor move before asking.
'use strict';

/** How long the preview waits after the last edit or cursor move before it asks (ms). */
const DEBOUNCE_MS = 150;

/** The method the language server answers with the card under a position. */
const METHOD = 'cardc/cardSvg';

/** `text` safe in HTML text and attribute values. */
function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * What the preview shows: the last card the server drew, and whether the cursor has left
 * it since. An answer with a card replaces it; `null` (the cursor is in no card) keeps the
 * last card, stale; an answer for an older request than the last one shown is ignored.
 */
class PreviewState {
  constructor() {
    this.card = null;
    this.stale = false;
    this.shown = -1;
  }

  /**
   * Takes the answer to request number `sequence`; returns whether what is shown changed.
   * An answer that is not a card (`null`, or anything without an SVG) counts as none.
   */
  update(sequence, answer) {
    if (sequence <= this.shown) return false;
    this.shown = sequence;
    const isCard = answer && typeof answer.svg === 'string' && typeof answer.id === 'string';
    if (isCard) {
      const same = this.card && !this.stale && this.card.id === answer.id && this.card.svg === answer.svg;
      this.card = { id: answer.id, name: String(answer.name || answer.id), svg: answer.svg };
      this.stale = false;
      return !same;
    }
    if (!this.card || this.stale) return false;
    this.stale = true;
    return true;
  }
}

/**
 * The Content-Security-Policy of the preview's page: nothing loaded but the card itself
 * (a `data:` image) and the page's own style, named by `nonce`; no script at all.
 */
function contentSecurityPolicy(nonce) {
  return `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'none'; form-action 'none'; base-uri 'none'`;
}

/** A nonce of `bytes` random bytes, in base64, from `random` (`crypto.randomBytes`). */
function makeNonce(random, bytes = 16) {
  return random(bytes).toString('base64');
}

/**
 * The page for what `state` shows: the card as an image (an `<img>` runs nothing in an SVG),
 * dimmed under a line saying the cursor left it when it is stale, or a line saying where to
 * put the cursor when there has been no card yet.
 */
function previewHtml(state, nonce) {
  const head = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(nonce))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<style nonce="${escapeHtml(nonce)}">`,
    'body { margin: 0; padding: 12px; font-family: var(--vscode-font-family); color: var(--vscode-foreground); }',
    '.card { display: block; width: 100%; max-width: 420px; height: auto; }',
    '.stale .card { opacity: 0.4; }',
    '.note { margin: 0 0 8px; color: var(--vscode-descriptionForeground); }',
    '</style>',
    '</head>',
  ];
  let body;
  if (!state.card) {
    body = '<body><p class="note">Put the cursor in a card to see it drawn.</p></body>';
  } else {
    const { id, name, svg } = state.card;
    const src = `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
    const note = state.stale
      ? `<p class="note">The cursor is not in a card: this is ${escapeHtml(name)}, where it last was.</p>`
      : '';
    const image = `<img class="card" alt="${escapeHtml(name)}" data-card="${escapeHtml(id)}" src="${src}">`;
    body = `<body class="${state.stale ? 'stale' : 'current'}">${note}${image}</body>`;
  }
  return `${head.join('\n')}\n${body}\n</html>\n`;
}

/**
 * `run`, called `ms` after the last call of the function returned, with the arguments of
 * that call; `timers` gives `setTimeout` and `clearTimeout` (the real ones by default).
 * The returned function has `cancel()`.
 */
function debounce(run, ms = DEBOUNCE_MS, timers = { setTimeout, clearTimeout }) {
  let timer;
  const debounced = (...args) => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = undefined;
      run(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** The parameters of `cardc/cardSvg` for a cursor at `position` in the document at `uri`. */
function requestParams(uri, position) {
  return { textDocument: { uri }, position: { line: position.line, character: position.character } };
}

module.exports = {
  DEBOUNCE_MS,
  METHOD,
  PreviewState,
  contentSecurityPolicy,
  debounce,
  escapeHtml,
  makeNonce,
  previewHtml,
  requestParams,
};
