//! This device seated at a table: its `Member` (the protocol's state machine), the carrier its bytes travel
//! over, the rolls waiting for their seed, and what the Table screen shows. While seated it is the app's
//! `state::roll::Seat`: the panels' and the Tray's rolls become table rolls, recorded in History once their seed
//! is known (verified by every phone's contribution).

use super::config::TableConfig;
use super::invite::Invite;
use super::rules::RulesKit;
use crate::state::roll::{Seat, SeatDone};
use crate::state::{now_ms, AppState, NoticeLevel, RollSource};
use dicetray_saved::seat::{encode_seating, size_notice, Seat as SavedSeat, Seating, SeatingText};
use dicetray_table::member::{Member, Step};
use dicetray_table::peer_set::PeerMap;
use dicetray_table::{AskFor, Event, PeerKey, Rejected, RollRequest, Status, SyncOut};
use leptos::prelude::*;
use litemap::LiteMap;
use send_wrapper::SendWrapper;
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// What carries the table's bytes to the other phones (`dicetray_tablenet::Link` in the browser; a test's wire).
pub trait Carrier {
    fn broadcast(&self, bytes: &[u8]);
    /// Send a sync text (catch-up, heartbeat) to `to`, or to everyone.
    fn send_sync(&self, to: Option<PeerKey>, text: &str);
    /// The page is back (visible again, network back): reconnect what is down at once.
    fn wake(&self);
    fn close(&self);
}

/// How a peer's messages reach this device, as the peer list shows it.
pub type PathWords = &'static str;

/// A GM's request for a roll, as this device saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ask {
    pub gm: PeerKey,
    pub id: String,
    pub to: Option<PeerKey>,
    pub request: AskFor,
    /// The rolls that answered it, each with its roller (a request to everyone has one per player).
    pub answered: Vec<(PeerKey, String)>,
}

/// The Table screen's view of the seat: signals the screen reads (`changed` ticks after every change to the
/// member, whose table the screen reads through [`Seated::with_member`]).
#[derive(Clone, Copy)]
pub struct SeatView {
    pub changed: RwSignal<u64>,
    pub paths: RwSignal<PeerMap<PathWords>>,
    /// Each relay's URL, whether it is connected, and its last problem.
    pub relays: RwSignal<LiteMap<String, (bool, Option<String>)>>,
    /// Messages refused, each naming the peer and the problem (newest last).
    pub refused: RwSignal<Vec<String>>,
    /// The rules' code, once it is here ([`Seated::give_rules`]).
    pub rules: RwSignal<Option<RulesKit>>,
}

/// What to do with an own roll's seed once the table verified it.
type Finish = Box<dyn FnOnce(u64)>;

struct Inner {
    state: AppState,
    member: RefCell<Member>,
    carrier: RefCell<Option<Rc<dyn Carrier>>>,
    /// Own rolls waiting for their seed: what to do with it.
    waiting: RefCell<LiteMap<String, Finish>>,
    /// The GM request the next own roll answers.
    answering: RefCell<Option<(PeerKey, String)>>,
    /// Rolls asked for before the rules' code was here: made, in order, once it is ([`Seated::give_rules`]).
    queued: RefCell<Vec<(RollSource, SeatDone)>>,
    /// Changed since the member was last saved.
    dirty: RefCell<bool>,
    /// The saved seat has grown past `SEAT_NOTICE_CHARS` and the player was told.
    size_noticed: std::cell::Cell<bool>,
    /// How many own hidden rolls had their dice known at the last tick.
    hidden_ready: std::cell::Cell<usize>,
    /// Ticks so far (saving happens every `SAVE_EVERY_TICKS`).
    ticks: std::cell::Cell<u64>,
    invite: Invite,
    gm: bool,
    config: TableConfig,
    view: SeatView,
    /// Owns `view`'s signals for as long as the seat lives.
    _owner: Owner,
}

/// The seat, cheap to clone. (`SendWrapper`: the views that show it want `Send` values; the app runs on one
/// thread, and a use from another would panic rather than race.)
#[derive(Clone)]
pub struct Seated(Arc<SendWrapper<Inner>>);

/// 32 fresh random bytes from the browser's generator (four draws of `fresh_seed`).
pub fn fresh32() -> Result<[u8; 32], String> {
    let mut out = [0u8; 32];
    for chunk in out.chunks_mut(8) {
        let draw = dicetray_rules::rng::fresh_seed().map_err(|e| format!("the random number generator failed: {e}"))?;
        chunk.copy_from_slice(&draw.to_le_bytes());
    }
    Ok(out)
}

fn now() -> u64 {
    now_ms().max(0.0) as u64
}

/// What the table rolls for `source`.
pub fn table_request(source: &RollSource) -> Result<RollRequest, String> {
    Ok(match source {
        RollSource::System { request } => RollRequest::System {
            json: serde_json::to_string(request).map_err(|e| format!("the request does not serialize: {e}"))?,
        },
        RollSource::Notation { expr, version } => RollRequest::Notation { text: expr.clone(), version: *version },
    })
}

