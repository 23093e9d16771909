//! One WebSocket per relay: subscribe on open, publish to every open relay, reconnect quickly ([`RETRY_MS`]: 250 ms,
//! 500 ms, then every second while the relay stays down; afresh once it has answered the subscription, and at once on
//! a wake). An open socket must stay alive: when nothing has arrived on it for [`QUIET_MS`] (or on a wake) it is
//! probed with a request every relay answers, and one that does not answer within its wait ([`PROBE_ANSWER_MS`],
//! longer for a relay found slow) is closed and connected again at once. Each relay is on its own: a dead one never
//! holds up the others, and its being down is told once, not per attempt. The decisions are [`Schedule`]'s, pure
//! and tested natively; what arrives is handed to `net.rs`.

use crate::js::{describe, now_ms};
use dicetray_table::signal::{close_text, req_text, PROBE_CLOSE, PROBE_TEXT};
use std::rc::Weak;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

/// How long to wait before the next attempt after the 1st, the 2nd, and every later failure in a row: a relay that
/// comes back is reconnected within about a second (plus the failed attempt's own time).
pub const RETRY_MS: [f64; 3] = [250.0, 500.0, 1_000.0];
/// A socket still connecting after this long is given up and tried afresh (a relay that neither answers nor refuses).
pub const CONNECT_TIMEOUT_MS: f64 = 10_000.0;
/// On a wake, a socket already connecting this long is replaced (it may have started before the network came back).
pub const WAKE_REPLACES_AFTER_MS: f64 = 2_000.0;
/// An open socket on which nothing has arrived for this long is probed. More than a heartbeat's gap
/// (`HEARTBEAT_MS`, 3 s), so a relay carrying a table is never probed; short enough that probe and answer wait fit
/// within the time after which the others show this phone away (`AWAY_MS`, 9 s), with the 1 s tick.
pub const QUIET_MS: f64 = 4_000.0;
/// How long an open socket's probe waits for any message before the socket is replaced; doubled after each
/// replacement in a row (a relay found slow), back to this once a probe is answered within it.
pub const PROBE_ANSWER_MS: f64 = 3_000.0;
/// The longest a probe ever waits: a relay this slow is of no use to a roll (`CONTRIBUTION_WAIT_MS`, 2 s) anyway.
pub const PROBE_ANSWER_MAX_MS: f64 = 24_000.0;
/// How far back the subscription asks (the contract's `since`), in seconds.
const SINCE_SECS: u64 = 30;

/// The wait before the next attempt after `failures` failures in a row (at least one).
pub fn retry_delay_ms(failures: u32) -> f64 {
    let i = failures.max(1) as usize - 1;
    RETRY_MS[i.min(RETRY_MS.len() - 1)]
}

/// Where a relay's connection stands.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// No socket; the next attempt is due at `at` (ms).
    Waiting { at: f64 },
    /// A socket is connecting since `since` (ms).
    Opening { since: f64 },
    /// The socket is open; something last arrived on it (or it opened) at `heard`; a probe went out at `probe` and
    /// nothing has arrived since.
    Open { heard: f64, probe: Option<f64> },
    /// Never tried again (a URL the browser refuses, or the link closed).
    Dead,
}

/// What to do with a relay's socket now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Nothing,
    /// Open a socket.
    Connect,
    /// Give up the socket connecting for too long, and count a failure.
    GiveUp,
    /// Give up the connecting socket and connect again at once (a wake).
    Replace,
    /// Send the open socket a probe (then tell [`Schedule::probing`]).
    Probe,
    /// The open socket went silent: close it and connect again at once (after [`Schedule::silent`]).
    Reconnect,
}

/// The relay went down: when it is tried again and whether to tell (once per stretch of being down, not per attempt).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Down {
    pub wait_ms: f64,
    pub report: bool,
    /// It had connected (else this attempt failed to connect).
    pub was_open: bool,
}

