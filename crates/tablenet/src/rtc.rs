//! One RTCPeerConnection per peer, non-trickle: an offer or answer is sent once ICE gathering has finished (or
//! [`GATHER_WAIT_MS`] passed, then with the candidates gathered so far), so one relay event carries it whole.
//! The offerer creates the data channel `dicetray` (ordered, reliable: the defaults); the answerer receives it.

use crate::js::{describe, sleep_promise, wait};
use dicetray_table::PeerKey;
use js_sys::{Array, Function, Promise};
use std::rc::Weak;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelState, RtcIceGatheringState,
    RtcIceServer, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit, RtcSignalingState,
};

/// Longest wait for ICE gathering before sending what was gathered (unreachable STUN servers can stall it).
pub const GATHER_WAIT_MS: i32 = 5_000;
pub const CHANNEL_LABEL: &str = "dicetray";

struct Channel {
    dc: RtcDataChannel,
    _open: Closure<dyn FnMut()>,
    _message: Closure<dyn FnMut(MessageEvent)>,
    _close: Closure<dyn FnMut()>,
}

/// What a peer's connection and data channel report, to the link that owns them (`net.rs`'s `Inner`): their
/// handlers call back through this, so this file does not import the link.
pub trait ChannelEvents {
    /// The answering side's data channel arrived.
    fn channel_arrived(&self, peer: PeerKey, attempt: u64, dc: RtcDataChannel);
    /// The data channel opened.
    fn channel_opened(&self, peer: PeerKey, attempt: u64);
    /// The connection failed or closed, or its data channel closed.
    fn channel_closed(&self, peer: PeerKey, attempt: u64);
    /// A message arrived on the data channel (`None`: not text).
    fn channel_message(&self, peer: PeerKey, text: Option<String>);
}

/// A connection to one peer, and the handlers it owns (dropped with it, after being detached).
pub struct PeerConn {
    pub pc: RtcPeerConnection,
    /// Which attempt this is: handlers and tasks of an older attempt find a different number and stop.
    pub attempt: u64,
    channel: Option<Channel>,
    gathered: Promise,
    _gathering: Closure<dyn FnMut()>,
    _state: Closure<dyn FnMut()>,
    _datachannel: Option<Closure<dyn FnMut(RtcDataChannelEvent)>>,
}

impl PeerConn {
    /// A new connection; `offerer` creates the data channel, the answerer waits for it.
    pub fn new<E: ChannelEvents + 'static>(
        inner: &Weak<E>,
        peer: PeerKey,
        attempt: u64,
        ice: &[String],
        offerer: bool,
    ) -> Result<PeerConn, String> {
        let config = RtcConfiguration::new();
        let servers = Array::new();
        for url in ice {
            let server = RtcIceServer::new();
            server.set_urls_str(url);
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config)
            .map_err(|e| format!("cannot create a WebRTC connection: {}", describe(&e)))?;

        // A promise resolved when gathering completes; its resolve function is kept by the handler.
        let mut resolve_slot: Option<Function> = None;
        let gathered = Promise::new(&mut |resolve, _| resolve_slot = Some(resolve));
        let pc2 = pc.clone();
        let gathering = Closure::<dyn FnMut()>::new(move || {
            if pc2.ice_gathering_state() == RtcIceGatheringState::Complete {
                if let Some(r) = &resolve_slot {
                    let _ = r.call0(&JsValue::NULL);
                }
            }
        });
        pc.set_onicegatheringstatechange(Some(gathering.as_ref().unchecked_ref()));

        let (w, pc2) = (inner.clone(), pc.clone());
        let state = Closure::<dyn FnMut()>::new(move || {
            let s = pc2.connection_state();
            if s == RtcPeerConnectionState::Failed || s == RtcPeerConnectionState::Closed {
                if let Some(i) = w.upgrade() {
                    i.channel_closed(peer, attempt);
                }
            }
        });
        pc.set_onconnectionstatechange(Some(state.as_ref().unchecked_ref()));

        let mut conn =
            PeerConn { pc, attempt, channel: None, gathered, _gathering: gathering, _state: state, _datachannel: None };
        if offerer {
            let dc = conn.pc.create_data_channel(CHANNEL_LABEL);
            conn.channel = Some(wire(inner, peer, attempt, dc));
        } else {
            let w = inner.clone();
            let on_channel = Closure::<dyn FnMut(RtcDataChannelEvent)>::new(move |ev: RtcDataChannelEvent| {
                if let Some(i) = w.upgrade() {
                    i.channel_arrived(peer, attempt, ev.channel());
                }
            });
            conn.pc.set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
            conn._datachannel = Some(on_channel);
        }
        Ok(conn)
    }

    /// The answerer's channel arrived (a second one, which a well-behaved offerer never opens, is closed).
    pub fn adopt<E: ChannelEvents + 'static>(&mut self, inner: &Weak<E>, peer: PeerKey, dc: RtcDataChannel) {
        if self.channel.is_some() || dc.label() != CHANNEL_LABEL {
            dc.close();
            return;
        }
        self.channel = Some(wire(inner, peer, self.attempt, dc));
    }

    pub fn is_open(&self) -> bool {
        self.channel.as_ref().is_some_and(|c| c.dc.ready_state() == RtcDataChannelState::Open)
    }

    pub fn send(&self, text: &str) -> Result<(), String> {
        match &self.channel {
            Some(c) => c.dc.send_with_str(text).map_err(|e| describe(&e)),
            None => Err("no data channel".into()),
        }
    }

    pub fn awaiting_answer(&self) -> bool {
        self.pc.signaling_state() == RtcSignalingState::HaveLocalOffer
    }

    /// Resolves once gathering completed or [`GATHER_WAIT_MS`] passed.
    pub fn gathering_done(&self) -> Promise {
        if self.pc.ice_gathering_state() == RtcIceGatheringState::Complete {
            return Promise::resolve(&JsValue::NULL);
        }
        Promise::race(&Array::of2(&self.gathered, &sleep_promise(GATHER_WAIT_MS)))
    }

    /// The complete local SDP (with the gathered candidates).
    pub fn local_sdp(&self) -> Result<String, String> {
        self.pc.local_description().map(|d| d.sdp()).ok_or_else(|| "no local description".to_string())
    }

    /// Detaches every handler and closes the channel and the connection.
    pub fn shut(&mut self) {
        if let Some(c) = self.channel.take() {
            c.dc.set_onopen(None);
            c.dc.set_onmessage(None);
            c.dc.set_onclose(None);
            c.dc.close();
        }
        self.pc.set_onicegatheringstatechange(None);
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_ondatachannel(None);
        self.pc.close();
    }
}