impl Seated {
    /// Seat `member` (already greeted or restored) at `invite`'s table; `gm`: this device started it.
    pub fn new(state: AppState, member: Member, invite: Invite, gm: bool, config: TableConfig) -> Seated {
        // The seat outlives the screen that made it (a tap's handler runs under the join form, which is gone as
        // soon as the player sits down): its signals belong to an owner of its own, kept with it.
        let owner = Owner::new_root(None);
        let view = owner.with(|| SeatView {
            changed: RwSignal::new(0),
            paths: RwSignal::new(PeerMap::new()),
            relays: RwSignal::new(LiteMap::new()),
            refused: RwSignal::new(Vec::new()),
            rules: RwSignal::new(None),
        });
        Seated(Arc::new(SendWrapper::new(Inner {
            state,
            member: RefCell::new(member),
            carrier: RefCell::new(None),
            waiting: RefCell::new(LiteMap::new()),
            answering: RefCell::new(None),
            queued: RefCell::new(Vec::new()),
            dirty: RefCell::new(true),
            ticks: std::cell::Cell::new(0),
            hidden_ready: std::cell::Cell::new(0),
            size_noticed: std::cell::Cell::new(false),
            invite,
            gm,
            config,
            view,
            _owner: owner,
        })))
    }

    pub fn view(&self) -> SeatView {
        self.0.view
    }

    pub fn invite(&self) -> &Invite {
        &self.0.invite
    }

    pub fn config(&self) -> &TableConfig {
        &self.0.config
    }

    pub fn is_gm(&self) -> bool {
        self.0.gm
    }

    pub fn me(&self) -> PeerKey {
        self.0.member.borrow().me()
    }

    /// Whether `other` is this same seat.
    pub fn is(&self, other: &Seated) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Read the member (its table, log, seeds).
    pub fn with_member<R>(&self, f: impl FnOnce(&Member) -> R) -> R {
        f(&self.0.member.borrow())
    }

    /// The seat behind the app's `Seat`, if it is one.
    pub fn of(seat: &Rc<dyn Seat>) -> Option<Seated> {
        seat.as_any().downcast_ref::<Seated>().cloned()
    }

    /// Carry this seat's bytes over `carrier` from now on.
    pub fn attach(&self, carrier: Rc<dyn Carrier>) {
        self.0.carrier.replace(Some(carrier));
    }

    /// Send this device's hello, made before the seat was carried.
    pub fn broadcast_hello(&self, hello: Vec<u8>) {
        self.send(&hello);
        self.changed();
    }

    /// Send `bytes` to every other phone.
    fn send(&self, bytes: &[u8]) {
        let carrier = self.0.carrier.borrow().clone();
        if let Some(c) = carrier {
            c.broadcast(bytes);
        }
    }

    /// Send a sync text to `to` (None: everyone).
    fn send_sync(&self, out: &SyncOut) {
        let carrier = self.0.carrier.borrow().clone();
        if let Some(c) = carrier {
            c.send_sync(out.to, &out.text);
        }
    }

    /// A sync text from another phone (catch-up, heartbeat); a damaged one is listed with the network's problems.
    pub fn on_sync(&self, from: PeerKey, text: &str) {
        let got = self.0.member.borrow_mut().on_sync(from, text, now(), &mut fresh_or_clock);
        match got {
            Ok(step) => self.take(step),
            Err(e) => {
                let who = self.with_member(|m| m.table().name_of(&from));
                self.network_problem(format!("a sync frame from {who}: {e}"));
            }
        }
    }

    /// A problem of the network's, listed with the refused messages.
    pub fn network_problem(&self, problem: String) {
        self.list_refused(format!("Network: {problem}"));
    }

    /// The page is back (visible again, or the browser's network came back): say what this device has, so the
    /// phones ahead of it send what it missed, and reconnect what is down at once.
    pub fn wake(&self) {
        let step = self.0.member.borrow_mut().wake(now());
        self.take(step);
        let carrier = self.0.carrier.borrow().clone();
        if let Some(c) = carrier {
            c.wake();
        }
    }

    /// The page is being hidden (another app, a locked screen, a closed tab): tell the others at once, so no
    /// roll waits for this phone, and save.
    pub fn hidden(&self) {
        let out = self.0.member.borrow_mut().have(true, now());
        self.send_sync(&out);
        self.save_if_changed();
    }

    /// Whether the transport reaches the table (a relay up, or a data channel open). While it does not, own rolls
    /// wait before counting their wait for contributions, and say so.
    pub fn set_connected(&self, connected: bool) {
        let was = self.0.member.borrow().connected();
        if was != connected {
            self.0.member.borrow_mut().set_connected(connected);
            self.0.view.changed.update(|n| *n += 1);
        }
    }

    /// The rules' code is here: the member takes what waited for it, and the roll list can show dice.
    pub fn give_rules(&self, kit: RulesKit) {
        let step = self.0.member.borrow_mut().give_rules(kit.protocol, now(), &mut fresh_or_clock);
        self.0.view.rules.set(Some(kit));
        self.take(step);
        let queued = std::mem::take(&mut *self.0.queued.borrow_mut());
        for (source, then) in queued {
            Seat::roll(self, source, then);
        }
    }

