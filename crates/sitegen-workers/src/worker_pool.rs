//! The prerender workers of one build, shared by its prerender threads.
//!
//! A thread borrows a worker for one render and gives it back before it wraps and
//! writes the page. A worker takes up to [`REQUESTS_PER_WORKER`] requests at once, from
//! as many threads: it answers them in turn, so when it sends a page back the next
//! request is already waiting and it never idles while that page is wrapped and
//! written. A worker costs about 0.3 CPU-s to boot and warm up (Node, the bundle, the
//! first render of each screen), which a small site does not win back: the pool starts
//! one worker per [`ROUTES_PER_WORKER`] routes, and starts each only when a render
//! finds none idle.
//!
//! A worker whose process ended (killed, crashed, out of memory) fails its routes at
//! once; each is sent again to a worker of its own, a new one if need be, and is noted
//! ([`WorkerPool::take_retried`]). A route that ends that worker too fails, naming how
//! each ended.

use std::sync::{Arc, Condvar, Mutex};

use crate::error::{Ended, WorkerError};
use crate::prerender::Prerenderer;

/// Routes a worker is worth starting for. One worker renders the 313 routes of the
/// 250-product site in about 0.75 s; two finish sooner only when each gets a core to
/// itself, which the media and page writing of a small build leave them no room for.
const ROUTES_PER_WORKER: usize = 1000;

/// How many requests a worker holds at once: the one it renders and the next. Handing
/// a worker back and lending it to the next thread took about a third of its time.
const REQUESTS_PER_WORKER: usize = 2;

/// How many workers a route is sent to while each ends before answering it: one that
/// died by itself is replaced, and a route that ends the new one as well is taken to
/// end every worker it meets.
const ATTEMPTS: usize = 2;

/// How many workers a build of `routes` routes may run on `jobs` threads.
pub fn worker_limit(routes: usize, jobs: usize) -> usize {
    routes.div_ceil(ROUTES_PER_WORKER).clamp(1, jobs.max(1))
}

/// Starts a worker (or hands over a warm one), with the build's layout.
pub type StartWorker<'a> = dyn Fn() -> Result<Prerenderer, WorkerError> + Sync + 'a;

pub struct WorkerPool<'a> {
    state: Mutex<PoolState>,
    /// Signalled when a request ends, or when a start failed.
    returned: Condvar,
    limit: usize,
    start: &'a StartWorker<'a>,
}

struct PoolState {
    /// The workers started or handed in (not those whose render failed).
    workers: Vec<PooledWorker>,
    /// Workers being started.
    starting: usize,
    /// The number the next worker gets.
    next_number: usize,
    /// Counts the requests ended, to tell which worker ended one last.
    ended: u64,
    /// The routes rendered on another worker after theirs ended.
    retried: Vec<Retried>,
}

/// A route rendered on another worker because the process of the one it was sent to
/// ended before answering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retried {
    pub url: String,
    /// The workers that ended, in order.
    pub ended: Vec<Ended>,
}

struct PooledWorker {
    /// Its number in the pool, which a thread names to get the same one back.
    number: usize,
    worker: Arc<Prerenderer>,
    /// Its requests not yet answered.
    in_flight: usize,
    /// When it last ended a request ([`PoolState::ended`]); 0 if it never rendered.
    last_ended: u64,
}

/// Which worker a thread rendered with last: it gets that one again when it is idle.
/// Passing a worker to and fro between threads cost a tenth of a 10,000-product
/// prerender (each thread and its worker wake each other; a new pairing is a
/// wake-up on the other core).
#[derive(Debug, Default)]
pub struct Affinity(Option<usize>);

/// The workers of a pool once the build is done with them.
pub struct PoolWorkers {
    /// Workers that rendered.
    pub used: Vec<Prerenderer>,
    /// Workers handed in (booting early, or warm) that no render needed.
    pub unused: Vec<Prerenderer>,
}

impl PoolWorkers {
    /// For a build that keeps nothing: those that rendered exit, checked to do so
    /// cleanly, and the others are stopped (one booted early may still be loading the
    /// bundle).
    pub fn finish(self) -> Result<(), WorkerError> {
        for worker in self.used {
            worker.finish()?;
        }
        Ok(())
    }
}

