//! `sitegen-workers` runs a build's work.
//!
//! For: the ordered thread queue every parallel stage drains ([`parallel`]), the Node
//! processes that prerender pages and the line protocol they speak ([`prerender`]),
//! the pool that lends them to threads ([`worker_pool`]), Ctrl-C and SIGTERM
//! ([`interrupt`]), the content hash that names frames and cache entries ([`Key`]), and
//! the crash tests' fault hooks ([`fault`], compiled only with `fault-injection`).
//!
//! Not for: deciding what to render or where it goes (`sitegen-render` plans the
//! routes, wraps and writes the pages), nor reading options from the environment (the
//! command line does, and passes them in).

pub mod error;
pub mod fault;
pub mod interrupt;
mod key;
pub mod parallel;
pub mod prerender;
pub mod worker_pool;

pub use error::WorkerError;
pub use key::Key;