/// A relay's reconnection and liveness decisions, pure (milliseconds in, decisions out), tested natively.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    phase: Phase,
    /// Failures in a row since the relay last answered.
    failures: u32,
    /// The relay's being down was reported and it has not opened since.
    told_down: bool,
    /// How long the next probe waits for an answer ([`PROBE_ANSWER_MS`] to [`PROBE_ANSWER_MAX_MS`]).
    answer_ms: f64,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule { phase: Phase::Waiting { at: 0.0 }, failures: 0, told_down: false, answer_ms: PROBE_ANSWER_MS }
    }
}

impl Schedule {
    /// From the tick or a retry timer: connect if the wait is over; give up a socket connecting for too long; probe
    /// an open socket quiet for [`QUIET_MS`]; replace one whose probe went unanswered.
    pub fn poll(&self, now: f64) -> Act {
        match self.phase {
            Phase::Waiting { at } if now >= at => Act::Connect,
            Phase::Opening { since } if now - since >= CONNECT_TIMEOUT_MS => Act::GiveUp,
            Phase::Open { probe: Some(sent), .. } if now - sent >= self.answer_ms => Act::Reconnect,
            Phase::Open { heard, probe: None } if now - heard >= QUIET_MS => Act::Probe,
            _ => Act::Nothing,
        }
    }

    pub fn connecting(&mut self, now: f64) {
        self.phase = Phase::Opening { since: now };
    }

    pub fn opened(&mut self, now: f64) {
        self.phase = Phase::Open { heard: now, probe: None };
        self.told_down = false;
    }

    pub fn is_open(&self) -> bool {
        matches!(self.phase, Phase::Open { .. })
    }

    /// The relay answered the subscription: it works, so the next failure starts the schedule afresh.
    pub fn answered(&mut self) {
        self.failures = 0;
    }

    /// Something arrived on the open socket (any message counts): it is alive, and an outstanding probe is answered.
    /// An answer within [`PROBE_ANSWER_MS`] shows the relay fast again, so later probes wait that long only.
    pub fn heard(&mut self, now: f64) {
        if let Phase::Open { probe, .. } = self.phase {
            if probe.is_some_and(|sent| now - sent <= PROBE_ANSWER_MS) {
                self.answer_ms = PROBE_ANSWER_MS;
            }
            self.phase = Phase::Open { heard: now, probe: None };
        }
    }

    /// How long the next probe waits for an answer, in ms.
    #[cfg(test)]
    pub fn answer_ms(&self) -> f64 {
        self.answer_ms
    }

    /// A probe went out on the open socket.
    pub fn probing(&mut self, now: f64) {
        if let Phase::Open { heard, .. } = self.phase {
            self.phase = Phase::Open { heard, probe: Some(now) };
        }
    }

    /// The open socket's probe went unanswered: it is connected again at once, and the next probe waits twice as
    /// long (up to [`PROBE_ANSWER_MAX_MS`]), so a relay that is only slow is not replaced over and over.
    pub fn silent(&mut self, now: f64) -> Down {
        self.answer_ms = (self.answer_ms * 2.0).min(PROBE_ANSWER_MAX_MS);
        self.phase = Phase::Waiting { at: now };
        let report = !self.told_down;
        self.told_down = true;
        Down { wait_ms: 0.0, report, was_open: true }
    }

    /// The socket closed, failed to connect, or was given up.
    pub fn failed(&mut self, now: f64) -> Down {
        let was_open = self.is_open();
        if self.phase == Phase::Dead {
            return Down { wait_ms: 0.0, report: false, was_open };
        }
        self.failures = self.failures.saturating_add(1);
        let wait_ms = retry_delay_ms(self.failures);
        self.phase = Phase::Waiting { at: now + wait_ms };
        let report = !self.told_down;
        self.told_down = true;
        Down { wait_ms, report, was_open }
    }

    pub fn dead(&mut self) {
        self.phase = Phase::Dead;
    }

