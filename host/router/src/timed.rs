//! A write timeout for accepted connections. A client that stops reading
//! (most often one holding a GET stream open) would otherwise park its
//! connection's task and socket forever once the socket buffer fills; with
//! this wrapper a write that cannot make progress for the timeout fails,
//! hyper closes the connection, and the stream's loss is recorded.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// How long a write may wait for the client to read before the connection
/// is dropped.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// An I/O object whose writes fail with `TimedOut` after waiting `limit`.
pub struct TimedIo<T> {
    inner: T,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> TimedIo<T> {
    /// Wraps `inner`.
    pub fn new(inner: T, limit: Duration) -> TimedIo<T> {
        TimedIo {
            inner,
            limit,
            stalled: None,
        }
    }

    /// While a write is pending, fails once it has been pending too long.
    fn check<R>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<R>>) -> Poll<io::Result<R>> {
        match poll {
            Poll::Ready(r) => {
                self.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => {
                let limit = self.limit;
                let timer = self
                    .stalled
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
                match timer.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client stopped reading",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for TimedIo<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for TimedIo<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.check(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.check(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.inner).poll_flush(cx);
        this.check(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn a_write_the_peer_never_reads_fails_after_the_limit() {
        let (ours, mut theirs) = tokio::io::duplex(64);
        let mut io = TimedIo::new(ours, Duration::from_millis(200));
        let start = std::time::Instant::now();
        let err = io.write_all(&[b'x'; 4096]).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(start.elapsed() >= Duration::from_millis(200));
        assert!(start.elapsed() < Duration::from_secs(2));
        // A peer that reads keeps the writer going however long it takes.
        let (ours, mut peer) = tokio::io::duplex(64);
        let mut io = TimedIo::new(ours, Duration::from_millis(200));
        let reader = tokio::spawn(async move {
            let mut buf = vec![0u8; 8192];
            let mut total = 0;
            while total < 8192 {
                tokio::time::sleep(Duration::from_millis(20)).await;
                total += peer.read(&mut buf).await.unwrap();
            }
            total
        });
        io.write_all(&[b'y'; 8192]).await.unwrap();
        assert_eq!(reader.await.unwrap(), 8192);
        drop(theirs.read(&mut [0u8; 1]).await);
    }
}
