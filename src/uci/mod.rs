//! UCI, both ways: `server` is ablate as a UCI engine (`ablate uci`), `client` drives an
//! external engine (engine variants).

pub mod client;
pub mod declared_option;
pub mod info;
pub mod pool;
pub mod program;
pub mod server;
