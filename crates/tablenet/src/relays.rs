//! One WebSocket per relay: subscribe on open, publish to every open relay, reconnect with backoff (1 s doubling to
//! 30 s; reset once the relay has answered the subscription). What arrives is handed to `net.rs`.

use crate::js::{describe, now_ms};
use crate::net::Inner;
use dicetray_table::signal::{close_text, req_text};
use std::rc::Weak;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

const FIRST_BACKOFF_MS: f64 = 1_000.0;
const MAX_BACKOFF_MS: f64 = 30_000.0;
/// How far back the subscription asks (the contract's `since`), in seconds.
const SINCE_SECS: u64 = 30;

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

pub struct Relay {
    pub url: String,
    socket: Option<Socket>,
    pub up: bool,
    backoff_ms: f64,
    retry_at: Option<f64>,
    /// Events or frames from this relay refused so far.
    pub refused: u32,
    /// Never retried (a URL the browser refuses).
    dead: bool,
}

impl Relay {
    pub fn new(url: String) -> Relay {
        Relay {
            url,
            socket: None,
            up: false,
            backoff_ms: FIRST_BACKOFF_MS,
            retry_at: Some(0.0),
            refused: 0,
            dead: false,
        }
    }

    /// Opens the socket if it is time to (first start or a retry). Returns a problem to report, if any.
    pub fn connect_if_due(&mut self, inner: &Weak<Inner>, index: usize, now: f64) -> Option<String> {
        if self.dead || self.socket.is_some() || self.retry_at.is_none_or(|at| now < at) {
            return None;
        }
        self.retry_at = None;
        if !(self.url.starts_with("wss://") || self.url.starts_with("ws://")) {
            self.dead = true;
            return Some("not a relay address (allowed: ws:// or wss:// URLs)".into());
        }
        let ws = match WebSocket::new(&self.url) {
            Ok(ws) => ws,
            Err(e) => {
                self.dead = true;
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
        None
    }

    /// The socket opened: subscribe.
    pub fn opened(&mut self, sub: &str, topic: &str, now: f64) -> Result<(), String> {
        self.up = true;
        let since = (now / 1000.0) as u64;
        self.send(&req_text(sub, topic, since.saturating_sub(SINCE_SECS)))
    }

    /// The relay answered the subscription: it works, so the next failure starts the backoff afresh.
    pub fn answered(&mut self) {
        self.backoff_ms = FIRST_BACKOFF_MS;
    }

    /// The socket closed (or is being dropped): schedule the next try. Returns the wait in seconds.
    pub fn closed(&mut self, now: f64) -> f64 {
        if let Some(s) = self.socket.take() {
            s.detach();
        }
        self.up = false;
        let wait = self.backoff_ms;
        self.retry_at = Some(now + wait);
        self.backoff_ms = (self.backoff_ms * 2.0).min(MAX_BACKOFF_MS);
        wait / 1000.0
    }

    /// Drops the socket to reconnect later (the relay ended our subscription).
    pub fn restart(&mut self, now: f64) {
        if let Some(s) = &self.socket {
            let _ = s.ws.close();
        }
        self.closed(now);
    }

    pub fn send(&self, text: &str) -> Result<(), String> {
        match &self.socket {
            Some(s) if self.up => s.ws.send_with_str(text).map_err(|e| format!("sending failed: {}", describe(&e))),
            _ => Err("not connected".into()),
        }
    }

    /// Ends the subscription and the socket for good.
    pub fn shut(&mut self, sub: &str) {
        if let Some(s) = self.socket.take() {
            if self.up {
                let _ = s.ws.send_with_str(&close_text(sub));
            }
            s.detach();
            let _ = s.ws.close();
        }
        self.up = false;
        self.dead = true;
    }
}

/// Seconds since the epoch for `created_at`.
pub fn now_secs() -> u64 {
    (now_ms() / 1000.0) as u64
}
