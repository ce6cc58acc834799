//! `sitegen-workers` runs a build's work.
//!
//! For: the ordered thread queue every parallel stage drains ([`parallel`]), the Node
//! processes that prerender pages and the line protocol they speak ([`prerender`],
//! whose reply [`protocol`] declares for both sides and [`rendered`] reads),
//! the pool that lends them to threads ([`worker_pool`]), Ctrl-C and SIGTERM
//! ([`interrupt`]), how cache entries are named and written ([`Key`],
//! [`write_atomically`]), and the crash tests' fault hooks ([`fault`], compiled only
//! with `fault-injection`).
//!
//! Not for: deciding what to render or where it goes (`sitegen-render` plans the
//! routes, wraps and writes the pages), nor reading options from the environment (the
//! command line does, and passes them in).

mod entry;
pub mod error;
pub mod fault;
pub mod interrupt;
pub mod parallel;
pub mod prerender;
pub mod protocol;
pub mod rendered;
pub mod worker_pool;

pub use entry::{write_atomically, Key};
pub use error::WorkerError;