/// The workers a builder keeps between builds (`sitegen serve`): all run one bundle, and
/// each holds a layout, known by its key.
#[derive(Default)]
pub struct IdleWorkers {
    /// The web build the workers' bundle came from.
    bundle: String,
    /// Each worker with the key of the layout it holds.
    workers: Vec<(Prerenderer, String)>,
}

impl IdleWorkers {
    /// Every worker of a pool, kept idle, each holding the layout keyed `layout`.
    pub fn keep(workers: PoolWorkers, bundle: &str, layout: &str) -> Self {
        Self {
            bundle: bundle.to_string(),
            workers: workers
                .used
                .into_iter()
                .chain(workers.unused)
                .map(|worker| (worker, layout.to_string()))
                .collect(),
        }
    }

    /// Whether idle workers of the web build `bundle` wait.
    pub fn run(&self, bundle: &str) -> bool {
        self.bundle == bundle && !self.workers.is_empty()
    }

    /// The workers, ready for a build of `bundle`: each given `layout_json` (keyed
    /// `layout`) unless it holds it; none when they run another bundle (they stop).
    pub fn ready_for(self, bundle: &str, layout: &str, layout_json: &str) -> Vec<Prerenderer> {
        if self.bundle != bundle {
            // Dropping them kills them.
            return Vec::new();
        }
        self.workers
            .into_iter()
            .map(|(worker, held)| {
                if held != layout {
                    worker.set_layout(layout_json);
                }
                worker
            })
            .collect()
    }
}

impl<'a> WorkerPool<'a> {
    /// A pool of at most `limit` workers (more if more are handed in `ready`), which
    /// lends the `ready` ones first and starts others with `start`.
    pub fn new(limit: usize, ready: Vec<Prerenderer>, start: &'a StartWorker<'a>) -> Self {
        let handed_in = ready.len();
        let workers = ready
            .into_iter()
            .enumerate()
            .map(|(number, worker)| PooledWorker {
                number,
                worker: Arc::new(worker),
                in_flight: 0,
                last_ended: 0,
            })
            .collect();
        WorkerPool {
            state: Mutex::new(PoolState {
                workers,
                starting: 0,
                next_number: handed_in,
                ended: 0,
                retried: Vec::new(),
            }),
            returned: Condvar::new(),
            limit: limit.max(handed_in).max(1),
            start,
        }
    }

    /// Runs `render` with a worker: the one of `affinity` if idle, else another idle
    /// one, a new one while fewer than the limit run, else one with room for another
    /// request, else the next one to have room. A worker whose render failed is not
    /// lent again (it may hang or have exited). When its process had ended, `render`
    /// runs again, on a worker of its own: were its route the one that ends workers,
    /// no other route waits behind it there, to be blamed.
    pub fn with_worker<T>(
        &self,
        affinity: &mut Affinity,
        mut render: impl FnMut(&Prerenderer) -> Result<T, WorkerError>,
    ) -> Result<T, WorkerError> {
        let mut ended = Vec::new();
        let mut retried_url = None;
        loop {
            let alone = !ended.is_empty();
            match self.attempt(affinity, alone, &mut render) {
                Err(WorkerError::WorkerEnded {
                    url,
                    ended: mut these,
                }) => {
                    ended.append(&mut these);
                    if ended.len() >= ATTEMPTS {
                        return Err(WorkerError::WorkerEnded { url, ended });
                    }
                    retried_url = Some(url);
                }
                Ok(value) => {
                    if let Some(url) = retried_url {
                        self.lock().retried.push(Retried { url, ended });
                    }
                    return Ok(value);
                }
                Err(other) => return Err(other),
            }
        }
    }