    /// The rules' code, if it is here (tracked).
    pub fn rules(&self) -> Option<RulesKit> {
        self.0.view.rules.get()
    }

    /// A message from another phone.
    pub fn receive(&self, bytes: &[u8]) {
        let got = self.0.member.borrow_mut().receive(bytes, now(), &mut fresh_or_clock);
        match got {
            Ok(step) => self.take(step),
            Err(rejected) => self.refused(rejected),
        }
    }

    /// A message refused: listed, naming the peer, if it is a real problem (a newcomer hearing about rolls
    /// announced before it joined is expected, and not listed).
    fn refused(&self, rejected: Rejected) {
        if rejected.is_problem() {
            self.list_refused(rejected.to_string());
        }
    }

    /// Add `line` to the refused messages the screen lists (the oldest go past `MAX_REFUSED_SHOWN`).
    fn list_refused(&self, line: String) {
        self.0.view.refused.update(|r| {
            r.push(line);
            let over = r.len().saturating_sub(MAX_REFUSED_SHOWN);
            r.drain(..over);
        });
    }

    /// Let time pass (every 100 ms): reveals due, rolls not revealed in time, messages held for a gap; and save, at
    /// most once a second.
    pub fn tick(&self) {
        let step = self.0.member.borrow_mut().tick(now(), &mut fresh_or_clock);
        self.take(step);
        // A hidden roll of this device whose dice just became known (its GM sees them before the reveal).
        let ready = self.with_member(|m| {
            m.own_rolls().iter().filter(|r| r.sealed && m.hidden_seed(&r.roll, now()).is_some()).count()
        });
        if self.0.hidden_ready.replace(ready) != ready {
            self.0.view.changed.update(|n| *n += 1);
        }
        let n = self.0.ticks.get() + 1;
        self.0.ticks.set(n);
        if n.is_multiple_of(SAVE_EVERY_TICKS) {
            self.save_if_changed();
        }
    }

    /// Send a step's messages and act on its events.
    fn take(&self, step: Step) {
        let Step { events, outgoing, problems, refused, sync } = step;
        let changed = !(events.is_empty() && outgoing.is_empty() && problems.is_empty() && refused.is_empty());
        for r in refused {
            self.refused(r);
        }
        for bytes in &outgoing {
            self.send(bytes);
        }
        for out in &sync {
            self.send_sync(out);
        }
        for p in problems {
            self.0.state.notify(NoticeLevel::Warning, format!("Table: {p}"));
        }
        let me = self.me();
        for e in events {
            match e {
                Event::Checked { roller, roll, status } if roller == me => self.own_checked(&roll, status),
                _ => {}
            }
        }
        if changed {
            self.changed();
        }
    }

    /// An own roll's check ended: verified, it finishes (recorded in History with its seed).
    fn own_checked(&self, roll: &str, status: Status) {
        if status != Status::Verified {
            if let Status::Failed(why) = status {
                self.0.state.notify(NoticeLevel::Warning, format!("Your table roll {roll} failed its check: {why}"));
            }
            return;
        }
        let seed = self.0.member.borrow().seed_of(&self.me(), roll);
        let finish = self.0.waiting.borrow_mut().remove(roll);
        if let (Some(seed), Some(finish)) = (seed, finish) {
            finish(seed);
        }
    }

    fn changed(&self) {
        self.0.dirty.replace(true);
        self.0.view.changed.update(|n| *n += 1);
    }

    /// Save the seat (`AppState::seating`, which storage writes) if the member changed since the last save.
    pub fn save_if_changed(&self) {
        if self.0.dirty.replace(false) {
            let member = self.0.member.borrow().save();
            let c = &self.0.config;
            let seat = SavedSeat {
                gm: self.0.gm,
                key: self.0.invite.key_text(),
                relays: c.relays.clone(),
                ice: c.ice.clone(),
                direct: c.direct,
                member,
            };
            let text = encode_seating(&Seating { seat: Some(seat) });
            if let Some(notice) = size_notice(&text).filter(|_| !self.0.size_noticed.replace(true)) {
                self.0.state.notify(NoticeLevel::Warning, notice);
            }
            self.0.state.seating.set(SeatingText(text));
        }
    }

    /// Roll `request` at the table; `then` gets the seed once the roll is verified here. Returns the roll's id.
    pub fn roll_request(&self, request: RollRequest, then: Box<dyn FnOnce(u64)>) -> Result<String, String> {
        let secret = fresh32()?;
        let (roll, bytes) = self.0.member.borrow_mut().roll(request, secret, now())?;
        self.0.waiting.borrow_mut().insert(roll.clone(), then);
        self.send(&bytes);
        if let Some((gm, id)) = self.0.answering.take() {
            let answer = self.0.member.borrow_mut().answer(gm, &id, &roll, now());
            match answer {
                Ok((bytes, events)) => self.take(Step { events, outgoing: vec![bytes], ..Step::default() }),
                Err(e) => {
                    self.0.state.notify(NoticeLevel::Warning, format!("The answer to the GM failed: {e}"));
                }
            }
        }
        self.tick();
        Ok(roll)
    }

