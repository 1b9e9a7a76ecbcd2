// The VS Code client for `cardc lsp`: starts the server over stdio for `.cards` files,
// restarts it when `cardc.path` changes or on the "Restart cardc language server" command,
// and shows the card under the cursor in a preview beside the editor ("cardc: Open Card
// Preview"), asking the server's `cardc/cardSvg` as the cursor moves and the text changes.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const preview = require('./preview');

/** The running client, if any. */
let client;

/** `cardc.path` as written: `cardc` when it is unset or blank. */
function configuredPath() {
  const value = vscode.workspace.getConfiguration('cardc').get('path', 'cardc');
  return (typeof value === 'string' && value.trim()) || 'cardc';
}

/** Whether `file` is a file this process may run. */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The binary `configured` names: a path (`~/` is the home folder; a relative path is taken
 * from the first workspace folder), or a name looked up on `PATH`. Undefined when there is
 * no such executable.
 */
function resolveCommand(configured) {
  let command = configured;
  if (command === '~' || command.startsWith('~/')) {
    command = path.join(os.homedir(), command.slice(1));
  }
  if (command.includes('/') || command.includes(path.sep)) {
    const folders = vscode.workspace.workspaceFolders || [];
    const base = folders.length > 0 ? folders[0].uri.fsPath : process.cwd();
    const file = path.resolve(base, command);
    return isExecutable(file) ? file : undefined;
  }
  const extensions = process.platform === 'win32' ? (process.env.PATHEXT || '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (process.env.PATH || '').split(path.delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      const file = path.join(dir, command + extension);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
}

/** A client for `<command> lsp` over stdio; its trace follows `cardc.trace.server`. */
function createClient(command) {
  const serverOptions = { command, args: ['lsp'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'cards' }],
    // VS Code shows a `data:` image in a hover: a card's hover holds its picture.
    initializationOptions: { hoverImages: true },
  };
  return new LanguageClient('cardc', 'cardc', serverOptions, clientOptions);
}

/** Says that `cardc.path` names no binary, with a button to the setting. */
function reportMissing(configured) {
  const open = 'Open Settings';
  const message =
    `cardc: \`${configured}\` was not found, so the language server is not running. ` +
    'Install cardc (`cargo install --path cardc`) or set `cardc.path` to the binary.';
  vscode.window.showErrorMessage(message, open).then((choice) => {
    if (choice === open) {
      vscode.commands.executeCommand('workbench.action.openSettings', 'cardc.path');
    }
  });
}

/**
 * Starts a new client. A `cardc.path` that names no binary is reported here; a server that
 * fails later is reported by the client itself, in its output channel.
 */
async function start() {
  const configured = configuredPath();
  const command = resolveCommand(configured);
  if (!command) {
    reportMissing(configured);
    return;
  }
  client = createClient(command);
  try {
    await client.start();
  } catch {
    // The client has shown the error and logged it in the cardc output channel.
  }
}

/** Stops the client if one is running. */
async function stop() {
  const running = client;
  client = undefined;
  if (running && running.isRunning()) {
    await running.stop();
  }
}

/** Stops the server and starts it again (after a new `cardc` build, or a new `cardc.path`). */
async function restart() {
  await stop();
  await start();
}

/** The open card preview (a webview panel), if any. */
let panel;

/** Whether `editor` shows a card file. */
function isCards(editor) {
  return Boolean(editor && editor.document && editor.document.languageId === 'cards');
}

/**
 * Opens the card preview beside the editor (or shows the one open), keeping the focus in
 * the editor. It follows the cursor of the last `.cards` editor: on each cursor move and
 * edit, after `preview.DEBOUNCE_MS` of quiet, it asks the server for the card there.
 */
function openPreview() {
  if (panel) {
    panel.reveal(vscode.ViewColumn.Beside, true);
    return;
  }
  const view = vscode.window.createWebviewPanel(
    'cardc.preview',
    'Card Preview',
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
    { enableScripts: false, localResourceRoots: [] },
  );
  const state = new preview.PreviewState();
  const nonce = preview.makeNonce(crypto.randomBytes);
  let editor = isCards(vscode.window.activeTextEditor) ? vscode.window.activeTextEditor : undefined;
  let sequence = 0;
  const show = () => {
    view.webview.html = preview.previewHtml(state, nonce);
  };
  const ask = preview.debounce(async () => {
    if (!editor || !client || !client.isRunning()) return;
    const number = ++sequence;
    const params = preview.requestParams(editor.document.uri.toString(), editor.selection.active);
    let answer = null;
    try {
      answer = await client.sendRequest(preview.METHOD, params);
    } catch {
      // A server that cannot draw the card (or is restarting) leaves the last one, dimmed.
    }
    if (panel === view && state.update(number, answer)) show();
  });
  const follow = (next) => {
    if (isCards(next)) {
      editor = next;
      ask();
    }
  };
  const listeners = [
    vscode.window.onDidChangeTextEditorSelection((event) => follow(event.textEditor)),
    vscode.window.onDidChangeActiveTextEditor((next) => follow(next)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (editor && event.document === editor.document) ask();
    }),
  ];
  view.onDidDispose(() => {
    ask.cancel();
    for (const listener of listeners) listener.dispose();
    panel = undefined;
  });
  panel = view;
  show();
  ask();
}

/** Called by VS Code when a `.cards` file is first opened. */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('cardc.restartServer', restart),
    vscode.commands.registerCommand('cardc.openPreview', openPreview),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('cardc.path')) {
        restart();
      }
    }),
  );
  await start();
}

/** Called by VS Code on shutdown: the server is told to exit. */
function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
