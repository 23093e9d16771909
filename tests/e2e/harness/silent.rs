//! A phone's relay socket that goes silent without closing: its link to the relay half-dead, as after a Wi-Fi to
//! mobile handover, a NAT mapping that timed out or a relay stuck on one connection. The socket stays open on both
//! ends, nothing arrives, and what the phone sends goes nowhere (its TCP buffers fill; no error, no close).
//!
//! A TCP forwarder on 127.0.0.1 in front of the test relay: a phone whose relay URL is [`SilentLink::url`] connects
//! through it. [`SilentLink::silence`] stops every connection open at that moment in both directions, without
//! reading from or writing to either side again and without closing them (they are held until the link is
//! dropped); connections made afterwards are forwarded as usual, so a phone that gives up the silent socket and
//! connects again reaches the relay. [`SilentLink::connections`] counts the connections made so far.
//!
//! ```ignore
//! let link = SilentLink::start(run.relay_port()).await;
//! run.route_through("Bea", link.url());
//! // ... seat the table ...
//! let before = link.connections();
//! assert_eq!(link.silence(), 1);
//! let after = link.next_connection(before, Duration::from_secs(15)).await;
//! ```

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The forwarder; stops (closing every connection, silent ones included) when dropped.
pub struct SilentLink {
    url: String,
    /// Each [`SilentLink::silence`] raises it; a connection goes silent once it is above the value it started at.
    generation: watch::Sender<u64>,
    /// Connections made so far, and those open now (not yet silent nor closed).
    made: Arc<AtomicUsize>,
    open: Arc<AtomicUsize>,
    /// The silent connections' sockets, held open.
    held: Arc<Mutex<Vec<(TcpStream, TcpStream)>>>,
    accept: JoinHandle<()>,
}

impl SilentLink {
    /// Listen on a free loopback port and forward each connection to the relay on 127.0.0.1:`relay_port`. Needs a
    /// running tokio runtime.
    pub async fn start(relay_port: u16) -> SilentLink {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.expect("bind the silent link on loopback");
        let port = listener.local_addr().expect("the silent link's address").port();
        let (generation, _) = watch::channel(0u64);
        let (made, open) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let held = Arc::new(Mutex::new(Vec::new()));
        let relay = SocketAddr::from((Ipv4Addr::LOCALHOST, relay_port));
        let shared =
            Shared { generation: generation.clone(), made: made.clone(), open: open.clone(), held: held.clone() };
        let accept = tokio::spawn(accept_loop(listener, relay, shared));
        SilentLink { url: format!("ws://127.0.0.1:{port}"), generation, made, open, held, accept }
    }

    /// `ws://127.0.0.1:<port>`: the relay, through this link.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Connections made through the link so far.
    pub fn connections(&self) -> usize {
        self.made.load(Ordering::SeqCst)
    }

    /// Every connection open now goes silent (stays open, carries nothing either way); returns how many.
    pub fn silence(&self) -> usize {
        let n = self.open.load(Ordering::SeqCst);
        self.generation.send_modify(|g| *g += 1);
        n
    }

    /// Connections held silent so far (each one once its forwarding stopped).
    pub fn silent(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Wait until a connection beyond the first `known` is made; how long that took. Panics after `limit`.
    pub async fn next_connection(&self, known: usize, limit: Duration) -> Duration {
        let started = Instant::now();
        while self.connections() <= known {
            assert!(
                started.elapsed() < limit,
                "no new connection through the silent link within {limit:?} ({known} made before, none since)"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        started.elapsed()
    }
}

impl Drop for SilentLink {
    fn drop(&mut self) {
        self.accept.abort();
        self.held.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// What the accept loop shares with the link.
#[derive(Clone)]
struct Shared {
    generation: watch::Sender<u64>,
    made: Arc<AtomicUsize>,
    open: Arc<AtomicUsize>,
    held: Arc<Mutex<Vec<(TcpStream, TcpStream)>>>,
}

async fn accept_loop(listener: TcpListener, relay: SocketAddr, shared: Shared) {
    while let Ok((client, _)) = listener.accept().await {
        let Ok(upstream) = TcpStream::connect(relay).await else {
            // The relay is down: the client sees its connection closed, as it would.
            continue;
        };
        shared.made.fetch_add(1, Ordering::SeqCst);
        shared.open.fetch_add(1, Ordering::SeqCst);
        let started_at = *shared.generation.borrow();
        tokio::spawn(forward(client, upstream, started_at, shared.clone()));
    }
}

/// Copy both ways until either side closes (then close both) or the link is silenced (then hold both, untouched).
async fn forward(mut client: TcpStream, mut upstream: TcpStream, started_at: u64, shared: Shared) {
    let mut generation = shared.generation.subscribe();
    let silenced = tokio::select! {
        _ = tokio::io::copy_bidirectional(&mut client, &mut upstream) => false,
        _ = generation.wait_for(|g| *g > started_at) => true,
    };
    shared.open.fetch_sub(1, Ordering::SeqCst);
    if silenced {
        shared.held.lock().unwrap_or_else(|e| e.into_inner()).push((client, upstream));
    }
}