    /// Every GM request this device saw, in the table's order (the GM's sequence numbers: the same on every phone,
    /// with those caught up on in their place), each with the rolls that answered it. Read from the table itself,
    /// so a reload (which replays the log) or a catch-up brings them all back; views track [`SeatView::changed`].
    pub fn asks(&self) -> Vec<Ask> {
        self.with_member(|m| {
            let t = m.table();
            let ask = |(gm, id, q): (&PeerKey, &str, &dicetray_table::table::GmRequest)| Ask {
                gm: *gm,
                id: id.to_string(),
                to: q.to,
                request: q.request.clone(),
                answered: t.answers_to(gm, id),
            };
            t.gm_requests().into_iter().map(ask).collect()
        })
    }

    /// The next own roll answers the GM request `id` from `gm`.
    pub fn answer_next(&self, gm: PeerKey, id: String) {
        self.0.answering.replace(Some((gm, id)));
    }

    /// A hidden roll (the GM's): the others see only that it happened until [`Seated::reveal`].
    pub fn roll_hidden(&self, request: RollRequest) -> Result<String, String> {
        let secret = fresh32()?;
        let (roll, bytes) = self.0.member.borrow_mut().roll_sealed(request, secret, now())?;
        self.send(&bytes);
        self.changed();
        Ok(roll)
    }

    /// Reveal the hidden roll `roll` to the table.
    pub fn reveal(&self, roll: &str) -> Result<(), String> {
        let bytes = self.0.member.borrow_mut().reveal_sealed(roll, now())?;
        self.send(&bytes);
        self.tick();
        Ok(())
    }

    /// Ask `to` (None: everyone) for a roll of `request`.
    pub fn ask(&self, to: Option<PeerKey>, request: AskFor) -> Result<(), String> {
        let (_, bytes, events) = self.0.member.borrow_mut().ask(to, request, now())?;
        self.take(Step { events, outgoing: vec![bytes], ..Step::default() });
        self.tick();
        Ok(())
    }

    /// Leave the table: say so to the others and stop carrying bytes.
    pub fn leave(&self) {
        let bytes = self.0.member.borrow_mut().leave(now());
        if let Ok(bytes) = bytes {
            self.send(&bytes);
        }
        if let Some(c) = self.0.carrier.take() {
            c.close();
        }
        self.0.waiting.borrow_mut().clear();
        self.0.state.seating.set(SeatingText::default());
    }
}

/// Ticks (100 ms each) between saves of a changed seat: the log can be long, so it is not written on every message.
const SAVE_EVERY_TICKS: u64 = 10;

/// How many refused messages the Table screen keeps (the oldest go first).
pub const MAX_REFUSED_SHOWN: usize = 50;

/// Bytes for a contribution; the clock if the generator fails (a contribution only adds entropy: the roll stays
/// verifiable, and the protocol hashes it with everyone else's).
fn fresh_or_clock() -> [u8; 32] {
    fresh32().unwrap_or_else(|_| {
        let mut out = [0u8; 32];
        out[..8].copy_from_slice(&(now_ms() as u64).to_le_bytes());
        out
    })
}

