//! What the commands that drive Gomocup engines share (`narabe match`, the
//! referee of two engines, and `narabe bot`, the bridge between one engine
//! and narabe's Bot API): [`command_line`] splits an engine's command line
//! into words, [`engine_process`] runs one engine as a child process with
//! deadlines on its answers and a sure end, and [`rule_value`] is the
//! protocol's number of each rule set.

pub mod command_line;
pub mod engine_process;
pub mod rule_value;