    /// The network came back or the page became visible: a relay not connected is tried at once, its schedule
    /// afresh; a socket connecting for [`WAKE_REPLACES_AFTER_MS`] already is replaced; an open socket is probed at
    /// once (it may have died while the phone slept or changed networks), unless a probe is already out.
    pub fn wake(&mut self, now: f64) -> Act {
        match self.phase {
            Phase::Waiting { .. } => {
                self.failures = 0;
                self.phase = Phase::Waiting { at: now };
                Act::Connect
            }
            Phase::Opening { since } if now - since >= WAKE_REPLACES_AFTER_MS => {
                self.failures = 0;
                Act::Replace
            }
            Phase::Open { probe: None, .. } => Act::Probe,
            _ => Act::Nothing,
        }
    }
}

/// What to tell when a relay goes down (once per stretch of being down).
pub fn down_problem(was_open: bool, code: u16, reason: &str) -> String {
    let reason = if reason.is_empty() { String::new() } else { format!(": {reason:.200}") };
    let what = if was_open { "disconnected" } else { "cannot connect" };
    format!("{what} (code {code}{reason}); trying again every second while it is down")
}

struct Socket {
    ws: WebSocket,
    // Kept here so they live exactly as long as the socket is ours; detached before dropping.
    _open: Closure<dyn FnMut()>,
    _message: Closure<dyn FnMut(MessageEvent)>,
    _close: Closure<dyn FnMut(CloseEvent)>,
}

impl Socket {
    fn detach(&self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
    }
}

/// What a relay's socket reports, to the link that owns the relays (`net.rs`'s `Inner`): the socket's handlers call
/// back through this, so this file does not import the link.
pub trait RelayEvents {
    /// The socket opened.
    fn relay_opened(&self, index: usize);
    /// A text message arrived.
    fn relay_text(&self, index: usize, text: &str);
    /// The relay sent what the link cannot take (`why` says what, and what is allowed).
    fn relay_refused(&self, index: usize, why: String);
    /// The socket closed, with its close code and reason.
    fn relay_closed(&self, index: usize, code: u16, reason: String);
}

pub struct Relay {
    pub url: String,
    socket: Option<Socket>,
    schedule: Schedule,
    /// Events or frames from this relay refused so far.
    pub refused: u32,
    /// A socket was given up as silent and the next one has not opened yet: whatever went out on it may be lost.
    silenced: bool,
}

impl Relay {
    pub fn new(url: String) -> Relay {
        Relay { url, socket: None, schedule: Schedule::default(), refused: 0, silenced: false }
    }

    /// Connected: its socket is open (and subscribed).
    pub fn up(&self) -> bool {
        self.socket.is_some() && self.schedule.is_open()
    }

