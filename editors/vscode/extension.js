// The VS Code client for `cardc lsp`: starts the server over stdio for `.cards` files,
// restarts it when `cardc.path` changes or on the "Restart cardc language server" command.
'use strict';

const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** The running client, if any. */
let client;

/** The `cardc` binary from the settings: a name on `PATH` or a path (`~/` is the home folder). */
function cardcPath() {
  const configured = vscode.workspace.getConfiguration('cardc').get('path', 'cardc').trim() || 'cardc';
  if (configured === '~' || configured.startsWith('~/')) {
    return path.join(os.homedir(), configured.slice(1));
  }
  return configured;
}

/** A client for `<cardc.path> lsp` over stdio; its trace follows `cardc.trace.server`. */
function createClient() {
  const command = cardcPath();
  const serverOptions = { command, args: ['lsp'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'cards' }],
  };
  return new LanguageClient('cardc', 'cardc', serverOptions, clientOptions);
}

/** Starts a new client; a server that cannot start is reported with a way to fix the path. */
async function start() {
  client = createClient();
  try {
    await client.start();
  } catch (error) {
    const open = 'Open Settings';
    const message = `cardc: could not start \`${cardcPath()} lsp\` (${error.message || error}). ` +
      'Install cardc (`cargo install --path cardc`) or set `cardc.path` to the binary.';
    vscode.window.showErrorMessage(message, open).then((choice) => {
      if (choice === open) {
        vscode.commands.executeCommand('workbench.action.openSettings', 'cardc.path');
      }
    });
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