impl Drop for PeerConn {
    fn drop(&mut self) {
        self.shut();
    }
}

fn wire<E: ChannelEvents + 'static>(inner: &Weak<E>, peer: PeerKey, attempt: u64, dc: RtcDataChannel) -> Channel {
    let w = inner.clone();
    let open = Closure::<dyn FnMut()>::new(move || {
        if let Some(i) = w.upgrade() {
            i.channel_opened(peer, attempt);
        }
    });
    let w = inner.clone();
    let message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        if let Some(i) = w.upgrade() {
            i.channel_message(peer, ev.data().as_string());
        }
    });
    let w = inner.clone();
    let close = Closure::<dyn FnMut()>::new(move || {
        if let Some(i) = w.upgrade() {
            i.channel_closed(peer, attempt);
        }
    });
    dc.set_onopen(Some(open.as_ref().unchecked_ref()));
    dc.set_onmessage(Some(message.as_ref().unchecked_ref()));
    dc.set_onclose(Some(close.as_ref().unchecked_ref()));
    Channel { dc, _open: open, _message: message, _close: close }
}

/// Offer: create it, set it locally, wait for gathering. Returns the SDP to send.
pub async fn make_offer(pc: &RtcPeerConnection) -> Result<(), String> {
    let offer = wait(pc.create_offer()).await.map_err(|e| format!("creating the offer failed: {e}"))?;
    let offer: RtcSessionDescriptionInit = offer.unchecked_into();
    wait(pc.set_local_description(&offer)).await.map_err(|e| format!("setting the offer failed: {e}"))?;
    Ok(())
}

/// Answer: set the remote offer, create the answer, set it locally.
pub async fn make_answer(pc: &RtcPeerConnection, offer_sdp: &str) -> Result<(), String> {
    let offer = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
    offer.set_sdp(offer_sdp);
    wait(pc.set_remote_description(&offer)).await.map_err(|e| format!("the peer's offer was refused: {e}"))?;
    let answer = wait(pc.create_answer()).await.map_err(|e| format!("creating the answer failed: {e}"))?;
    let answer: RtcSessionDescriptionInit = answer.unchecked_into();
    wait(pc.set_local_description(&answer)).await.map_err(|e| format!("setting the answer failed: {e}"))?;
    Ok(())
}

/// The offerer takes the peer's answer.
pub async fn take_answer(pc: &RtcPeerConnection, answer_sdp: &str) -> Result<(), String> {
    let answer = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
    answer.set_sdp(answer_sdp);
    wait(pc.set_remote_description(&answer)).await.map_err(|e| format!("the peer's answer was refused: {e}"))?;
    Ok(())
}
