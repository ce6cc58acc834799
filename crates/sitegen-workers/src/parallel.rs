//! One shared work queue drained by several threads: the prerender (whose threads share
//! the Node workers, [`crate::worker_pool`]), the link check and the compression all use
//! it.
//!
//! Work items are handed out in index order and results come back in index order, so
//! what a build writes and reports does not depend on how many threads ran or which one
//! finished first.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// At most this many threads by default: past it, the prerender's Node workers cost more
/// memory (~100 MB each) than they save on the machines sites are built on.
const MAX_DEFAULT_WORKERS: usize = 8;

/// How many workers to run: `requested` if given, else the available cores capped at
/// [`MAX_DEFAULT_WORKERS`].
pub fn worker_count(requested: Option<NonZeroUsize>) -> usize {
    requested.map(NonZeroUsize::get).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(2, NonZeroUsize::get)
            .min(MAX_DEFAULT_WORKERS)
    })
}

/// Runs `work(state, index)` for every index of `0..count` on up to `workers` threads,
/// each with its own state made by `start` (a thread that finds the queue empty makes
/// none). Returns the results in index order and the states, for the caller to finish.
///
/// After a failure no new item is handed out (items already running complete) and the
/// error returned is the one of the lowest failing index, which does not depend on
/// scheduling: every lower index had already been handed out and was completed.
pub fn run_queue<S, T, E>(
    count: usize,
    workers: usize,
    start: impl Fn() -> Result<S, E> + Sync,
    work: impl Fn(&mut S, usize) -> Result<T, E> + Sync,
) -> Result<(Vec<T>, Vec<S>), E>
where
    S: Send,
    T: Send,
    E: Send,
{
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    // (index of the failing item, or usize::MAX for a failed start; the error)
    let failure: Mutex<Option<(usize, E)>> = Mutex::new(None);
    let fail = |index: usize, error: E| {
        failed.store(true, Ordering::SeqCst);
        let mut slot = failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if slot.as_ref().is_none_or(|(lowest, _)| index < *lowest) {
            *slot = Some((index, error));
        }
    };
    let take = || {
        if failed.load(Ordering::SeqCst) {
            return None;
        }
        let index = next.fetch_add(1, Ordering::SeqCst);
        (index < count).then_some(index)
    };

    let threads = workers.clamp(1, count.max(1));
    let finished: Vec<Drained<S, T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut results = Vec::new();
                    let Some(mut index) = take() else {
                        return Drained {
                            results,
                            state: None,
                        };
                    };
                    let mut state = match start() {
                        Ok(state) => state,
                        Err(error) => {
                            // The item this thread took was not done: report it as the
                            // start failure, ranked below any item's own failure.
                            fail(usize::MAX, error);
                            return Drained {
                                results,
                                state: None,
                            };
                        }
                    };
                    loop {
                        match work(&mut state, index) {
                            Ok(result) => results.push((index, result)),
                            Err(error) => {
                                fail(index, error);
                                break;
                            }
                        }
                        match take() {
                            Some(following) => index = following,
                            None => break,
                        }
                    }
                    Drained {
                        results,
                        state: Some(state),
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });

    if let Some((_, error)) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(error);
    }
    let mut indexed = Vec::with_capacity(count);
    let mut states = Vec::with_capacity(threads);
    for drained in finished {
        indexed.extend(drained.results);
        states.extend(drained.state);
    }
    indexed.sort_unstable_by_key(|(index, _)| *index);
    Ok((
        indexed.into_iter().map(|(_, result)| result).collect(),
        states,
    ))
}

/// Runs `work` on the calling thread (and the threads it starts, which inherit it) at
/// a lower CPU priority where the system allows it (see [`crate::os`]): work that fills
/// the cores the prerender workers leave (share PNGs, WebP variants) then yields to the
/// workers, which are the build's longest path, instead of slowing them by a fair share.
pub fn in_background<T>(work: impl FnOnce() -> T) -> T {
    crate::os::lower_thread_priority();
    work()
}

/// What one thread of [`run_queue`] did: its results by index, and its state if it
/// made one.
struct Drained<S, T> {
    results: Vec<(usize, T)>,
    state: Option<S>,
}

/// [`run_queue`] for items that need no per-thread state.
pub fn map_parallel<T, E>(
    count: usize,
    workers: usize,
    work: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E>
where
    T: Send,
    E: Send,
{
    run_queue(count, workers, || Ok(()), |(), index| work(index)).map(|(results, _)| results)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::thread::sleep;
    use std::time::Duration;

    use super::*;

    #[test]
    fn every_item_is_done_once_and_results_come_back_in_order() {
        let (results, states) = run_queue(
            100,
            4,
            || Ok::<_, ()>(Vec::new()),
            |seen: &mut Vec<usize>, index| {
                seen.push(index);
                Ok(index * 10)
            },
        )
        .unwrap();
        assert_eq!(results, (0..100).map(|i| i * 10).collect::<Vec<_>>());
        let mut done: Vec<usize> = states.into_iter().flatten().collect();
        done.sort_unstable();
        assert_eq!(done, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn the_queue_spreads_items_over_the_workers() {
        let (_, states) = run_queue(
            40,
            4,
            || Ok::<_, ()>(Vec::new()),
            |seen: &mut Vec<usize>, index| {
                // Slow items, so no single thread can drain the queue alone.
                sleep(Duration::from_millis(5));
                seen.push(index);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(states.len(), 4);
        assert!(states.iter().all(|seen| !seen.is_empty()), "{states:?}");
    }

    #[test]
    fn no_more_workers_start_than_there_are_items() {
        let started = AtomicUsize::new(0);
        let (results, states) = run_queue(
            2,
            8,
            || {
                started.fetch_add(1, Ordering::SeqCst);
                Ok::<_, ()>(())
            },
            |(), index| Ok(index),
        )
        .unwrap();
        assert_eq!(results, [0, 1]);
        assert!(started.load(Ordering::SeqCst) <= 2);
        assert_eq!(states.len(), started.load(Ordering::SeqCst));
        assert_eq!(
            map_parallel(0, 4, Ok::<_, ()>).unwrap(),
            Vec::<usize>::new()
        );
    }

    #[test]
    fn the_lowest_failing_item_is_reported_whatever_the_worker_count() {
        for workers in [1, 2, 3, 7] {
            let error = map_parallel(50, workers, |index| {
                if index % 10 == 7 {
                    Err(format!("item {index} failed"))
                } else {
                    Ok(index)
                }
            })
            .unwrap_err();
            assert_eq!(error, "item 7 failed", "with {workers} workers");
        }
    }

    #[test]
    fn after_a_failure_no_new_items_are_started() {
        let done = Mutex::new(BTreeSet::new());
        let result = map_parallel(1000, 2, |index| {
            done.lock().unwrap().insert(index);
            if index == 3 {
                Err(())
            } else {
                sleep(Duration::from_millis(1));
                Ok(())
            }
        });
        assert!(result.is_err());
        assert!(
            done.lock().unwrap().len() < 20,
            "{:?}",
            done.lock().unwrap()
        );
    }

    #[test]
    fn a_worker_that_cannot_start_fails_the_run() {
        let error = run_queue(5, 2, || Err::<(), _>("no node"), |(), index| Ok(index)).unwrap_err();
        assert_eq!(error, "no node");
    }

    #[test]
    fn the_worker_count_honours_a_request_and_the_cap() {
        assert_eq!(worker_count(NonZeroUsize::new(3)), 3);
        let default = worker_count(None);
        assert!((1..=MAX_DEFAULT_WORKERS).contains(&default));
    }
}
