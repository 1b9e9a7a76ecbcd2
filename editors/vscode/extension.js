// The VS Code client for `cardc lsp`: starts the server over stdio for `.cards` files,
// restarts it when `cardc.path` changes or on the "Restart cardc language server" command.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

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

/** Called by VS Code when a `.cards` file is first opened. */
async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('cardc.restartServer', restart),
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
