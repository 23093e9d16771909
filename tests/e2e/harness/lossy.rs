//! A lossy, slow, reordering link between the phones and the relay, inside a table test's own network namespace.
//!
//! What `tc qdisc add dev lo root netem loss 15% delay 100ms 50ms` would do, for the one TCP port the relay listens
//! on. This machine's kernel has no `sch_netem` (nor modules to load: `tc` says "Specified qdisc kind is unknown"),
//! but it has netfilter's queue to user space (`nfnetlink_queue`), so: two iptables rules send every packet to or
//! from the relay's port to a queue, and a thread of the test takes each packet from the queue and either drops it
//! (with probability `loss`) or lets it go after a delay drawn uniformly from `delay` (so packets that follow each
//! other closely overtake each other: reordering). TCP under the websockets then retransmits and reorders as it does
//! on a bad mobile network. Everything else in the namespace (the page server, chromedriver) is untouched.
//!
//! Only inside the namespace [`super::netns::in_own_netns`] makes (checked): the rules and the queue belong to it
//! and vanish with it; nothing outside is touched.
//!
//! ```ignore
//! let link = LossyLink::start(relay_port, Faults { loss: 0.15, delay: (50, 150), seed: 30 });
//! // ... rolls ...
//! let stats = link.stop();
//! ```

use std::collections::BinaryHeap;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The netfilter queue number the rules send packets to.
const QUEUE: u16 = 30;

/// What the link does to each packet.
#[derive(Clone, Copy, Debug)]
pub struct Faults {
    /// The share of packets dropped (0.15: 15 %).
    pub loss: f64,
    /// Each packet kept is held for a time drawn uniformly from this range, in ms.
    pub delay: (u64, u64),
    /// The random draws' seed (printed, so a failure can be run again with the same draws).
    pub seed: u64,
}

/// What the link did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub packets: u64,
    pub dropped: u64,
    /// Packets let through before one that reached the queue earlier.
    pub overtook: u64,
}

/// The link, until [`LossyLink::stop`] (or drop) removes the rules and lets any held packet go.
pub struct LossyLink {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Stats>>,
    rules: Vec<Vec<String>>,
}

/// xorshift64*: small, seeded, good enough to pick which packets to drop and how long to hold them.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn iptables(args: &[String]) -> Result<(), String> {
    let out = Command::new("iptables").args(args).output().map_err(|e| {
        format!("run `iptables` ({e}); the lossy-network test needs it: `apt-get install iptables` (.ci/run does)")
    })?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("`iptables {}` failed: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

impl LossyLink {
    /// Make every TCP packet to or from 127.0.0.1:`port` go through the faults.
    pub fn start(port: u16, faults: Faults) -> LossyLink {
        assert!(
            std::env::var_os(super::netns::NETNS_ENV).is_some_and(|v| v == "1"),
            "LossyLink changes the firewall of the network it runs in: only inside a test's own namespace \
             (harness::netns::in_own_netns)"
        );
        assert!((0.0..1.0).contains(&faults.loss) && faults.delay.0 <= faults.delay.1, "{faults:?}");
        let mut queue = nfq::Queue::open()
            .unwrap_or_else(|e| panic!("open a netfilter queue socket (the kernel's nfnetlink_queue): {e}"));
        queue.bind(QUEUE).unwrap_or_else(|e| panic!("bind netfilter queue {QUEUE}: {e}"));
        // Only the headers are needed: the verdict leaves the packet as it is.
        queue.set_copy_range(QUEUE, 64).unwrap_or_else(|e| panic!("set the queue's copy range: {e}"));
        // A full queue lets packets through rather than dropping them: the loss is ours to choose.
        queue.set_fail_open(QUEUE, true).unwrap_or_else(|e| panic!("set the queue to fail open: {e}"));
        queue.set_nonblocking(true);
        let mut rules = Vec::new();
        for side in ["--dport", "--sport"] {
            let rule: Vec<String> = ["OUTPUT", "-o", "lo", "-p", "tcp", side, &port.to_string(), "-j", "NFQUEUE"]
                .into_iter()
                .chain(["--queue-num", &QUEUE.to_string(), "--queue-bypass"])
                .map(String::from)
                .collect();
            let add: Vec<String> = std::iter::once("-I".to_string()).chain(rule.iter().cloned()).collect();
            iptables(&add).unwrap_or_else(|e| panic!("{e}"));
            rules.push(rule);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || run(queue, faults, &flag));
        println!(
            "lossy link on port {port}: {:.0} % of packets dropped, the others held {}-{} ms (seed {})",
            faults.loss * 100.0,
            faults.delay.0,
            faults.delay.1,
            faults.seed
        );
        LossyLink { stop, thread: Some(thread), rules }
    }

    /// Remove the rules, let every held packet go, and say what the link did.
    pub fn stop(mut self) -> Stats {
        self.end()
    }

    fn end(&mut self) -> Stats {
        for rule in self.rules.drain(..) {
            let del: Vec<String> = std::iter::once("-D".to_string()).chain(rule).collect();
            if let Err(e) = iptables(&del) {
                eprintln!("lossy link: {e}");
            }
        }
        self.stop.store(true, Ordering::SeqCst);
        self.thread.take().map(|t| t.join().unwrap_or_default()).unwrap_or_default()
    }
}

impl Drop for LossyLink {
    fn drop(&mut self) {
        self.end();
    }
}

/// A held packet, released at `at`; the heap gives the earliest first.
struct Held {
    at: Instant,
    seq: u64,
    msg: nfq::Message,
}

impl PartialEq for Held {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}
impl Eq for Held {}
impl PartialOrd for Held {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Held {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (other.at, other.seq).cmp(&(self.at, self.seq))
    }
}

fn run(mut queue: nfq::Queue, faults: Faults, stop: &AtomicBool) -> Stats {
    let mut rng = Rng(faults.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut held: BinaryHeap<Held> = BinaryHeap::new();
    let mut stats = Stats::default();
    let (mut seq, mut released_seq) = (0u64, 0u64);
    loop {
        let stopping = stop.load(Ordering::SeqCst);
        // Take every packet waiting in the queue.
        loop {
            match queue.recv() {
                Ok(mut msg) => {
                    stats.packets += 1;
                    if !stopping && rng.unit() < faults.loss {
                        stats.dropped += 1;
                        msg.set_verdict(nfq::Verdict::Drop);
                        let _ = queue.verdict(msg);
                        continue;
                    }
                    let span = faults.delay.1 - faults.delay.0;
                    let ms = faults.delay.0 + if span == 0 { 0 } else { rng.next() % (span + 1) };
                    seq += 1;
                    held.push(Held { at: Instant::now() + Duration::from_millis(ms), seq, msg });
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                Err(e) => {
                    eprintln!("lossy link: reading the queue: {e}");
                    break;
                }
            }
        }
        // Let go of every packet whose time has come (all of them once stopping).
        let now = Instant::now();
        while held.peek().is_some_and(|h| stopping || h.at <= now) {
            let Held { seq: s, mut msg, .. } = held.pop().expect("peeked");
            if s < released_seq {
                stats.overtook += 1;
            }
            released_seq = released_seq.max(s);
            msg.set_verdict(nfq::Verdict::Accept);
            if let Err(e) = queue.verdict(msg) {
                eprintln!("lossy link: a verdict: {e}");
            }
        }
        if stopping {
            return stats;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}