    /// One try of [`WorkerPool::with_worker`]; `alone`, on a worker that takes no other
    /// request meanwhile.
    fn attempt<T>(
        &self,
        affinity: &mut Affinity,
        alone: bool,
        render: &mut impl FnMut(&Prerenderer) -> Result<T, WorkerError>,
    ) -> Result<T, WorkerError> {
        // The requests the borrow counts for: a worker lent alone has no room left.
        let weight = if alone { REQUESTS_PER_WORKER } else { 1 };
        let (number, worker) = self.borrow(affinity.0, weight)?;
        let outcome = render(&worker);
        drop(worker);
        let mut state = self.lock();
        state.ended += 1;
        let ended = state.ended;
        if let Some(at) = state
            .workers
            .iter()
            .position(|pooled| pooled.number == number)
        {
            if outcome.is_ok() {
                let pooled = &mut state.workers[at];
                pooled.in_flight -= weight;
                pooled.last_ended = ended;
                affinity.0 = Some(number);
            } else {
                // Killed once its other requests are done with it.
                state.workers.remove(at);
            }
        }
        drop(state);
        self.returned.notify_all();
        outcome
    }

    /// The routes rendered on another worker since the last call, because theirs ended.
    pub fn take_retried(&self) -> Vec<Retried> {
        std::mem::take(&mut self.lock().retried)
    }

