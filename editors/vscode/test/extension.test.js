// Tests the extension without VS Code: the manifest and the language configuration as VS
// Code reads them, `extension.js` against a stand-in `vscode` module and language client
// that record what the extension asks of them, and, when `CARDC_BIN` names a built `cardc`,
// the server started as the client starts it, spoken to with the client's own JSON-RPC
// library (vscode-jsonrpc).
//
//   CARDC_BIN=../../target/release/cardc node test/extension.test.js
// Exits 1 on any failure.
'use strict';

const assert = require('assert');
const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const url = require('url');
const Module = require('module');

const ROOT = path.join(__dirname, '..');
const failures = [];

/** Runs one named check, keeping its failure. */
async function check(name, body) {
  try {
    await body();
  } catch (error) {
    failures.push(`${name}:\n  ${String(error.message || error).split('\n').join('\n  ')}`);
  }
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const languageConfiguration = JSON.parse(fs.readFileSync(path.join(ROOT, 'language-configuration.json'), 'utf8'));

// ---------------------------------------------------------------------------------------
// A stand-in for VS Code and for vscode-languageclient.

const TransportKind = { stdio: 0, ipc: 1, pipe: 2, socket: 3 };

/** What the extension did, and the knobs a check turns. */
const world = {
  settings: {},
  clients: [],
  commands: {},
  configListeners: [],
  errors: [],
  failStart: false,
  requests: [],
  answer: null,
  onRequest: undefined,
  panels: [],
  listeners: { selection: [], activeEditor: [], documents: [] },
  activeTextEditor: undefined,
};

/** A webview panel that records what it was made with and the pages it was given. */
class FakePanel {
  constructor(viewType, title, showOptions, options) {
    Object.assign(this, { viewType, title, showOptions, options, pages: [], revealed: [], disposeListeners: [] });
    const panel = this;
    this.webview = {
      set html(page) {
        panel.pages.push(page);
      },
      get html() {
        return panel.pages[panel.pages.length - 1];
      },
    };
    world.panels.push(this);
  }

  reveal(column, preserveFocus) {
    this.revealed.push({ column, preserveFocus });
  }

  onDidDispose(listener) {
    this.disposeListeners.push(listener);
    return { dispose() {} };
  }

  dispose() {
    for (const listener of this.disposeListeners) listener();
  }
}

/** An event of the stand-in VS Code: its listeners are kept in `world.listeners[name]`. */
function event(name) {
  return (listener) => {
    world.listeners[name].push(listener);
    return { dispose: () => world.listeners[name].splice(world.listeners[name].indexOf(listener), 1) };
  };
}

class FakeLanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions, running: false, stopped: false });
    world.clients.push(this);
  }

  async start() {
    if (world.failStart) throw new Error(`spawn ${this.serverOptions.command} ENOENT`);
    this.running = true;
  }

  isRunning() {
    return this.running;
  }

  async stop() {
    this.running = false;
    this.stopped = true;
  }

  /** Records a request, answers it with `world.answer`, and tells `world.onRequest`. */
  async sendRequest(method, params) {
    world.requests.push({ method, params });
    if (world.onRequest) world.onRequest({ method, params });
    return world.answer;
  }
}

/** Executables named cardc where the settings may point: PATH, ~/bin, elsewhere, the workspace. */
const fake = (() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-vscode-bin-'));
  const dirs = {
    root,
    bin: path.join(root, 'bin'),
    home: path.join(root, 'home'),
    opt: path.join(root, 'opt'),
    workspace: path.join(root, 'workspace'),
  };
  const executables = [
    path.join(dirs.bin, 'cardc'),
    path.join(dirs.home, 'bin', 'cardc'),
    path.join(dirs.opt, 'cardc'),
    path.join(dirs.workspace, 'target', 'release', 'cardc'),
  ];
  for (const file of executables) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
  }
  // A file that is there but cannot be run.
  fs.writeFileSync(path.join(dirs.workspace, 'target', 'README'), 'not a program\n', { mode: 0o644 });
  process.env.PATH = dirs.bin;
  process.env.HOME = dirs.home;
  return dirs;
})();

