//! The stages of a build ([`crate::Builder`]'s `run_stages` lists them in order):
//! each takes what the stages before it made and writes into the staging folder or
//! checks it.

pub(crate) mod compress;
mod content;
pub(crate) mod data;
pub(crate) mod host_limits;
pub(crate) mod link_check;
pub(crate) mod media;
pub(crate) mod prerender;
pub(crate) mod write;

use std::time::{Duration, Instant};

use sitegen_workers::interrupt::{self, Interrupted};
use sitegen_workers::{fault, parallel};

pub(crate) use self::content::{plan_content, ContentMemory, Planned};
pub(crate) use self::prerender::PrerenderMemory;
pub(crate) use self::write::{HostFiles, SiteFilesMemory};
use crate::BuildOptions;

/// What every stage of one build works with.
#[derive(Clone, Copy)]
pub(crate) struct Run<'a> {
    pub options: &'a BuildOptions,
    /// How many threads the stages use (and at most how many Node workers).
    pub jobs: usize,
}

impl<'a> Run<'a> {
    pub fn new(options: &'a BuildOptions) -> Self {
        Self {
            options,
            jobs: parallel::worker_count(options.jobs),
        }
    }
}

/// The wall time of each stage, in order. The end of each is a fault point of the
/// crash tests and a point where a signal stops the build.
pub(crate) struct Laps {
    stages: Vec<(&'static str, Duration)>,
    clock: Instant,
}

impl Laps {
    pub fn start() -> Self {
        Self {
            stages: Vec::new(),
            clock: Instant::now(),
        }
    }

    /// Ends the stage `name`.
    pub fn lap(&mut self, name: &'static str) -> Result<(), Interrupted> {
        self.stages.push((name, self.clock.elapsed()));
        fault::point(name);
        self.clock = Instant::now();
        interrupt::check()
    }

    pub fn into_stages(self) -> Vec<(&'static str, Duration)> {
        self.stages
    }
}