    /// A worker for `weight` requests (one, or all it holds: lent alone).
    fn borrow(
        &self,
        preferred: Option<usize>,
        weight: usize,
    ) -> Result<(usize, Arc<Prerenderer>), WorkerError> {
        let mut state = self.lock();
        loop {
            let with_room = |most: usize| {
                let candidates = state
                    .workers
                    .iter()
                    .enumerate()
                    .filter(|(_, pooled)| pooled.in_flight < most);
                candidates
                    .clone()
                    .find(|(_, pooled)| Some(pooled.number) == preferred)
                    .or_else(
                        // Else the least busy, and of those the last to answer: its code
                        // is the warmest.
                        || {
                            candidates.min_by_key(|(_, pooled)| {
                                (pooled.in_flight, u64::MAX - pooled.last_ended)
                            })
                        },
                    )
                    .map(|(at, _)| at)
            };
            let idle = with_room(1);
            let may_start = state.workers.len() + state.starting < self.limit;
            let at = match idle {
                // A route sent again goes to a new worker while one may start: an idle
                // one may have died as well, unnoticed yet.
                _ if weight > 1 && may_start => None,
                Some(at) => Some(at),
                // One lent alone waits for an idle worker if it may not start one.
                None if weight > 1 => None,
                None if may_start => None,
                None => with_room(REQUESTS_PER_WORKER),
            };
            if let Some(at) = at {
                let pooled = &mut state.workers[at];
                pooled.in_flight += weight;
                return Ok((pooled.number, pooled.worker.clone()));
            }
            if may_start {
                state.starting += 1;
                let number = state.next_number;
                state.next_number += 1;
                drop(state);
                // Started outside the lock: other threads may take workers meanwhile.
                let started = (self.start)().map(Arc::new);
                let mut state = self.lock();
                state.starting -= 1;
                if let Ok(worker) = &started {
                    state.workers.push(PooledWorker {
                        number,
                        worker: worker.clone(),
                        in_flight: weight,
                        last_ended: 0,
                    });
                }
                drop(state);
                self.returned.notify_all();
                return started.map(|worker| (number, worker));
            }
            state = self
                .returned
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }

    /// How many threads to prerender with on `jobs` cores: enough that every worker
    /// has its next request waiting while the threads wrap and write the pages it
    /// answered (with one thread a worker, it idled for 40 % of a 10,000-product
    /// build), and at least one a core for the pages the render cache holds.
    pub fn threads(&self, jobs: usize) -> usize {
        jobs.max(self.limit * REQUESTS_PER_WORKER)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, PoolState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The pool's workers, for the caller to keep or finish.
    pub fn into_workers(self) -> PoolWorkers {
        let state = self
            .state
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let (used, unused): (Vec<_>, Vec<_>) = state
            .workers
            .into_iter()
            .partition(|pooled| pooled.last_ended > 0);
        // Every render has ended, so the pool holds the only handle of each.
        let workers = |pooled: Vec<PooledWorker>| {
            pooled
                .into_iter()
                .filter_map(|pooled| Arc::into_inner(pooled.worker))
                .collect()
        };
        PoolWorkers {
            used: workers(used),
            unused: workers(unused),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::parallel;
    use crate::prerender::{fake_worker, DEFAULT_WORKER_TIMEOUT};

    const LAYOUT: &str = r#"{"site":{"name":"S"}}"#;
    const ROUTE: &str = r#"{"meta":{"title":"T"},"page":{}}"#;

    /// Runs `test` with a pool of at most `limit` fake workers, each started when a
    /// render needs it, and the count of those starts.
    fn with_counted_pool<T>(limit: usize, test: impl FnOnce(WorkerPool, &AtomicUsize) -> T) -> T {
        let dir = tempfile::tempdir().unwrap();
        let script = fake_worker(dir.path());
        let starts = AtomicUsize::new(0);
        let start = || {
            starts.fetch_add(1, Ordering::SeqCst);
            Prerenderer::start(&script, dir.path(), LAYOUT, DEFAULT_WORKER_TIMEOUT)
        };
        test(WorkerPool::new(limit, Vec::new(), &start), &starts)
    }

    #[test]
    fn one_worker_serves_every_thread_when_the_limit_is_one() {
        with_counted_pool(1, |pool, starts| {
            let pages = parallel::map_parallel(40, 4, |index| {
                pool.with_worker(&mut Affinity::default(), |worker| {
                    worker.render(&format!("/{index}"), ROUTE)
                })
                .map(|rendered| rendered.markup.html().to_string())
            })
            .unwrap();
            for (index, html) in pages.iter().enumerate() {
                assert_eq!(html, &format!("<p>/{index}|S|T</p>"));
            }
            assert_eq!(starts.load(Ordering::SeqCst), 1);
            let workers = pool.into_workers();
            assert_eq!((workers.used.len(), workers.unused.len()), (1, 0));
            for worker in workers.used {
                worker.finish().unwrap();
            }
        })
    }

    #[test]
    fn workers_handed_in_are_lent_first_and_the_idle_ones_reported_unused() {
        let dir = tempfile::tempdir().unwrap();
        let script = fake_worker(dir.path());
        let booted = |_| {
            let worker = Prerenderer::spawn(&script, dir.path(), DEFAULT_WORKER_TIMEOUT).unwrap();
            worker.set_layout(LAYOUT);
            worker
        };
        let never = || -> Result<Prerenderer, WorkerError> { panic!("no worker is started") };
        // A limit of 1, but two handed in: both may be lent.
        let pool = WorkerPool::new(1, (0..2).map(booted).collect(), &never);
        let html = pool
            .with_worker(&mut Affinity::default(), |worker| {
                worker.render("/a", ROUTE)
            })
            .unwrap()
            .markup
            .html()
            .to_string();
        assert_eq!(html, "<p>/a|S|T</p>");
        let workers = pool.into_workers();
        assert_eq!((workers.used.len(), workers.unused.len()), (1, 1));
    }

    #[test]
    fn a_thread_gets_the_worker_it_used_last_when_that_one_is_idle() {
        with_counted_pool(2, |pool, starts| {
            let (mut first, mut second) = (Affinity::default(), Affinity::default());
            let pid = |worker: &Prerenderer| Ok(worker.pid());
            // Both lent at once, so each thread gets its own; `first` gives its back last.
            let (_, second_pid) = pool
                .with_worker(&mut first, |worker| {
                    Ok((worker.pid(), pool.with_worker(&mut second, pid)?))
                })
                .unwrap();
            // The most recently given back is `first`'s, but `second` gets its own.
            assert_eq!(pool.with_worker(&mut second, pid).unwrap(), second_pid);
            assert_eq!(starts.load(Ordering::SeqCst), 2);
        })
    }

    #[test]
    fn a_busy_worker_takes_a_second_request_when_no_other_may_start() {
        with_counted_pool(1, |pool, starts| {
            let pid = |worker: &Prerenderer| Ok(worker.pid());
            // While the only worker has a request, a second thread's goes to it as well.
            let (outer, inner) = pool
                .with_worker(&mut Affinity::default(), |worker| {
                    Ok((
                        worker.pid(),
                        pool.with_worker(&mut Affinity::default(), pid)?,
                    ))
                })
                .unwrap();
            assert_eq!(outer, inner);
            assert_eq!(starts.load(Ordering::SeqCst), 1);
        })
    }

    #[test]
    fn a_worker_whose_render_failed_is_replaced_not_lent_again() {
        with_counted_pool(1, |pool, starts| {
            // The fake worker exits on /crash, which is tried on two workers.
            let crashed = pool.with_worker(&mut Affinity::default(), |worker| {
                worker.render("/crash", ROUTE)
            });
            assert!(crashed.is_err());
            let after = pool
                .with_worker(&mut Affinity::default(), |worker| {
                    worker.render("/b", ROUTE)
                })
                .unwrap();
            assert_eq!(after.markup.html(), "<p>/b|S|T</p>");
            assert_eq!(starts.load(Ordering::SeqCst), 3);
            assert_eq!(pool.into_workers().used.len(), 1);
        })
    }

    #[cfg(unix)]
    #[test]
    fn a_route_whose_worker_died_while_idle_is_rendered_on_a_new_one_and_noted() {
        with_counted_pool(1, |pool, starts| {
            let mut affinity = Affinity::default();
            let pid = pool
                .with_worker(&mut affinity, |worker| {
                    worker.render("/a", ROUTE)?;
                    Ok(worker.pid())
                })
                .unwrap();
            let killed = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status()
                .unwrap();
            assert!(killed.success());
            let started = std::time::Instant::now();
            let page = pool
                .with_worker(&mut affinity, |worker| worker.render("/b", ROUTE))
                .unwrap();
            assert_eq!(page.markup.html(), "<p>/b|S|T</p>");
            // Noticed at once, not after the worker timeout.
            assert!(
                started.elapsed() < std::time::Duration::from_secs(10),
                "took {:?}",
                started.elapsed()
            );
            assert_eq!(starts.load(Ordering::SeqCst), 2);
            assert_eq!(
                pool.take_retried(),
                [Retried {
                    url: "/b".into(),
                    ended: vec![Ended {
                        pid,
                        how: "was killed by signal 9 (SIGKILL)".into()
                    }],
                }]
            );
            assert!(pool.take_retried().is_empty());
        })
    }

    // Two idle workers were killed (as by `pkill node`): the route that finds the first
    // dead is sent to a new worker, not to the other dead one, which would fail it.
    #[cfg(unix)]
    #[test]
    fn a_route_sent_again_goes_to_a_new_worker_not_another_idle_one() {
        let dir = tempfile::tempdir().unwrap();
        let script = fake_worker(dir.path());
        let starts = AtomicUsize::new(0);
        let start = || {
            starts.fetch_add(1, Ordering::SeqCst);
            Prerenderer::start(&script, dir.path(), LAYOUT, DEFAULT_WORKER_TIMEOUT)
        };
        let dead: Vec<Prerenderer> = (0..2)
            .map(|_| {
                let worker =
                    Prerenderer::start(&script, dir.path(), LAYOUT, DEFAULT_WORKER_TIMEOUT)
                        .unwrap();
                let killed = std::process::Command::new("kill")
                    .args(["-KILL", &worker.pid().to_string()])
                    .status()
                    .unwrap();
                assert!(killed.success());
                worker
            })
            .collect();
        let pool = WorkerPool::new(1, dead, &start);
        let page = pool
            .with_worker(&mut Affinity::default(), |worker| {
                worker.render("/b", ROUTE)
            })
            .unwrap();
        assert_eq!(page.markup.html(), "<p>/b|S|T</p>");
        assert_eq!(starts.load(Ordering::SeqCst), 1);
        assert_eq!(pool.take_retried().len(), 1);
    }

    #[test]
    fn a_route_that_ends_every_worker_it_meets_fails_naming_it_after_two() {
        with_counted_pool(1, |pool, starts| {
            let error = pool
                .with_worker(&mut Affinity::default(), |worker| {
                    worker.render("/crash", ROUTE)
                })
                .unwrap_err();
            match &error {
                WorkerError::WorkerEnded { url, ended } => {
                    assert_eq!(url, "/crash");
                    let hows: Vec<&str> = ended.iter().map(|e| e.how.as_str()).collect();
                    assert_eq!(hows, ["exited with code 3", "exited with code 3"]);
                    assert_ne!(ended[0].pid, ended[1].pid);
                }
                other => panic!("expected WorkerEnded, got {other:?}"),
            }
            assert_eq!(starts.load(Ordering::SeqCst), 2);
            assert!(pool.take_retried().is_empty());
        })
    }

    // Two routes share the only worker and one of them crashes it: each is sent again
    // alone, so the other renders, and only the crashing one fails.
    #[test]
    fn a_route_sent_again_takes_no_other_route_down_with_it() {
        for _ in 0..8 {
            with_counted_pool(1, |pool, _| {
                let render = |url: &str| {
                    pool.with_worker(&mut Affinity::default(), |worker| worker.render(url, ROUTE))
                };
                std::thread::scope(|scope| {
                    let crash = scope.spawn(|| render("/crash"));
                    let page = scope.spawn(|| render("/b"));
                    assert_eq!(page.join().unwrap().unwrap().markup.html(), "<p>/b|S|T</p>");
                    assert!(matches!(
                        crash.join().unwrap(),
                        Err(WorkerError::WorkerEnded { url, ended }) if url == "/crash" && ended.len() == 2
                    ));
                });
            })
        }
    }

    #[test]
    fn a_start_that_failed_frees_its_place_for_the_next_render() {
        let attempts = AtomicUsize::new(0);
        let start = || -> Result<Prerenderer, WorkerError> {
            attempts.fetch_add(1, Ordering::SeqCst);
            Err(WorkerError::io(
                std::path::Path::new("node"),
                std::io::ErrorKind::NotFound.into(),
            ))
        };
        let pool = WorkerPool::new(1, Vec::new(), &start);
        for _ in 0..2 {
            // Each render tries to start one again instead of waiting forever.
            assert!(pool
                .with_worker(&mut Affinity::default(), |worker| worker
                    .render("/a", ROUTE))
                .is_err());
        }
        assert_eq!(attempts.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn each_worker_is_fed_by_as_many_threads_as_the_requests_it_holds() {
        let start = || -> Result<Prerenderer, WorkerError> { unreachable!() };
        assert_eq!(WorkerPool::new(2, Vec::new(), &start).threads(2), 4);
        assert_eq!(WorkerPool::new(1, Vec::new(), &start).threads(2), 2);
        // Pages from the render cache need no worker: every core still writes them.
        assert_eq!(WorkerPool::new(1, Vec::new(), &start).threads(8), 8);
    }

    #[test]
    fn one_worker_per_thousand_routes_and_never_more_than_the_threads() {
        assert_eq!(worker_limit(0, 2), 1);
        assert_eq!(worker_limit(313, 2), 1);
        assert_eq!(worker_limit(1000, 2), 1);
        assert_eq!(worker_limit(1001, 2), 2);
        assert_eq!(worker_limit(10_063, 2), 2);
        assert_eq!(worker_limit(10_063, 8), 8);
        assert_eq!(worker_limit(10_063, 0), 1);
    }

    #[test]
    fn idle_workers_serve_the_next_build_of_their_bundle_with_its_layout() {
        let dir = tempfile::tempdir().unwrap();
        let script = fake_worker(dir.path());
        let start = || Prerenderer::start(&script, dir.path(), LAYOUT, DEFAULT_WORKER_TIMEOUT);
        let keep = || {
            let pool = WorkerPool::new(1, Vec::new(), &start);
            pool.with_worker(&mut Affinity::default(), |worker| worker.render("/", ROUTE))
                .unwrap();
            IdleWorkers::keep(pool.into_workers(), "bundle 1", "layout 1")
        };
        let idle = keep();
        assert!(idle.run("bundle 1"));
        assert!(!idle.run("bundle 2"));
        assert!(!IdleWorkers::default().run("bundle 1"), "none kept");
        assert!(
            idle.ready_for("bundle 2", "layout 1", LAYOUT).is_empty(),
            "another bundle"
        );

        let other_layout = r#"{"site":{"name":"U"}}"#;
        let ready = keep().ready_for("bundle 1", "layout 2", other_layout);
        assert_eq!(ready.len(), 1);
        let rendered = ready[0].render("/a", ROUTE).unwrap();
        assert_eq!(
            rendered.markup.html(),
            "<p>/a|U|T</p>",
            "given the new layout"
        );
        for worker in ready {
            worker.finish().unwrap();
        }
    }
}