const fakeVscode = {
  workspace: {
    workspaceFolders: [{ uri: { fsPath: fake.workspace } }],
    getConfiguration: (section) => ({
      get: (key, fallback) => {
        const full = `${section}.${key}`;
        return full in world.settings ? world.settings[full] : fallback;
      },
    }),
    onDidChangeConfiguration: (listener) => {
      world.configListeners.push(listener);
      return { dispose() {} };
    },
    onDidChangeTextDocument: event('documents'),
  },
  ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
  window: {
    get activeTextEditor() {
      return world.activeTextEditor;
    },
    createWebviewPanel: (...args) => new FakePanel(...args),
    onDidChangeTextEditorSelection: event('selection'),
    onDidChangeActiveTextEditor: event('activeEditor'),
    showErrorMessage: (message) => {
      world.errors.push(message);
      return Promise.resolve(undefined);
    },
  },
  commands: {
    registerCommand: (id, handler) => {
      world.commands[id] = handler;
      return { dispose() {} };
    },
    executeCommand: () => Promise.resolve(),
  },
};

const load = Module._load;
Module._load = function loadWithStandIns(request, ...rest) {
  if (request === 'vscode') return fakeVscode;
  if (request === 'vscode-languageclient/node') return { LanguageClient: FakeLanguageClient, TransportKind };
  return load.call(this, request, ...rest);
};
const extension = require(path.join(ROOT, manifest.main));

/** Tells the extension that settings changed, as VS Code does. */
function changeSettings(changed) {
  for (const listener of world.configListeners) {
    listener({ affectsConfiguration: (section) => changed.some((c) => c === section || c.startsWith(`${section}.`)) });
  }
}

/** Lets promises the extension did not wait for settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** `promise`, or a rejection naming `what` after `ms` milliseconds. */
function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A set with one upgrade whose text names an icon the game does not declare. */
const SET = {
  'game.cards': 'game demo "Demo"\nresource charge "Charge", shield "shield"\nicon crew "Crew"\n',
  'upgrades.cards': [
    'upgrade "Overcharger" {',
    '  icon: crew',
    '  text {',
    '    Spend 1 [Charges] to recover 1 shield. Then spend 1 [Charge].',
    '  }',
    '}',
    '',
  ].join('\n'),
};