    /// From the tick or a retry timer: opens the socket if it is time to (first start or a retry), gives up one
    /// that has been connecting too long, probes an open one that has been quiet, replaces one that went silent.
    /// Returns a problem to report, if any.
    pub fn poll<E: RelayEvents + 'static>(&mut self, inner: &Weak<E>, index: usize, now: f64) -> Option<String> {
        let act = self.schedule.poll(now);
        self.act(act, inner, index, now)
    }

    /// A wake: connects at once if not connected (replacing a socket stuck connecting), probes an open socket.
    /// Returns a problem to report.
    pub fn wake<E: RelayEvents + 'static>(&mut self, inner: &Weak<E>, index: usize, now: f64) -> Option<String> {
        let act = self.schedule.wake(now);
        self.act(act, inner, index, now)
    }

    /// Does what the schedule decided.
    fn act<E: RelayEvents + 'static>(&mut self, act: Act, inner: &Weak<E>, index: usize, now: f64) -> Option<String> {
        match act {
            Act::Nothing => None,
            Act::GiveUp => {
                self.drop_socket();
                let down = self.schedule.failed(now);
                // Whole seconds as an integer: `{:.0}` on an f64 would bring float formatting into the Table screen.
                let secs = (CONNECT_TIMEOUT_MS / 1000.0).round() as u32;
                let problem = format!("no answer within {secs} s; trying again every second while it is down");
                down.report.then_some(problem)
            }
            Act::Probe => self.probe(now),
            Act::Connect | Act::Replace | Act::Reconnect => {
                self.drop_socket();
                let silent = act == Act::Reconnect && self.went_silent(now);
                let problem = self.connect(inner, index, now);
                problem.or(silent.then(|| "open but silent (no answer to a probe); reconnecting".into()))
            }
        }
    }

    /// Asks the open socket for an answer: a subscription for one event id no event has, and no stored event.
    fn probe(&mut self, now: f64) -> Option<String> {
        self.schedule.probing(now);
        self.send(PROBE_TEXT).err()
    }

    /// The probe went unanswered: the silent socket (already closed) is replaced at once, and what went out on it
    /// is sent again once the new one opens ([`Relay::take_silenced`]). Whether to tell.
    fn went_silent(&mut self, now: f64) -> bool {
        self.silenced = true;
        self.schedule.silent(now).report
    }

    /// The probe was answered: end it (nothing will ever match it, but the relay keeps it until closed).
    pub fn end_probe(&self) {
        let _ = self.send(PROBE_CLOSE);
    }

    /// Something arrived on the socket: it is alive.
    pub fn heard(&mut self, now: f64) {
        self.schedule.heard(now);
    }

    /// Whether a socket was given up as silent since the relay last opened (then everything recent is sent again,
    /// as any of it may have gone nowhere); clears it.
    pub fn take_silenced(&mut self) -> bool {
        std::mem::take(&mut self.silenced)
    }

    fn connect<E: RelayEvents + 'static>(&mut self, inner: &Weak<E>, index: usize, now: f64) -> Option<String> {
        if self.socket.is_some() {
            return None;
        }
        if !(self.url.starts_with("wss://") || self.url.starts_with("ws://")) {
            self.schedule.dead();
            return Some("not a relay address (allowed: ws:// or wss:// URLs)".into());
        }
        let ws = match WebSocket::new(&self.url) {
            Ok(ws) => ws,
            Err(e) => {
                self.schedule.dead();
                return Some(format!("cannot connect: {}", describe(&e)));
            }
        };
        let w = inner.clone();
        let open = Closure::<dyn FnMut()>::new(move || {
            if let Some(i) = w.upgrade() {
                i.relay_opened(index);
            }
        });
        let w = inner.clone();
        let message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            if let Some(i) = w.upgrade() {
                match ev.data().as_string() {
                    Some(text) => i.relay_text(index, &text),
                    None => i.relay_refused(index, "sent a binary message (allowed: JSON text)".into()),
                }
            }
        });
        let w = inner.clone();
        let close = Closure::<dyn FnMut(CloseEvent)>::new(move |ev: CloseEvent| {
            if let Some(i) = w.upgrade() {
                i.relay_closed(index, ev.code(), ev.reason());
            }
        });
        ws.set_onopen(Some(open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(close.as_ref().unchecked_ref()));
        self.socket = Some(Socket { ws, _open: open, _message: message, _close: close });
        self.schedule.connecting(now);
        None
    }

    /// Detaches and closes the socket, if any (no event follows from it).
    fn drop_socket(&mut self) {
        if let Some(s) = self.socket.take() {
            s.detach();
            let _ = s.ws.close();
        }
    }

    /// The socket opened: subscribe.
    pub fn opened(&mut self, sub: &str, topic: &str, now: f64) -> Result<(), String> {
        self.schedule.opened(now);
        let since = (now / 1000.0) as u64;
        self.send(&req_text(sub, topic, since.saturating_sub(SINCE_SECS)))
    }

    /// The relay answered the subscription: it works, so the next failure starts the schedule afresh.
    pub fn answered(&mut self) {
        self.schedule.answered();
    }

    /// The socket closed (or failed to connect): schedule the next try.
    pub fn closed(&mut self, now: f64) -> Down {
        if let Some(s) = self.socket.take() {
            s.detach();
        }
        self.schedule.failed(now)
    }

    /// Drops the socket to reconnect soon (the relay ended our subscription).
    pub fn restart(&mut self, now: f64) -> Down {
        self.drop_socket();
        self.schedule.failed(now)
    }

    pub fn send(&self, text: &str) -> Result<(), String> {
        match &self.socket {
            Some(s) if self.schedule.is_open() => {
                s.ws.send_with_str(text).map_err(|e| format!("sending failed: {}", describe(&e)))
            }
            _ => Err("not connected".into()),
        }
    }

    /// Ends the subscription and the socket for good.
    pub fn shut(&mut self, sub: &str) {
        if let Some(s) = &self.socket {
            if self.schedule.is_open() {
                let _ = s.ws.send_with_str(&close_text(sub));
            }
        }
        self.drop_socket();
        self.schedule.dead();
    }
}