impl Seat for Seated {
    fn roll(&self, source: RollSource, then: SeatDone) {
        if !self.with_member(Member::has_rules) {
            // The phone sat down moments ago: the roll is made as soon as the code that checks rolls is here.
            self.0.queued.borrow_mut().push((source, then));
            return;
        }
        let made = table_request(&source)
            .and_then(|request| self.roll_request(request, Box::new(move |seed| then(seed, source))));
        if let Err(e) = made {
            self.0.state.notify(NoticeLevel::Warning, format!("The table could not make this roll: {e}"));
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::collections::VecDeque;

    /// What travels on the wire: a table message, or a sync text for one peer or everyone.
    enum Frame {
        Message(Vec<u8>),
        Sync(Option<PeerKey>, String),
    }

    /// A wire between seats: what each seat sends is queued for the others (a sync text for one peer, for that
    /// peer only). A seat `asleep` neither sends nor receives (a locked phone); `syncs` counts sync texts sent.
    #[derive(Default)]
    struct Wire {
        queue: RefCell<VecDeque<(usize, Frame)>>,
        asleep: RefCell<std::collections::BTreeSet<usize>>,
        syncs: std::cell::Cell<usize>,
        woken: std::cell::Cell<usize>,
    }

    struct End(Rc<Wire>, usize);

    impl End {
        fn send(&self, frame: Frame) {
            if !self.0.asleep.borrow().contains(&self.1) {
                self.0.queue.borrow_mut().push_back((self.1, frame));
            }
        }
    }

    impl Carrier for End {
        fn broadcast(&self, bytes: &[u8]) {
            self.send(Frame::Message(bytes.to_vec()));
        }
        fn send_sync(&self, to: Option<PeerKey>, text: &str) {
            self.0.syncs.set(self.0.syncs.get() + 1);
            self.send(Frame::Sync(to, text.to_string()));
        }
        fn wake(&self) {
            self.0.woken.set(self.0.woken.get() + 1);
        }
        fn close(&self) {}
    }

    /// Deliver everything queued (and whatever that makes the seats send), ticking each seat in between.
    fn settle(wire: &Wire, seats: &[Seated]) {
        for _ in 0..1000 {
            let next = wire.queue.borrow_mut().pop_front();
            match next {
                Some((from, frame)) => {
                    let sender = seats[from].me();
                    let asleep = wire.asleep.borrow().clone();
                    let to = seats.iter().enumerate().filter(|(i, _)| *i != from && !asleep.contains(i));
                    for (_, s) in to {
                        match &frame {
                            Frame::Message(bytes) => s.receive(bytes),
                            Frame::Sync(to, text) if to.is_none_or(|k| k == s.me()) => s.on_sync(sender, text),
                            Frame::Sync(..) => {}
                        }
                    }
                }
                None => {
                    let asleep = wire.asleep.borrow().clone();
                    seats.iter().enumerate().filter(|(i, _)| !asleep.contains(i)).for_each(|(_, s)| s.tick());
                    if wire.queue.borrow().is_empty() {
                        return;
                    }
                }
            }
        }
        panic!("the seats never went quiet");
    }

    /// [`settle`], letting time pass too (a catch-up answers one peer at most every `MIN_GIVE_GAP_MS`), until a
    /// tick after a pause sends nothing.
    fn settle_over_time(wire: &Wire, seats: &[Seated]) {
        for _ in 0..50 {
            settle(wire, seats);
            std::thread::sleep(std::time::Duration::from_millis(60));
            seats.iter().for_each(Seated::tick);
            if wire.queue.borrow().is_empty() {
                return;
            }
        }
        panic!("the seats never caught up");
    }

    fn invite() -> Invite {
        Invite { id: "AAAAAAAAAAAAAAAAAAAAAA".into(), key: [7; 32] }
    }

    fn config() -> TableConfig {
        TableConfig::from_query("?relays=ws://127.0.0.1:1").unwrap()
    }

    fn seat(state: AppState, wire: &Rc<Wire>, n: usize, name: &str, secret: u8) -> Seated {
        let seat = seat_without_rules(state, wire, n, name, secret);
        seat.give_rules(RulesKit::HERE);
        seat
    }

    /// As in the app: seated, and greeted the table, before the rules' code is here.
    fn seat_without_rules(state: AppState, wire: &Rc<Wire>, n: usize, name: &str, secret: u8) -> Seated {
        let mut member = Member::new(&invite().id, [secret; 32], name.into(), None, None, now()).unwrap();
        let hello = member.hello(now()).unwrap();
        let seat = Seated::new(state, member, invite(), n == 0, config());
        seat.attach(Rc::new(End(Rc::clone(wire), n)));
        seat.broadcast_hello(hello);
        assert!(seat.rules().is_none());
        seat
    }

    /// Gale (the GM) and Bea seated at one table over a wire, each greeted by the other, Bea's app rolling at it;
    /// `secrets` are their identities' bytes. Set the returned owner as current for the test.
    fn gale_and_bea(secrets: [u8; 2]) -> (Owner, AppState, AppState, Rc<Wire>, [Seated; 2]) {
        let owner = Owner::new();
        owner.set();
        let (gale, bea) = (AppState::for_tests(), AppState::for_tests());
        let wire = Rc::new(Wire::default());
        let seats = [seat(gale, &wire, 0, "Gale", secrets[0]), seat(bea, &wire, 1, "Bea", secrets[1])];
        settle(&wire, &seats);
        bea.seat.set_value(Some(Rc::new(seats[1].clone())));
        (owner, gale, bea, wire, seats)
    }

    #[test]
    fn a_roll_made_before_the_rules_code_is_here_is_rolled_once_it_comes_and_nothing_waits_for_good() {
        let owner = Owner::new();
        owner.set();
        let (gale, bea) = (AppState::for_tests(), AppState::for_tests());
        let wire = Rc::new(Wire::default());
        let seats = [seat(gale, &wire, 0, "Gale", 5), seat_without_rules(bea, &wire, 1, "Bea", 6)];
        settle(&wire, &seats);
        bea.seat.set_value(Some(Rc::new(seats[1].clone())));
        assert_eq!(seats[1].with_member(|m| m.table().peers().len()), 2, "seated and greeted without the code");
        // Gale rolls; Bea's phone keeps the intent and the reveal for the code.
        let gale_roll = seats[0].roll_request(notation("1d20"), Box::new(|_| ())).unwrap();
        settle(&wire, &seats);
        std::thread::sleep(std::time::Duration::from_millis(2_100));
        seats.iter().for_each(Seated::tick);
        settle(&wire, &seats);
        let gale_key = seats[0].me();
        assert!(seats[1].with_member(|m| m.table().roll(&gale_key, &gale_roll).is_none()));
        // Bea rolls from a panel: nothing is sent yet, and nothing is lost.
        let source = RollSource::Notation { expr: "2d6".into(), version: dicetray_rules::dice::NOTATION_VERSION };
        let done = Rc::new(RefCell::new(None));
        let d = Rc::clone(&done);
        bea.roll(
            None,
            source,
            move |seed| Ok::<_, String>((seed, seed_roll(seed))),
            move |r| *d.borrow_mut() = Some(r),
        );
        let sent = wire.queue.borrow().len();
        assert_eq!(sent, 0, "no intent before the code");
        // The code comes: Gale's roll is taken, verified with Gale's seed, and Bea's roll is made and verified.
        seats[1].give_rules(RulesKit::HERE);
        settle_over_time(&wire, &seats);
        std::thread::sleep(std::time::Duration::from_millis(2_100));
        seats.iter().for_each(Seated::tick);
        settle_over_time(&wire, &seats);
        let seed_of = |s: &Seated| s.with_member(|m| m.seed_of(&gale_key, &gale_roll));
        assert!(seed_of(&seats[1]).is_some());
        assert_eq!(seed_of(&seats[1]), seed_of(&seats[0]));
        let (seed, _) = done.borrow_mut().take().expect("rolled once the code came").unwrap();
        let bea_key = seats[1].me();
        let on_gale =
            seats[0].with_member(|m| m.table().rolls().iter().find(|r| r.roller == bea_key).map(|r| r.id.clone()));
        let id = on_gale.expect("Gale saw Bea's roll");
        assert_eq!(seats[0].with_member(|m| m.seed_of(&bea_key, &id)), Some(seed));
        assert!(gale.notices.get_untracked().is_empty() && bea.notices.get_untracked().is_empty());
    }

    /// What a test roll records: its seed, as a notation roll's words.
    fn seed_roll(seed: u64) -> crate::state::roll::Rolled {
        let expr = dicetray_rules::dice::parse("2d6").unwrap();
        crate::state::roll::Rolled::notation(&expr.roll(seed).unwrap())
    }

    #[test]
    fn a_panel_roll_at_a_table_is_verified_everywhere_and_recorded_with_the_tables_seed() {
        let (_owner, gale, bea, wire, seats) = gale_and_bea([3, 4]);
        assert_eq!(seats[0].with_member(|m| m.table().peers().len()), 2, "Gale sees both");

        let source = RollSource::Notation { expr: "3d6".into(), version: dicetray_rules::dice::NOTATION_VERSION };
        let expr = dicetray_rules::dice::parse("3d6").unwrap();
        let done = Rc::new(RefCell::new(None));
        let d = Rc::clone(&done);
        bea.roll(
            None,
            source,
            move |seed| expr.roll(seed).map(|r| (r.total, crate::state::roll::Rolled::notation(&r))),
            move |r| *d.borrow_mut() = Some(r),
        );
        assert!(done.borrow().is_none(), "the roll waits for Gale's contribution");
        settle(&wire, &seats);
        let (total, entry) = done.borrow_mut().take().expect("rolled once the table's seed came").unwrap();
        let bea_key = seats[1].me();
        let (roll_id, seed) = seats[1].with_member(|m| {
            let r = m.table().rolls().iter().find(|r| r.roller == bea_key).expect("Bea's roll").id.clone();
            let seed = m.seed_of(&bea_key, &r);
            (r, seed)
        });
        for s in &seats {
            let status = s.with_member(|m| m.table().roll(&bea_key, &roll_id).map(|r| r.status.clone()));
            assert_eq!(status, Some(Status::Verified));
            assert_eq!(s.with_member(|m| m.seed_of(&bea_key, &roll_id)), seed, "every seat has the same seed");
        }
        bea.history.with_untracked(|h| {
            assert_eq!((h.len(), h[0].id.as_str()), (1, entry.as_str()));
            assert_eq!(Some(h[0].seed), seed, "History has the table's seed, so the entry replays the table roll");
            assert_eq!(h[0].total, dicetray_rules::dice::value::to_f64(total));
        });
        assert_eq!(
            gale.history.with_untracked(|h| h.len()),
            0,
            "another player's roll is the table's, not Gale's History"
        );
        for _ in 0..SAVE_EVERY_TICKS {
            seats[1].tick();
        }
        let text = bea.seating.with_untracked(|s| s.0.clone());
        let saved =
            dicetray_saved::seat::decode_seating(&text).unwrap().seat.expect("saved within a second of a change");
        assert_eq!(saved.member.log.messages.len(), seats[1].with_member(|m| m.log().messages.len()));
        assert!(!saved.gm && seats[0].is_gm());
    }

    /// Bea answers the GM's request `id` (from `gm`) by rolling the 24-System `request` at the table.
    fn answer_with(bea: AppState, seat: &Seated, gm: PeerKey, id: &str, request: dicetray_rules::systems::Request) {
        seat.answer_next(gm, id.to_string());
        let asked = request.clone();
        let roll = move |seed| {
            let roll = asked.roll(seed)?;
            let summary = roll.summary();
            Ok::<_, dicetray_rules::systems::RequestError>((
                roll,
                crate::state::roll::Rolled { summary, text: "x".into() },
            ))
        };
        bea.roll(None, RollSource::System { request }, roll, |_| ());
    }

    #[test]
    fn a_sheet_request_is_answered_with_the_sheets_rank_and_the_gms_dc_and_an_answer_below_it_is_refused() {
        use dicetray_saved::sheets::twenty_four::{Sheet as TwentyFourSheet, Skill};
        let (_owner, _gale, bea, wire, seats) = gale_and_bea([5, 6]);
        let (gm, bea_key) = (seats[0].me(), seats[1].me());
        let ask = AskFor::Sheet { row: "Stealth".into(), json: r#"{"system":"24-system","dc":15}"#.into() };
        seats[0].ask(Some(bea_key), ask.clone()).unwrap();
        settle(&wire, &seats);
        let asks = seats[1].asks();
        assert_eq!((asks.len(), &asks[0].request, asks[0].answered.is_empty()), (1, &ask, true));

        let sheet = dicetray_saved::Sheet::TwentyFour(TwentyFourSheet {
            skills: vec![Skill { name: "Stealth".into(), rank: 3 }],
            complications: vec![],
        });
        let rows = sheet.rows();
        let player = serde_json::from_str(r#"{"leverage":1}"#).unwrap();
        let AskFor::Sheet { json, .. } = &ask else { unreachable!() };
        let request = dicetray_saved::ask::fill("{}", &rows[0].fields, &player, json).unwrap();
        answer_with(bea, &seats[1], gm, &asks[0].id, request);
        settle(&wire, &seats);
        let answered = seats[1].asks()[0].answered.clone();
        let [(by, roll)] = &answered[..] else { panic!("Bea's own phone marks the request answered: {answered:?}") };
        let (by, roll) = (*by, roll.clone());
        assert_eq!(by, bea_key);
        let on_gale =
            seats[0].with_member(|m| m.table().roll(&bea_key, &roll).map(|r| (r.answers.clone(), r.status.clone())));
        assert_eq!(on_gale, Some((Some((gm, asks[0].id.clone())), Status::Verified)));
        let words = seats[0].with_member(|m| {
            super::super::row::request_words(m.table().roll(&bea_key, &roll).unwrap().request.as_ref().unwrap())
        });
        assert!(words.contains("rank 3") && words.contains("DC 15"), "{words}");

        seats[0].ask(Some(bea_key), ask).unwrap();
        settle(&wire, &seats);
        let second = seats[1].asks()[1].id.clone();
        let lower = dicetray_rules::systems::Request::from_json(r#"{"system":"24-system","rank":3,"dc":12}"#).unwrap();
        answer_with(bea, &seats[1], gm, &second, lower);
        settle(&wire, &seats);
        // Her own phone refuses to link it (so it is never sent) and says why; the roll itself stays a table roll.
        let said = bea.notices.get_untracked().iter().map(|n| n.text.clone()).collect::<Vec<_>>();
        assert!(said.iter().any(|t| t.contains("`dc` 12") && t.contains("15")), "{said:?}");
        assert_eq!(seats[0].asks()[1].answered, vec![], "not answered as asked");

        // A reload (the member restored from its saved log) brings back every request and who answered it.
        let (restored, refused) =
            Member::restore(seats[1].with_member(Member::save), RulesKit::HERE.protocol, now()).unwrap();
        assert!(refused.is_empty(), "{refused:?}");
        let reloaded = Seated::new(AppState::for_tests(), restored, invite(), false, config());
        assert_eq!(reloaded.asks(), seats[1].asks());
        assert_eq!(reloaded.asks().len(), 2);
    }

    /// Every seat's rolls as (roller, id, status), in the table's order.
    fn rolls_of(seat: &Seated) -> Vec<(PeerKey, String, Status)> {
        seat.with_member(|m| m.table().rolls().iter().map(|r| (r.roller, r.id.clone(), r.status.clone())).collect())
    }

    fn notation(text: &str) -> RollRequest {
        RollRequest::Notation { text: text.into(), version: dicetray_rules::dice::NOTATION_VERSION }
    }

    #[test]
    fn sync_frames_travel_and_a_late_seat_catches_up_on_earlier_rolls_in_order() {
        let (_owner, _gale, _bea, wire, [gale, bea]) = gale_and_bea([11, 12]);
        assert!(wire.syncs.get() > 0, "the seats' heartbeats went over the carrier");
        let gm = gale.me();
        gale.ask(None, AskFor::Notation { text: "1d20".into(), version: dicetray_rules::dice::NOTATION_VERSION })
            .unwrap();
        for (i, text) in ["1d6", "2d6", "3d6"].into_iter().enumerate() {
            let roller = if i % 2 == 0 { &gale } else { &bea };
            roller.roll_request(notation(text), Box::new(|_| ())).unwrap();
            settle(&wire, &[gale.clone(), bea.clone()]);
        }
        let before = rolls_of(&gale);
        assert_eq!(before.len(), 3);
        assert!(before.iter().all(|(_, _, s)| *s == Status::Verified), "{before:?}");

        let cid = seat(AppState::for_tests(), &wire, 2, "Cid", 13);
        let seats = [gale.clone(), bea.clone(), cid.clone()];
        settle_over_time(&wire, &seats);
        assert_eq!(rolls_of(&cid), before, "Cid sees every roll made before she sat down, in the table's order");
        assert_eq!(rolls_of(&bea), before);
        assert_eq!(cid.asks().len(), 1, "and the GM's request");
        assert_eq!((cid.asks()[0].gm, cid.asks()[0].id.clone()), (gm, gale.asks()[0].id.clone()));
        for s in &seats {
            let stray = s.with_member(|m| m.table().rolls().iter().map(|r| r.unused().len()).sum::<usize>());
            assert_eq!(stray, 0, "catching up contributes nothing to rolls already revealed");
        }
        // A roll after she joined reaches her as usual, and sorts after the earlier ones.
        cid.roll_request(notation("1d8"), Box::new(|_| ())).unwrap();
        settle(&wire, &seats);
        let after = rolls_of(&gale);
        assert_eq!((after.len(), &after[..3]), (4, &before[..]));
        assert_eq!(rolls_of(&cid), after);
        assert_eq!(after[3].2, Status::Verified);
    }

    #[test]
    fn a_phone_that_sleeps_is_away_no_roll_waits_for_it_and_it_catches_up_when_it_wakes() {
        let (_owner, _gale, _bea, wire, [gale, bea]) = gale_and_bea([21, 22]);
        let seats = [gale.clone(), bea.clone()];
        let bea_key = bea.me();
        let path = |s: &Seated, k: &PeerKey| {
            let paths = s.view().paths.get_untracked();
            s.with_member(|m| super::super::listed::path_words(m, &paths, k))
        };
        assert_eq!(path(&gale, &bea_key), "connecting");

        bea.hidden();
        settle(&wire, &seats);
        assert!(gale.with_member(|m| m.is_away(&bea_key)), "her page said it is hidden");
        assert_eq!(path(&gale, &bea_key), "away");
        wire.asleep.borrow_mut().insert(1);
        for text in ["1d4", "1d10"] {
            gale.roll_request(notation(text), Box::new(|_| ())).unwrap();
            settle(&wire, &seats);
        }
        let rolled = rolls_of(&gale);
        // Without waiting 2 s for Bea: `settle` lets no time pass.
        assert!(rolled.len() == 2 && rolled.iter().all(|(_, _, s)| *s == Status::Verified), "{rolled:?}");
        assert_eq!(rolls_of(&bea), vec![], "asleep, she heard nothing");

        wire.asleep.borrow_mut().remove(&1);
        bea.wake();
        assert_eq!(wire.woken.get(), 1, "waking reconnects the carrier at once");
        settle_over_time(&wire, &seats);
        assert!(!gale.with_member(|m| m.is_away(&bea_key)));
        assert_eq!(path(&gale, &bea_key), "connecting", "back: her path again");
        assert_eq!(rolls_of(&bea), rolled, "she caught up on both rolls, verified, in order");
    }

    #[test]
    fn a_roll_begun_while_not_connected_says_so_and_goes_ahead_once_connected() {
        let (_owner, _gale, _bea, wire, [gale, bea]) = gale_and_bea([31, 32]);
        let seats = [gale.clone(), bea.clone()];
        gale.set_connected(false);
        gale.roll_request(notation("2d8"), Box::new(|_| ())).unwrap();
        // Her intent waits in her link (the relays send it once they are back); her phone says why the roll waits.
        (0..3).for_each(|_| gale.tick());
        let rows = gale.with_member(|m| super::super::listed::roll_rows(m, RulesKit::HERE.words));
        assert!(rows[0].offline && rows[0].status == Status::Pending, "{rows:?}");
        assert_eq!(rolls_of(&bea), vec![]);

        gale.set_connected(true);
        gale.wake();
        settle(&wire, &seats);
        let rows = gale.with_member(|m| super::super::listed::roll_rows(m, RulesKit::HERE.words));
        assert!(!rows[0].offline && rows[0].status == Status::Verified, "{rows:?}");
        assert_eq!(rows[0].without, None);
        assert_eq!(rolls_of(&bea), rolls_of(&gale), "Bea got the roll when Gale came back");
    }

    #[test]
    fn a_roll_revealed_before_a_contribution_arrived_is_verified_without_it_and_says_so_quietly() {
        let (_owner, _gale, _bea, wire, [gale, bea]) = gale_and_bea([41, 42]);
        let seats = [gale.clone(), bea.clone()];
        // Gale's phone stops waiting for Bea (her page said it is hidden), so Gale reveals at once; Bea's phone
        // still answers the intent, too late for the reveal.
        bea.hidden();
        settle(&wire, &seats);
        gale.roll_request(notation("1d12"), Box::new(|_| ())).unwrap();
        settle(&wire, &seats);
        let on_gale = gale.with_member(|m| super::super::listed::roll_rows(m, RulesKit::HERE.words));
        let on_bea = bea.with_member(|m| super::super::listed::roll_rows(m, RulesKit::HERE.words));
        assert_eq!((&on_gale[0].status, &on_bea[0].status), (&Status::Verified, &Status::Verified));
        assert_eq!(on_gale[0].without.as_deref(), Some("without Bea's randomness (it did not reach you in time)"));
        assert_eq!(on_bea[0].without.as_deref(), Some("without your randomness (it did not reach Gale in time)"));
    }
}
