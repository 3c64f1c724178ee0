//! The harness's integration tests, one binary (one link, one run) with a
//! module per concern. They run the real `harness` binary the way a user does,
//! or call the library through the registry.

mod answer_validators;
mod audit;
mod catches_wrong_solvers;
mod checklist;
mod cli_errors;
mod common;
mod corpus_integrity;
mod corpus_workflows;
mod exhaustive;
mod external_programs;
mod faults;
mod fit;
mod interactive;
mod interactive_package;
mod invoke;
mod judge_check;
mod judge_sources;
mod kattis_package;
mod metamorphic;
mod own_batch;
mod own_commands;
mod own_hardening;
mod own_new;
mod own_oracle;
mod own_problem;
mod own_reference;
mod own_slow_tools;
mod own_structural;
mod package_submissions;
mod polygon_package;
mod reproduce;
mod robustness;
mod scale;
mod show;
mod signals;
mod strays;
mod table;
mod testset;