/// Seconds since the epoch for `created_at`.
pub fn now_secs() -> u64 {
    (now_ms() / 1000.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_come_after_250_ms_500_ms_then_every_second() {
        assert_eq!(retry_delay_ms(0), 250.0);
        assert_eq!(retry_delay_ms(1), 250.0);
        assert_eq!(retry_delay_ms(2), 500.0);
        for n in 3..100 {
            assert_eq!(retry_delay_ms(n), 1_000.0);
        }
        assert_eq!(retry_delay_ms(u32::MAX), 1_000.0);
    }

    #[test]
    fn a_relay_down_is_tried_within_a_second_for_as_long_as_it_stays_down_and_told_once() {
        let mut s = Schedule::default();
        assert_eq!(s.poll(0.0), Act::Connect, "the first attempt is at once");
        s.connecting(0.0);
        assert_eq!(s.poll(5.0), Act::Nothing, "connecting");
        s.opened(5.0);
        s.answered();
        assert!(s.is_open());

        // The relay goes away at 10 s; it is tried 250 ms, 500 ms, then every second after each failure.
        let mut now = 10_000.0;
        let down = s.failed(now);
        assert_eq!(down, Down { wait_ms: 250.0, report: true, was_open: true });
        let mut told = 0;
        let mut attempts = vec![];
        while now < 70_000.0 {
            if s.poll(now) == Act::Connect {
                attempts.push(now);
                s.connecting(now);
                // The attempt fails 30 ms later (connection refused).
                now += 30.0;
                let d = s.failed(now);
                assert!(!d.was_open);
                told += d.report as u32;
            }
            now += 10.0;
        }
        assert_eq!(told, 0, "being down was told once, when it went down, not per attempt");
        assert_eq!(&attempts[..2], &[10_250.0, 10_780.0]);
        let gaps: Vec<f64> = attempts.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.iter().all(|g| *g <= 1_030.0), "{gaps:?}");
        assert!(attempts.len() > 55, "{} attempts in a minute", attempts.len());

        // It comes back: the next attempt opens; being down again is told again.
        let back = now;
        while s.poll(now) != Act::Connect {
            now += 10.0;
        }
        assert!(now - back <= 1_000.0, "reconnected {} ms after the relay was back", now - back);
        s.connecting(now);
        s.opened(now);
        assert!(s.failed(now + 1.0).report);
    }

    #[test]
    fn the_schedule_starts_afresh_once_the_relay_answered_not_merely_opened() {
        let mut s = Schedule::default();
        s.connecting(0.0);
        assert_eq!(s.failed(1.0).wait_ms, 250.0);
        s.connecting(300.0);
        assert_eq!(s.failed(301.0).wait_ms, 500.0);
        // It opens and closes at once without answering (a relay that drops us): the schedule goes on.
        s.connecting(900.0);
        s.opened(900.0);
        assert_eq!(s.failed(950.0), Down { wait_ms: 1_000.0, report: true, was_open: true });
        s.connecting(2_000.0);
        s.opened(2_000.0);
        s.answered();
        assert_eq!(s.failed(3_000.0).wait_ms, 250.0);
    }

    #[test]
    fn a_socket_connecting_too_long_is_given_up_and_counts_as_a_failure() {
        let mut s = Schedule::default();
        s.connecting(0.0);
        assert_eq!(s.poll(CONNECT_TIMEOUT_MS - 1.0), Act::Nothing);
        assert_eq!(s.poll(CONNECT_TIMEOUT_MS), Act::GiveUp);
        let d = s.failed(CONNECT_TIMEOUT_MS);
        assert_eq!(d, Down { wait_ms: 250.0, report: true, was_open: false });
        assert_eq!(s.poll(CONNECT_TIMEOUT_MS + 250.0), Act::Connect);
    }

    #[test]
    fn a_wake_tries_a_relay_not_connected_at_once_and_probes_an_open_one() {
        let mut s = Schedule::default();
        s.connecting(0.0);
        s.opened(0.0);
        assert_eq!(s.wake(10.0), Act::Probe, "open: it may have died while the phone slept, so ask it");
        s.probing(10.0);
        assert_eq!(s.wake(20.0), Act::Nothing, "a probe is out already");

        for _ in 0..5 {
            s.failed(20.0);
        }
        assert_eq!(s.poll(21.0), Act::Nothing, "waiting a second");
        assert_eq!(s.wake(21.0), Act::Connect, "a wake does not wait");
        assert_eq!(s.poll(21.0), Act::Connect);
        s.connecting(21.0);
        assert_eq!(s.failed(40.0).wait_ms, 250.0, "the schedule starts afresh after a wake");

        // A socket that began connecting just now is left alone; one connecting for a while is replaced.
        s.connecting(1_000.0);
        assert_eq!(s.wake(1_000.0 + WAKE_REPLACES_AFTER_MS - 1.0), Act::Nothing);
        assert_eq!(s.wake(1_000.0 + WAKE_REPLACES_AFTER_MS), Act::Replace);
    }

    /// A relay that answers every request `delay` ms later, as long as its socket is open; returns the times the
    /// socket was replaced as silent over `span` ms (ticks every second, as the link's timer).
    fn replacements_with_a_relay_answering_after(delay: f64, span: f64) -> Vec<f64> {
        let mut s = Schedule::default();
        s.connecting(0.0);
        s.opened(0.0);
        let (mut replaced, mut answer_at) = (vec![], None);
        let mut now = 0.0;
        while now < span {
            now += 1_000.0;
            if answer_at.is_some_and(|at| at <= now) {
                s.heard(now);
                answer_at = None;
            }
            match s.poll(now) {
                Act::Probe => {
                    s.probing(now);
                    answer_at = Some(now + delay);
                }
                Act::Reconnect => {
                    replaced.push(now);
                    assert_eq!(s.silent(now).wait_ms, 0.0, "connected again at once");
                    assert_eq!(s.poll(now), Act::Connect);
                    s.connecting(now);
                    s.opened(now + 50.0);
                    answer_at = None;
                }
                _ => {}
            }
        }
        replaced
    }

    #[test]
    fn an_open_socket_quiet_for_a_while_is_probed_and_replaced_at_once_if_the_probe_goes_unanswered() {
        let mut s = Schedule::default();
        s.connecting(0.0);
        s.opened(100.0);
        s.answered();
        assert_eq!(s.poll(100.0 + QUIET_MS - 1.0), Act::Nothing, "quiet, but not for long");
        assert_eq!(s.poll(100.0 + QUIET_MS), Act::Probe);
        s.probing(100.0 + QUIET_MS);
        assert_eq!(s.poll(100.0 + QUIET_MS + 1.0), Act::Nothing, "one probe at a time");
        let given_up = 100.0 + QUIET_MS + PROBE_ANSWER_MS;
        assert_eq!(s.poll(given_up - 1.0), Act::Nothing, "the probe still has time");
        assert_eq!(s.poll(given_up), Act::Reconnect);
        assert_eq!(s.silent(given_up), Down { wait_ms: 0.0, report: true, was_open: true });
        assert!(!s.is_open());
        assert_eq!(s.poll(given_up), Act::Connect, "at once");
        // The new socket fails to connect too: the usual schedule, and being down is not told again.
        s.connecting(given_up);
        let down = s.failed(given_up + 10.0);
        assert_eq!(down, Down { wait_ms: 250.0, report: false, was_open: false });
        // Noticed (with the 1 s tick) before the others show this phone away.
        const { assert!(QUIET_MS + PROBE_ANSWER_MS + 1_000.0 < dicetray_table::limits::AWAY_MS as f64) };
    }

    #[test]
    fn any_message_counts_as_life_and_answers_the_probe() {
        let mut s = Schedule::default();
        s.connecting(0.0);
        s.opened(0.0);
        // A relay carrying a table: something every 3 s (heartbeats), never probed.
        for n in 1..100 {
            let now = n as f64 * 3_000.0;
            assert_eq!(s.poll(now), Act::Nothing, "at {now} ms");
            s.heard(now);
        }
        // Quiet (the peers talk over data channels): probed, the answer comes, quiet again, probed again.
        let mut now = 297_000.0 + QUIET_MS;
        for _ in 0..3 {
            assert_eq!(s.poll(now), Act::Probe);
            s.probing(now);
            s.heard(now + 200.0);
            assert_eq!(s.poll(now + PROBE_ANSWER_MS + 200.0), Act::Nothing, "answered: not replaced");
            now += 200.0 + QUIET_MS;
        }
        // Before the socket opened, nothing heard matters.
        let mut t = Schedule::default();
        t.heard(5.0);
        assert_eq!(t, Schedule::default());
    }

    #[test]
    fn a_slow_relay_is_replaced_once_at_most_never_in_a_loop() {
        // Answers within the probe's wait: never replaced.
        assert_eq!(replacements_with_a_relay_answering_after(2_000.0, 600_000.0), Vec::<f64>::new());
        // Slower than the first wait: replaced once, then the wait is long enough and it stays.
        assert_eq!(replacements_with_a_relay_answering_after(4_000.0, 600_000.0).len(), 1);
        assert_eq!(
            replacements_with_a_relay_answering_after(10_000.0, 600_000.0).len(),
            2,
            "after 3 s, 6 s; 12 s is enough"
        );
        // One that accepts sockets but never answers: replaced, each time after a longer wait, at most every
        // `QUIET_MS + PROBE_ANSWER_MAX_MS`.
        let dead = replacements_with_a_relay_answering_after(f64::INFINITY, 600_000.0);
        let gaps: Vec<f64> = dead.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.windows(2).all(|g| g[1] >= g[0]), "{gaps:?}");
        assert!(gaps.iter().rev().take(5).all(|g| *g >= QUIET_MS + PROBE_ANSWER_MAX_MS), "{gaps:?}");
    }

    #[test]
    fn a_prompt_answer_brings_the_probes_wait_back_to_its_first_value() {
        let mut s = Schedule::default();
        s.connecting(0.0);
        s.opened(0.0);
        s.probing(QUIET_MS);
        s.silent(QUIET_MS + PROBE_ANSWER_MS);
        s.connecting(8_000.0);
        s.opened(8_000.0);
        assert_eq!(s.answer_ms(), 2.0 * PROBE_ANSWER_MS);
        // Answered, but slower than the first wait: the longer wait stays.
        s.probing(20_000.0);
        s.heard(20_000.0 + PROBE_ANSWER_MS + 1.0);
        assert_eq!(s.answer_ms(), 2.0 * PROBE_ANSWER_MS);
        // Answered promptly: back to the first wait.
        s.probing(30_000.0);
        s.heard(30_100.0);
        assert_eq!(s.answer_ms(), PROBE_ANSWER_MS);
    }

    #[test]
    fn a_dead_relay_is_never_tried_again() {
        let mut s = Schedule::default();
        s.dead();
        assert_eq!(s.poll(1e9), Act::Nothing);
        assert_eq!(s.wake(1e9), Act::Nothing);
        assert!(!s.failed(1e9).report);
        assert_eq!(s.poll(1e10), Act::Nothing);
    }

    #[test]
    fn going_down_says_whether_it_had_connected() {
        assert_eq!(
            down_problem(true, 1006, ""),
            "disconnected (code 1006); trying again every second while it is down"
        );
        assert_eq!(
            down_problem(false, 1006, "refused"),
            "cannot connect (code 1006: refused); trying again every second while it is down"
        );
    }
}
