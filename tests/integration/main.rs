//! The integration tests as one binary, each file of tests/integration/ a module of it: the
//! test build compiles and links them once, not once a file (there were fifty), and their
//! tests share one pool of test threads rather than waiting for each other's binaries.

mod common;

mod bench;
mod capture_history;
mod charts;
mod check;
mod cli_perft;
mod committed_games;
mod config_meaning;
mod corner_statistics;
mod datagen;
mod design_ratio_statistics;
mod design_statistics;
mod designs;
mod engine_author;
mod engine_designs;
mod engine_matches;
mod engines;
mod engines_compared;
mod examples;
mod extends;
mod figures;
mod first_contact;
mod forms_table;
mod games_stored_once;
mod gauntlet;
mod gauntlet_statistics;
mod ignored_tests;
mod knob_steps;
mod ladder;
mod late_move_count;
mod layers;
mod links;
mod matches;
mod mates;
mod minimal;
mod newcomer;
mod newcomer_traps;
mod nnue;
mod progress;
mod pruning;
mod reference_report;
mod removal_table;
mod reproduce;
mod runner;
mod runs;
mod search_core;
mod search_invariants;
mod slurm;
mod small_traps;
mod spreadsheet;
mod stale;
mod stat_score;
mod uci;
