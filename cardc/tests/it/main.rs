//! cardc's integration tests, one module per concern, linked into one test binary so that
//! `cargo test` links `cardc` once for all of them instead of once per file. Each module's
//! doc comment says what it tests; `common` holds the helpers they share. Data the tests
//! read stays beside this folder: `../gold/`, `../sets/`, `../neovim/`, `../sarif/`.

mod common;
/// The real pools' ability blocks, which `gold` and `pool_reading` both read.
#[path = "../gold/pools.rs"]
mod pools;

mod abilities;
mod ability_props;
mod accepted_compiles;
mod armada_data_mutated;
mod armada_import;
mod cli;
mod diff;
mod emit;
mod export;
mod extensions;
mod fixtures;
mod fmt;
mod formats;
mod gallery_browser;
mod gold;
mod hostile_text;
mod import_history;
mod import_one_file;
mod import_writes;
mod import_xwing;
mod layers;
mod layout;
mod lean_dependency;
mod lsp;
mod lsp_edits;
mod mutate;
mod neovim;
mod own_kinds;
mod packed;
mod parse_work;
mod pool_reading;
mod real_lints;
mod real_squads_by_date;
mod real_text;
mod recover;
mod releases;
mod render;
mod said_back;
mod scenarios;
mod sheets_print;
mod terminal;
mod vscode_grammar;