/** Starts what the client would start, over stdio, and checks a diagnostic and a hover. */
async function speakToServer(serverOptions, clientOptions) {
  const rpc = require('vscode-jsonrpc/node');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-vscode-'));
  for (const [name, text] of Object.entries(SET)) fs.writeFileSync(path.join(dir, name), text);
  const file = path.join(dir, 'upgrades.cards');
  const uri = url.pathToFileURL(file).href;
  const server = childProcess.spawn(serverOptions.command, serverOptions.args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin),
  );
  try {
    const published = new Promise((resolve) => {
      connection.onNotification('textDocument/publishDiagnostics', (params) => {
        if (params.uri === uri && params.diagnostics.length > 0) resolve(params.diagnostics);
      });
    });
    connection.listen();
    const init = await within(10000, 'initialize result', connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: url.pathToFileURL(dir).href,
      capabilities: {},
      initializationOptions: clientOptions.initializationOptions,
    }));
    assert.ok(init.capabilities.hoverProvider, 'the server offers hover');
    assert.strictEqual(init.capabilities.experimental.cardSvg, true, 'the server offers cardc/cardSvg');
    connection.sendNotification('initialized', {});
    const text = SET['upgrades.cards'];
    const [language] = manifest.contributes.languages;
    connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: language.id, version: 1, text },
    });
    const diagnostics = await within(20000, 'diagnostics', published);
    const line = 3;
    const column = text.split('\n')[line].indexOf('[Charges]');
    const unknown = diagnostics.find((d) => d.code === 'E0401');
    assert.ok(unknown, `an E0401 (unknown icon name) diagnostic, got ${JSON.stringify(diagnostics)}`);
    assert.strictEqual(unknown.severity, 1, 'an error');
    assert.strictEqual(unknown.range.start.line, line, 'on the line of [Charges]');
    assert.ok(
      unknown.range.start.character >= column && unknown.range.end.character <= column + '[Charges]'.length,
      `within [Charges] (columns ${column}..${column + 9}), got ${JSON.stringify(unknown.range)}`,
    );
    const known = text.split('\n')[line].indexOf('[Charge]') + 2;
    const hover = await within(10000, 'hover', connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line, character: known },
    }));
    assert.ok(hover && JSON.stringify(hover.contents).includes('Charge'), `a hover naming Charge, got ${JSON.stringify(hover)}`);
    // The preview's request, on the card's first line: the card, drawn though its text has
    // a mistake; the hover of its name holds its picture.
    const drawn = await within(10000, 'cardc/cardSvg', connection.sendRequest('cardc/cardSvg', {
      textDocument: { uri },
      position: { line: 0, character: 2 },
    }));
    assert.strictEqual(drawn && drawn.id, 'overcharger', JSON.stringify(drawn).slice(0, 200));
    assert.match(drawn.svg, /^<svg [^>]*viewBox="0 0 63 88"[^>]*data-card="overcharger"/);
    const named = await within(10000, 'hover', connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 12 },
    }));
    assert.match(named.contents.value, /!\[Overcharger\]\(data:image\/png;base64,/);
    await within(10000, 'shutdown result', connection.sendRequest('shutdown'));
    connection.sendNotification('exit');
    assert.strictEqual(await within(10000, 'exit', exited), 0, 'the server exits with 0 after shutdown and exit');
  } finally {
    connection.dispose();
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------

async function main() {
  await check('the manifest declares the language, the grammar and the settings', () => {
    assert.strictEqual(manifest.name, 'cards');
    assert.ok(manifest.publisher, 'a publisher (vsce refuses to package without one)');
    assert.ok(manifest.engines && manifest.engines.vscode, 'engines.vscode');
    const client = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8'),
    );
    assert.strictEqual(manifest.engines.vscode, client.engines.vscode, 'engines.vscode is what vscode-languageclient needs');
    assert.match(manifest.dependencies['vscode-languageclient'], /^\^9\./);
    assert.ok(fs.existsSync(path.join(ROOT, manifest.main)), 'main exists');
    const [language] = manifest.contributes.languages;
    assert.strictEqual(language.id, 'cards');
    assert.deepStrictEqual(language.extensions, ['.cards']);
    assert.ok(fs.existsSync(path.join(ROOT, language.configuration)), 'the language configuration exists');
    const [grammar] = manifest.contributes.grammars;
    assert.strictEqual(grammar.language, 'cards');
    const tm = JSON.parse(fs.readFileSync(path.join(ROOT, grammar.path), 'utf8'));
    assert.strictEqual(grammar.scopeName, tm.scopeName);
    const settings = manifest.contributes.configuration.properties;
    assert.strictEqual(settings['cardc.path'].default, 'cardc');
    assert.deepStrictEqual(settings['cardc.trace.server'].enum, ['off', 'messages', 'verbose']);
    assert.ok(manifest.contributes.commands.some((c) => c.command === 'cardc.restartServer'));
    const open = manifest.contributes.commands.find((c) => c.command === 'cardc.openPreview');
    assert.ok(open, 'the preview command');
    assert.strictEqual(`${open.category}: ${open.title}`, 'cardc: Open Card Preview');
    assert.ok(open.icon, 'an icon for the editor title');
    assert.deepStrictEqual(
      manifest.contributes.menus['editor/title'],
      [{ command: 'cardc.openPreview', when: 'resourceLangId == cards', group: 'navigation' }],
      'a button in the title of a .cards editor',
    );
    assert.deepStrictEqual(
      manifest.contributes.configurationDefaults['[cards]'],
      { 'editor.tabSize': 2, 'editor.insertSpaces': true },
      'the canonical layout indents with two spaces',
    );
  });

  await check('the language configuration: comments, brackets, indentation, words', () => {
    assert.strictEqual(languageConfiguration.comments.lineComment, '#');
    assert.strictEqual(languageConfiguration.comments.blockComment, undefined, 'the language has no block comments');
    assert.deepStrictEqual(languageConfiguration.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
    const rules = languageConfiguration.indentationRules;
    const increase = new RegExp(rules.increaseIndentPattern);
    const decrease = new RegExp(rules.decreaseIndentPattern);
    const next = new RegExp(rules.indentNextLinePattern);
    for (const line of ['ship "Darth Vader" {', '  text {', '  ability "Advanced Targeting Computer" {', 'upgrade "A {b}" as a {  # c']) {
      assert.ok(increase.test(line), `a line that opens a block indents the next: ${line}`);
    }
    for (const line of ['part "Hull" { hull: 1 }', '# ship "X" {', '  cost: 3', 'ship "{"', '  xws: "a{"']) {
      assert.ok(!increase.test(line), `a line that opens no block leaves the indent: ${line}`);
    }
    for (const line of ['}', '  }', '\t}']) assert.ok(decrease.test(line), `a closing brace outdents: ${JSON.stringify(line)}`);
    assert.ok(!decrease.test('  cost: 3 }'), 'a field before a brace keeps its indent');
    assert.ok(next.test('rule one-title "A ship cannot equip more than one title":'), 'a rule continues indented');
    assert.ok(next.test('rule r "m":  # the constraint follows'), 'a rule with a comment continues indented');
    assert.ok(!next.test('rule r "m: n": unique names per fleet'), 'a one-line rule does not');
    const word = new RegExp(`^(?:${languageConfiguration.wordPattern})$`);
    for (const w of ['barrel-roll', 'r2-d2', '4-lom', 'Segnor’s', "Vader's", '+1', '12']) {
      assert.ok(word.test(w), `one word: ${w}`);
    }
    for (const w of ['a, b', '[Focus]', 'cost:']) assert.ok(!word.test(w), `not one word: ${w}`);
  });

  await check('activating starts `cardc lsp` over stdio for .cards files, cardc found on PATH', async () => {
    const context = { subscriptions: [] };
    await extension.activate(context);
    assert.strictEqual(world.clients.length, 1);
    const [client] = world.clients;
    assert.strictEqual(client.id, 'cardc', 'the id is the settings prefix, so `cardc.trace.server` applies');
    assert.deepStrictEqual(client.serverOptions, {
      command: path.join(fake.bin, 'cardc'),
      args: ['lsp'],
      transport: TransportKind.stdio,
    });
    assert.deepStrictEqual(client.clientOptions.documentSelector, [{ scheme: 'file', language: 'cards' }]);
    assert.deepStrictEqual(client.clientOptions.initializationOptions, { hoverImages: true }, 'VS Code shows pictures in hovers');
    assert.ok(client.running);
    assert.strictEqual(context.subscriptions.length, 3, 'the commands and the settings listener are disposed with the extension');
  });

  await check('the card preview opens beside the editor and follows the cursor', async () => {
    const uri = 'file:///set/ships.cards';
    const document = { languageId: 'cards', uri: { toString: () => uri } };
    const editor = { document, selection: { active: { line: 8, character: 4 } } };
    world.activeTextEditor = editor;
    /** The next request the client is sent. */
    const nextRequest = () => within(2000, 'a cardc/cardSvg request', new Promise((resolve) => {
      world.onRequest = resolve;
    }));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88" data-card="luke-skywalker"/>';
    world.answer = { id: 'luke-skywalker', name: 'Luke Skywalker', svg, range: {} };
    let asked = nextRequest();
    await world.commands['cardc.openPreview']();
    assert.strictEqual(world.panels.length, 1);
    const [panel] = world.panels;
    assert.deepStrictEqual(panel.showOptions, { viewColumn: fakeVscode.ViewColumn.Beside, preserveFocus: true });
    assert.strictEqual(panel.options.enableScripts, false, 'the page runs no script');
    assert.match(panel.webview.html, /Put the cursor in a card/);
    // The cursor where it is when the preview opens, then where it moves.
    assert.deepStrictEqual(await asked, {
      method: 'cardc/cardSvg',
      params: { textDocument: { uri }, position: { line: 8, character: 4 } },
    });
    await settle();
    assert.match(panel.webview.html, /data-card="luke-skywalker"/);
    asked = nextRequest();
    world.answer = null;
    editor.selection = { active: { line: 1, character: 0 } };
    for (const listener of world.listeners.selection) listener({ textEditor: editor });
    assert.deepStrictEqual((await asked).params.position, { line: 1, character: 0 });
    await settle();
    assert.match(panel.webview.html, /<body class="stale">/, 'out of the card: the last card, dimmed');
    // An edit asks again.
    asked = nextRequest();
    for (const listener of world.listeners.documents) listener({ document });
    await asked;
    // The command again shows the panel open, beside, keeping the focus.
    await world.commands['cardc.openPreview']();
    assert.strictEqual(world.panels.length, 1);
    assert.deepStrictEqual(panel.revealed, [{ column: fakeVscode.ViewColumn.Beside, preserveFocus: true }]);
    // Closed: it stops following.
    panel.dispose();
    assert.deepStrictEqual([world.listeners.selection, world.listeners.documents], [[], []]);
    world.onRequest = undefined;
    world.activeTextEditor = undefined;
  });

  await check('a new `cardc.path` restarts the server with it; other settings do not', async () => {
    world.settings['cardc.path'] = '~/bin/cardc';
    changeSettings(['cardc.path']);
    await settle();
    assert.strictEqual(world.clients.length, 2);
    assert.ok(world.clients[0].stopped, 'the old server is stopped');
    assert.strictEqual(world.clients[1].serverOptions.command, path.join(fake.home, 'bin', 'cardc'), '~/ is the home folder');
    assert.ok(world.clients[1].running);
    changeSettings(['editor.tabSize', 'cardc.trace.server']);
    await settle();
    assert.strictEqual(world.clients.length, 2);
    world.settings['cardc.path'] = path.join(fake.opt, 'cardc');
    changeSettings(['cardc.path']);
    await settle();
    assert.strictEqual(world.clients.length, 3);
    assert.strictEqual(world.clients[2].serverOptions.command, path.join(fake.opt, 'cardc'));
    world.settings['cardc.path'] = 'target/release/cardc';
    changeSettings(['cardc.path']);
    await settle();
    assert.strictEqual(world.clients.length, 4);
    assert.strictEqual(
      world.clients[3].serverOptions.command,
      path.join(fake.workspace, 'target', 'release', 'cardc'),
      'a relative path is taken from the workspace folder',
    );
  });

  await check('the restart command starts a new server', async () => {
    await world.commands['cardc.restartServer']();
    assert.strictEqual(world.clients.length, 5);
    assert.ok(world.clients[3].stopped && world.clients[4].running);
  });

  await check('a `cardc.path` that names no binary is reported with the setting, and nothing starts', async () => {
    for (const missing of ['/nowhere/cardc', 'no-such-cardc', 'target/README']) {
      world.settings['cardc.path'] = missing;
      const before = world.clients.length;
      const errors = world.errors.length;
      await world.commands['cardc.restartServer']();
      assert.strictEqual(world.clients.length, before, `no client for ${missing}`);
      assert.ok(world.clients.every((c) => !c.running), 'the old server is stopped');
      assert.strictEqual(world.errors.length, errors + 1, `one message for ${missing}`);
      const message = world.errors[world.errors.length - 1];
      assert.ok(message.includes(`\`${missing}\` was not found`), message);
      assert.match(message, /cardc\.path/);
    }
  });

  await check('a server that fails to start is left to the client to report (no second message)', async () => {
    world.settings['cardc.path'] = '';
    world.failStart = true;
    const errors = world.errors.length;
    await world.commands['cardc.restartServer']();
    world.failStart = false;
    assert.strictEqual(world.errors.length, errors);
    const last = world.clients[world.clients.length - 1];
    assert.strictEqual(last.serverOptions.command, path.join(fake.bin, 'cardc'), 'an empty setting means `cardc` on PATH');
  });

  const bin = process.env.CARDC_BIN;
  if (bin) {
    await check('the server the client starts answers over stdio: a diagnostic and a hover', async () => {
      world.settings['cardc.path'] = path.resolve(bin);
      await world.commands['cardc.restartServer']();
      const last = world.clients[world.clients.length - 1];
      assert.deepStrictEqual(last.serverOptions, { command: path.resolve(bin), args: ['lsp'], transport: TransportKind.stdio });
      await speakToServer(last.serverOptions, last.clientOptions);
    });
  } else {
    process.stdout.write('notice: CARDC_BIN is not set, the client is not tried against a real server\n');
  }

  await check('deactivating stops the server', async () => {
    world.settings['cardc.path'] = 'cardc';
    await world.commands['cardc.restartServer']();
    const last = world.clients[world.clients.length - 1];
    assert.ok(last.running);
    await extension.deactivate();
    assert.ok(last.stopped);
  });

  fs.rmSync(fake.root, { recursive: true, force: true });
  if (failures.length > 0) {
    process.stderr.write(`${failures.join('\n\n')}\n\n${failures.length} failure(s)\n`);
    process.exit(1);
  }
  const server = process.env.CARDC_BIN ? `, and ${process.env.CARDC_BIN} lsp answered` : '';
  process.stdout.write(`extension: manifest, language configuration and client pass${server}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
