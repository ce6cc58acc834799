//! The accept loop: HTTP/1.1 connections with a deadline for the request head, so
//! idle and slow clients cannot hold connections (and file descriptors) forever.

use std::future::Future;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;

/// How long connections still answering may finish after the server is told to stop.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);
/// How long to wait before accepting again after `accept` failed (out of file
/// descriptors, typically): the failure would repeat at once.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// Serves `app` on `listener` until `shutdown` completes. A connection that has not
/// sent a complete request head within `header_read_timeout` of opening (or of its
/// previous response) is closed.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    tokio::time::sleep(ACCEPT_RETRY).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_read_timeout)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A client that goes away or times out is not the server's error.
            let _ = connection.await;
        });
    }
    // Long-polling live-reload requests would hold the exit for up to their wait.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
}
