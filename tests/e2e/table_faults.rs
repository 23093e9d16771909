//! Table mode at a real table (issue #30, "What it must show" 6): a phone that goes away and comes back, a late
//! joiner, a relay that restarts mid-session, a lossy, slow network, a phone whose relay socket goes silent
//! without closing, and a WebRTC offer the relay refused. Each test asserts that every phone ends with
//! the same rolls, in the same order, all verified, none failed; two print figures (README quotes them):
//!
//! - `table fault figure: roll latency with one phone away: ...` (tap on Roll to verified on another phone);
//! - `table fault figure: time from return to caught up: ...` (a returning phone's page load to every roll shown).
//!
//! The phones use the relay only (`?direct=off`, what the issue measures), except the late joiner's table, which
//! connects directly (both paths must carry a catch-up), and the refused offer's. Everything runs in the test's own network namespace
//! (`harness::netns`), one table test at a time, against the local relay (`harness::relay`), which the restart test
//! stops and starts again on the same port; the lossy test drops, delays and reorders the relay's packets with
//! `harness::lossy` (netfilter's queue: this kernel has no `tc netem`); the silent-socket test puts
//! `harness::silent` between one phone and the relay.
//!
//! A test goes on past a failed check (`Findings`) and fails at the end naming every check that failed, so one run
//! tells everything a build gets wrong. Run one:
//! `cargo test --features e2e --test e2e -- --exact table_faults::a_late_joiner_sees_every_roll --nocapture`.

use crate::harness::lossy::{Faults, LossyLink};
use crate::harness::netns::in_own_netns;
use crate::harness::relay::{check_answers_a_probe, NostrSocket, TestRelay};
use crate::harness::seats::{panic_text, run_table_test, step, Seat, Seats, TableRun};
use crate::harness::silent::SilentLink;
use crate::harness::Browser;
use crate::table::{
    join, join_table, known_rolls, new_roll_of, open_table, parse_rows, roll_in_tray, seat_table, start_table,
    timed_tray_rolls, verified_everywhere_within, RollRow, JOIN, ROLL, ROLLS_JS, UI,
};
use serde_json::{json, Value};
use std::future::Future;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The query that turns direct (WebRTC) connections off: every message goes through the relay.
const RELAY_ONLY: &str = "&direct=off";
/// A peer reached through the relay only, in the peer list.
const VIA_RELAYS: &str = "via relays";
/// A phone that stops answering is shown "away" within about 10 s (the issue); the rest is a loaded machine's margin.
const AWAY: Duration = Duration::from_secs(25);
/// A returning or late phone shows every roll it missed within this.
const CATCH_UP: Duration = Duration::from_secs(30);
/// How long the relay stays down in the restart test (the 10 s).
const RELAY_DOWN_FOR: Duration = Duration::from_secs(10);
/// A phone shows the relay connected again within this of the relay being back (the issue: 2 s; the rest is the
/// test's 20 ms polling and a loaded machine).
const RECONNECT_MS: f64 = 3000.0;
/// With one phone away, a roll verifies on another phone in well under this (about 100 ms with every phone there;
/// today's code waits the full 2 s for the absent phone's contribution).
const AWAY_LATENCY_MS: f64 = 1000.0;
/// Rolls while the network drops and delays packets: several round trips through a relay at 100 ms each way.
const LOSSY_ROLL: Duration = Duration::from_secs(40);
/// A phone notices that its open relay socket went silent and connects again within this: nothing heard for
/// `QUIET_MS` (4 s), then the probe's `PROBE_ANSWER_MS` (3 s), each checked on the link's 1 s tick
/// (`crates/tablenet/src/relays.rs`); the rest is a loaded machine's margin.
const SILENCE_NOTICED: Duration = Duration::from_secs(15);

/// Checks a test goes on after: each failure is kept, and `finish` fails the test with all of them, so one run says
/// everything the app got wrong (a build may fail several of the demands at once).
#[derive(Default)]
struct Findings(Vec<String>);

impl Findings {
    /// Run the check `name`; its value, or None (kept as a finding) if it failed.
    async fn check<T>(&mut self, name: &str, work: impl Future<Output = T>) -> Option<T> {
        use futures_util::FutureExt;
        let started = Instant::now();
        println!("table check: {name}");
        match std::panic::AssertUnwindSafe(work).catch_unwind().await {
            Ok(v) => {
                println!("table check: {name}: ok in {} ms", started.elapsed().as_millis());
                Some(v)
            }
            Err(panic) => {
                let what = panic_text(panic.as_ref());
                println!("table check: {name}: FAILED after {} ms: {what}", started.elapsed().as_millis());
                self.0.push(format!("`{name}`: {what}"));
                None
            }
        }
    }

    fn finish(self) {
        let n = self.0.len();
        assert!(n == 0, "{n} check(s) failed:\n- {}", self.0.join("\n- "));
    }
}

/// A roll: its roller's peer key and its id.
type RollKey = (String, String);

fn short(key: &str) -> &str {
    &key[..8.min(key.len())]
}

/// `seat` (peer `key`), on the Table screen, rolls `notation` in its Tray and comes back; the roll's key.
async fn roll(seat: &Seat, key: &str, notation: &str) -> RollKey {
    let known = known_rolls(seat).await;
    roll_in_tray(seat, notation).await;
    (key.to_string(), new_roll_of(seat, key, &known, ROLL).await)
}

/// `seat` rolls and every one of `seats` shows the roll verified with the same dice; the roll's key.
async fn roll_verified(seats: &Seats, seat: &Seat, key: &str, notation: &str, limit: Duration) -> RollKey {
    let rolled = roll(seat, key, notation).await;
    // Each phone's wait has the same limit (`verified_everywhere` alone would give each phone only `ROLL`).
    tokio::time::timeout(limit, verified_everywhere_within(seats, &rolled.0, &rolled.1, limit, |_| true))
        .await
        .unwrap_or_else(|_| panic!("roll {} of {} not verified on every phone within {limit:?}", rolled.1, short(key)));
    rolled
}

/// `seat` goes to its Tray and types `notation`, ready to tap Roll.
async fn tray_ready(seat: &Seat, notation: &str) {
    seat.go("#/tray", "#tray-expr").await;
    seat.page.type_into("#tray-expr", notation).await;
}

/// Tap Roll in `seat`'s Tray (once it is enabled), without waiting for the roll.
async fn tray_tap(seat: &Seat) {
    let enabled = "const b = document.querySelector('.tray-roll'); return !!b && !b.disabled;";
    seat.wait_for_js("the Roll button enabled", ROLL, enabled, vec![], |v| (v == &Value::Bool(true)).then_some(()))
        .await;
    seat.page.click(".tray-roll").await;
}

/// Each roll's roller, id, status and dice in the order `rows` lists them, for messages.
fn summary(rows: &[RollRow]) -> String {
    let each: Vec<String> = rows
        .iter()
        .map(|r| {
            let status = r.status_text.clone().unwrap_or_else(|| r.status.clone());
            format!("{}/{} {} [{}]", short(&r.roller), r.id, status, r.dice.clone().unwrap_or_default())
        })
        .collect();
    format!("{} rolls: {}", rows.len(), each.join("; "))
}

fn failed(r: &RollRow) -> bool {
    r.status == "failed" || r.status_text.as_deref().is_some_and(|t| t.starts_with("failed"))
}

fn verified(r: &RollRow) -> bool {
    crate::table::verified(r) && r.dice.as_deref().is_some_and(|d| !d.is_empty())
}

/// Wait on `seat` until it shows every roll of `expected` verified; its `performance.now()` then (ms since its page
/// began to load; polled every 50 ms or so) and its whole roll list. Fails at once if a roll shows failed, and
/// after `limit` saying which rolls are missing or not verified.
async fn all_verified_on(seat: &Seat, expected: &[RollKey], limit: Duration) -> (f64, Vec<RollRow>) {
    let script = format!("const rows = (() => {{ {ROLLS_JS} }})(); return {{now: performance.now(), rows}};");
    let started = Instant::now();
    loop {
        let v = seat.page.js(&script, vec![]).await;
        let rows = parse_rows::<RollRow>(&v["rows"]).unwrap_or_default();
        let bad: Vec<&RollRow> = rows.iter().filter(|r| failed(r)).collect();
        assert!(
            bad.is_empty(),
            "[{}] shows a roll failed: {}",
            seat.name,
            summary(&bad.into_iter().cloned().collect::<Vec<_>>())
        );
        let missing: Vec<&RollKey> =
            expected.iter().filter(|k| !rows.iter().any(|r| &r.key() == *k && verified(r))).collect();
        if missing.is_empty() {
            return (v["now"].as_f64().unwrap_or(f64::NAN), rows);
        }
        if started.elapsed() > limit {
            let missing: Vec<String> = missing.iter().map(|(k, id)| format!("{}/{id}", short(k))).collect();
            panic!(
                "[{}] shows {} of the {} rolls verified within {limit:?}; not shown verified: {}; it shows {}",
                seat.name,
                expected.len() - missing.len(),
                expected.len(),
                missing.join(", "),
                summary(&rows)
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Every one of `seats` ends with the same rolls in the same order (roller, id, dice), each of `expected` among
/// them, every roll verified and none failed.
async fn same_verified_rolls(seats: &Seats, expected: &[RollKey], limit: Duration) {
    let lists = seats.each(|seat| async move { all_verified_on(&seat, expected, limit).await.1 }).await;
    let first = &lists[0];
    for (seat, rows) in seats.0.iter().zip(&lists) {
        let unverified: Vec<RollRow> = rows.iter().filter(|r| !verified(r)).cloned().collect();
        assert!(unverified.is_empty(), "[{}] shows rolls not verified: {}", seat.name, summary(&unverified));
        let same = rows.len() == first.len()
            && rows.iter().zip(first).all(|(a, b)| a.key() == b.key() && a.dice == b.dice && a.status == b.status);
        assert!(
            same,
            "[{}] and [{}] show different rolls or another order:\n  {}\n  {}",
            seats.0[0].name,
            seat.name,
            summary(first),
            summary(rows)
        );
    }
    println!("every phone ({}) shows the same {}", seats.names().join(", "), summary(first));
}

/// The text of peer `key`'s row in `seat`'s peer list (name, how it is connected, its status).
const PEER_ROW_JS: &str = "const li = [...document.querySelectorAll('ul.table-peers > li.table-peer')]
      .find(li => li.dataset.peer === arguments[0]);
    return li ? li.textContent.replace(/\\s+/g, ' ').trim() : null;";

/// Wait until `seat`'s row for the peer `key` satisfies `ok`; returns its text.
async fn wait_peer_row(seat: &Seat, key: &str, what: &str, limit: Duration, ok: impl Fn(&str) -> bool) -> String {
    seat.wait_for_js(what, limit, PEER_ROW_JS, vec![json!(key)], |v| v.as_str().filter(|t| ok(t)).map(String::from))
        .await
}

/// Open the table's link again on a browser that came back, and sit down (by itself, or with one tap on Join).
async fn sit_again(run: &TableRun, seat: &Seat, fragment: &str) {
    open_table(run, seat, RELAY_ONLY, fragment).await;
    let at_table = "return document.querySelector('#table-leave') ? 'at'
        : document.querySelector('#table-join') ? 'join' : null;";
    let state = seat
        .wait_for_js("the Table screen, seated or offering Join", UI, at_table, vec![], |v| {
            v.as_str().map(String::from)
        })
        .await;
    if state == "join" {
        seat.page.click("#table-join").await;
        seat.wait_for("#table-leave", UI).await;
    }
}

fn now_ms() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Bea's browser closes (no goodbye); Gale and Cid roll while she is away, then, once both show her "away", Gale
/// rolls five times more, timed on Cid's phone; Bea comes back on the same link and must catch up with all eight.
#[test]
fn a_phone_away_and_back_catches_up() {
    in_own_netns("table_faults::a_phone_away_and_back_catches_up", || {
        run_table_test(|run| async move { away_and_back(run).await })
    });
}

async fn away_and_back(run: TableRun) {
    let mut findings = Findings::default();
    let (seats, keys, _, fragment) = seat_table(&run, RELAY_ONLY, &["Bea", "Cid"], VIA_RELAYS).await;
    let (gale, bea, cid) = (seats.0[0].clone(), seats.0[1].clone(), seats.0[2].clone());
    let (gale_key, bea_key, cid_key) = (keys.of("Gale"), keys.of("Bea"), keys.of("Cid"));
    let stayed = Seats(vec![gale.clone(), cid.clone()]);
    let mut ids = vec![step("a roll with all three there", roll_verified(&seats, &bea, &bea_key, "3d6", ROLL)).await];

    let left = step("Bea's browser closes", async {
        run.away(&bea).await;
        Instant::now()
    })
    .await;

    step("Gale, Cid and Gale roll while Bea is away; each verified on both", async {
        for (seat, key, notation) in [(&gale, &gale_key, "1d20"), (&cid, &cid_key, "2d6"), (&gale, &gale_key, "4d6kh3")]
        {
            ids.push(roll_verified(&stayed, seat, key, notation, ROLL).await);
        }
    })
    .await;

    findings
        .check("Gale and Cid show Bea `away` within about 10 s", async {
            let limit = AWAY.saturating_sub(left.elapsed());
            stayed
                .each(|seat| {
                    let k = bea_key.clone();
                    async move { wait_peer_row(&seat, &k, "Bea's row to say `away`", limit, |t| t.contains("away")).await }
                })
                .await;
            println!("Bea shown away on both {} ms after her browser closed", left.elapsed().as_millis());
        })
        .await;

    let mut latencies = step("Gale rolls 5 times while Bea is away, each timed until verified on Cid's phone", async {
        let known = known_rolls(&cid).await;
        let latencies = timed_tray_rolls(&gale, &gale_key, &Seats(vec![cid.clone()]), "3d6", 5).await;
        gale.go("#/table", "section.screen.table").await;
        let new: Vec<RollKey> =
            crate::table::rolls(&cid).await.iter().map(RollRow::key).filter(|k| !known.contains(k)).collect();
        assert_eq!(new.len(), 5, "[Cid] shows the 5 timed rolls: {new:?}");
        ids.extend(new);
        latencies
    })
    .await;
    let med = median(&mut latencies);
    let max = latencies.iter().cloned().fold(f64::MIN, f64::max);
    println!(
        "table fault figure: roll latency with one phone away: median {med:.0} ms, max {max:.0} ms over {} rolls \
         (tap on Gale's phone to verified on Cid's; relays only; Bea's browser closed)",
        latencies.len()
    );
    findings
        .check("rolls with Bea away verify as fast as without her", async {
            assert!(med < AWAY_LATENCY_MS, "median {med:.0} ms, not under {AWAY_LATENCY_MS} ms: {latencies:?}");
        })
        .await;

    let bea = step("Bea comes back: her browser opens again on the same link and she is seated", async {
        let bea = run.come_back(&bea).await;
        sit_again(&run, &bea, &fragment).await;
        let me = crate::table::wait_peers(&bea, "herself as `you`", JOIN, |rows| {
            rows.iter().any(|r| r.path.as_deref() == Some("you"))
        })
        .await;
        let you = me.into_iter().find(|r| r.path.as_deref() == Some("you")).map(|r| r.key);
        assert_eq!(you.as_deref(), Some(bea_key.as_str()), "[Bea] keeps her identity after her browser closed");
        bea
    })
    .await;
    let seats = Seats(vec![gale.clone(), bea.clone(), cid.clone()]);

    let missed = ids[1..].to_vec();
    findings
        .check(&format!("Bea catches up: the {} rolls made while she was away, verified", missed.len()), async {
            let (at, _) = all_verified_on(&bea, &missed, CATCH_UP).await;
            println!(
                "table fault figure: time from return to caught up: {at:.0} ms from Bea's page load to the {} rolls \
                 made while she was away shown verified (relays only)",
                missed.len()
            );
        })
        .await;
    findings
        .check("Bea still shows her own roll from just before her browser closed", async {
            all_verified_on(&bea, &ids[..1], UI).await;
        })
        .await;
    findings
        .check("every phone ends with the same verified rolls in the same order, none failed", async {
            same_verified_rolls(&seats, &ids, CATCH_UP).await;
        })
        .await;
    findings
        .check("Gale and Cid show Bea back (not `away`)", async {
            stayed
                .each(|seat| {
                    let k = bea_key.clone();
                    async move {
                        wait_peer_row(&seat, &k, "Bea's row, no longer `away`", AWAY, |t| {
                            !t.contains("away") && t.contains(VIA_RELAYS)
                        })
                        .await
                    }
                })
                .await;
        })
        .await;
    findings.finish();
}

/// Five rolls at a table of three (direct connections on), then Dee joins: she sees all five, verified, in the
/// table's order.
#[test]
fn a_late_joiner_sees_every_roll() {
    in_own_netns("table_faults::a_late_joiner_sees_every_roll", || {
        run_table_test(|run| async move { late_joiner(run).await })
    });
}

async fn late_joiner(run: TableRun) {
    let mut findings = Findings::default();
    let (seats, keys, _, fragment) = seat_table(&run, "", &["Bea", "Cid"], "direct").await;
    let (gale, bea, cid) = (seats.0[0].clone(), seats.0[1].clone(), seats.0[2].clone());
    let (gale_key, bea_key, cid_key) = (keys.of("Gale"), keys.of("Bea"), keys.of("Cid"));
    let ids = step("5 rolls, each verified on all three", async {
        let mut ids = Vec::new();
        for (seat, key, notation) in [
            (&gale, &gale_key, "1d20"),
            (&bea, &bea_key, "3d6"),
            (&cid, &cid_key, "2d6"),
            (&gale, &gale_key, "1d100"),
            (&bea, &bea_key, "4d6kh3"),
        ] {
            ids.push(roll_verified(&seats, seat, key, notation, ROLL).await);
        }
        ids
    })
    .await;
    let dee = step("Dee opens the link and joins", async {
        let dee = run.seat("Dee").await;
        open_table(&run, &dee, "", &fragment).await;
        let tapped = dee.page.js("return performance.now();", vec![]).await.as_f64().unwrap_or(0.0);
        join(&dee, "Dee").await;
        (dee, tapped)
    })
    .await;
    let (dee, tapped) = dee;
    findings
        .check("Dee sees all 5 rolls, verified", async {
            let (at, _) = all_verified_on(&dee, &ids, CATCH_UP).await;
            println!(
                "late joiner: all 5 rolls shown verified {:.0} ms after Dee began to join (typed her name, tapped \
                 Join; direct on)",
                at - tapped
            );
        })
        .await;
    findings
        .check("every phone ends with the same verified rolls in the same order, none failed", async {
            let all = Seats([seats.0.clone(), vec![dee.clone()]].concat());
            same_verified_rolls(&all, &ids, CATCH_UP).await;
        })
        .await;
    findings.finish();
}

/// The relay refuses the first WebRTC offer (as a public relay does past its rate limit; a relay that restarts while
/// the offer is on its way loses it the same way): the offer is never answered, so the offerer's wait for its data
/// channel runs out and it offers again. The GM and Bea end `direct`, and a roll reaches both, verified. On the way,
/// what the relay saw: Bea's first frame is her `hi` to everyone, and the GM answered each of her `hi`s with one of
/// its own, so it never took her start for a restart (which drops a connection being made and offers again).
#[test]
fn an_offer_the_relay_refused_is_made_again() {
    in_own_netns("table_faults::an_offer_the_relay_refused_is_made_again", || {
        run_table_test(|run| async move { refused_offer(run).await })
    });
}

/// A frame the relay saw: (from, to or "everyone", type).
type Seen = (String, String, String);

async fn refused_offer(run: TableRun) {
    let (gm, link, fragment) = start_table(&run, "", Browser::Chromium).await;
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<Seen>::new()));
    let log = seen.clone();
    let mut offers_to_refuse = 1;
    run.refuse_relay_events(Box::new(move |event| {
        let plaintext = link.open(&event.content).ok();
        let Some(frame) = plaintext.and_then(|text| serde_json::from_str::<Value>(&text).ok()) else {
            return false;
        };
        let text = |field: &str| frame[field].as_str().unwrap_or("everyone").to_string();
        log.lock().unwrap_or_else(|e| e.into_inner()).push((text("from"), text("to"), text("type")));
        let refuse = frame["type"] == "offer" && offers_to_refuse > 0;
        offers_to_refuse -= usize::from(refuse);
        refuse
    }));
    let (seats, keys) = join_table(&run, gm, "", &fragment, &[("Bea", Browser::Chromium)], "direct").await;
    assert_eq!(run.relay_refused(), 1, "the relay refused the first offer, and only it");
    let bea = seats.0[1].clone();
    step("a roll of Bea's, verified on both", roll_verified(&seats, &bea, &keys.of("Bea"), "3d6", ROLL)).await;
    let (gale_key, bea_key) = (keys.of("Gale"), keys.of("Bea"));
    let seen = seen.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let first = seen.iter().find(|(from, _, _)| *from == bea_key);
    assert_eq!(
        first.map(|(_, to, kind)| (to.as_str(), kind.as_str())),
        Some(("everyone", "hi")),
        "Bea's first frame is her `hi` to everyone; the relay saw {seen:?}"
    );
    let count = |from: &str, to: &str| seen.iter().filter(|f| f.0 == from && f.1 == to && f.2 == "hi").count();
    assert_eq!(
        count(&gale_key, &bea_key),
        count(&bea_key, "everyone"),
        "the GM answers each `hi` of Bea's with one `hi` to her; the relay saw {seen:?}"
    );
}

/// In-page: the time (`performance.timeOrigin + performance.now()`, wall-clock ms) this Table screen first shows
/// every relay connected, from now on, in `window.__dtRelayUp` (polled every 20 ms by the page itself).
const RELAY_UP_WATCH_JS: &str = "window.__dtRelayUp = null;
    clearInterval(window.__dtRelayPoll);
    window.__dtRelayPoll = setInterval(() => {
      const p = document.querySelector('p.table-relays');
      const m = p && /Relays: (\\d+) of (\\d+) connected/.exec(p.textContent);
      if (m && m[1] === m[2] && m[1] !== '0') {
        window.__dtRelayUp = performance.timeOrigin + performance.now();
        clearInterval(window.__dtRelayPoll);
      }
    }, 20);
    return true;";

/// The relay stops for 10 s mid-session; Cid rolls while it is down; Gale rolls the moment it is back. Every phone
/// shows the relay down, then up again within about 2 s, and ends with the same verified rolls, none failed.
#[test]
fn a_relay_restart_loses_no_roll_and_fails_none() {
    in_own_netns("table_faults::a_relay_restart_loses_no_roll_and_fails_none", || {
        run_table_test(|run| async move { relay_restart(run).await })
    });
}

async fn relay_restart(run: TableRun) {
    let mut findings = Findings::default();
    let (seats, keys, _, _) = seat_table(&run, RELAY_ONLY, &["Bea", "Cid"], VIA_RELAYS).await;
    let (gale, bea, cid) = (seats.0[0].clone(), seats.0[1].clone(), seats.0[2].clone());
    let (gale_key, bea_key, cid_key) = (keys.of("Gale"), keys.of("Bea"), keys.of("Cid"));
    let mut ids = vec![step("a roll before the relay stops", roll_verified(&seats, &bea, &bea_key, "3d6", ROLL)).await];

    let stopped = step("the relay stops; every phone shows it down", async {
        run.stop_relay();
        let stopped = Instant::now();
        seats.wait_text("p.table-relays", "the relay down", UI, |t| t.starts_with("Relays: 0 of")).await;
        stopped
    })
    .await;

    let cid_known = known_rolls(&cid).await;
    step("Cid taps Roll while the relay is down, then waits on the Table screen", async {
        tray_ready(&cid, "2d6").await;
        tray_tap(&cid).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        cid.go("#/table", "section.screen.table").await;
    })
    .await;
    if let Some(id) = findings
        .check("Cid's phone lists his roll made while the relay is down", new_roll_of(&cid, &cid_key, &cid_known, UI))
        .await
    {
        ids.push((cid_key.clone(), id));
    }
    let gale_known = known_rolls(&gale).await;
    step("Gale gets her Tray ready", tray_ready(&gale, "1d20")).await;
    tokio::time::sleep(RELAY_DOWN_FOR.saturating_sub(stopped.elapsed())).await;

    let watchers = Seats(vec![bea.clone(), cid.clone()]);
    watchers.each(|s| async move { s.page.js(RELAY_UP_WATCH_JS, vec![]).await }).await;
    let back = step("the relay starts again on the same port, and Gale taps Roll at once", async {
        run.start_relay_again().await;
        let back = now_ms();
        gale.page.click(".tray-roll").await;
        println!("the relay was down {} ms", stopped.elapsed().as_millis());
        back
    })
    .await;

    findings
        .check("Bea and Cid show the relay connected again within about 2 s", async {
            let ups = watchers
                .each(|s| async move {
                    s.wait_for_js(
                        "every relay shown connected again",
                        CATCH_UP,
                        "return window.__dtRelayUp;",
                        vec![],
                        Value::as_f64,
                    )
                    .await
                })
                .await;
            let after: Vec<f64> = ups.iter().map(|up| up - back).collect();
            println!(
                "relay back to shown connected: {}",
                watchers
                    .names()
                    .iter()
                    .zip(&after)
                    .map(|(n, ms)| format!("{n} {ms:.0} ms"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            for (name, ms) in watchers.names().iter().zip(&after) {
                assert!(*ms <= RECONNECT_MS, "[{name}] shows the relay connected {ms:.0} ms after it was back");
            }
        })
        .await;
    findings
        .check("Gale's roll, made the moment the relay was back, completes on her phone", async {
            let shown = "const t = document.querySelector('.tray-result .tray-total');
                return !!t && /^-?[0-9]+$/.test(t.textContent.trim());";
            gale.wait_for_js("the Tray to show the roll's result", ROLL, shown, vec![], |v| {
                (v == &Value::Bool(true)).then_some(())
            })
            .await;
        })
        .await;
    gale.go("#/table", "section.screen.table").await;
    if let Some(id) =
        findings.check("Gale's phone lists her roll", new_roll_of(&gale, &gale_key, &gale_known, UI)).await
    {
        ids.push((gale_key.clone(), id));
    }
    findings
        .check("Gale's phone shows the relay connected", async {
            gale.wait_text("p.table-relays", "every relay connected", UI, |t| t.starts_with("Relays: 1 of 1")).await;
        })
        .await;
    findings
        .check("every phone ends with the same verified rolls in the same order, none failed", async {
            same_verified_rolls(&seats, &ids, CATCH_UP).await;
        })
        .await;
    findings.finish();
}

/// The relay's packets are dropped (15 %), delayed (50-150 ms each, so reordered) while the three phones, relays
/// only, roll four times: every roll ends verified on every phone, none failed.
#[test]
fn a_lossy_network_loses_no_roll_and_fails_none() {
    in_own_netns("table_faults::a_lossy_network_loses_no_roll_and_fails_none", || {
        run_table_test(|run| async move { lossy_network(run).await })
    });
}

async fn lossy_network(run: TableRun) {
    let mut findings = Findings::default();
    let (seats, keys, _, _) = seat_table(&run, RELAY_ONLY, &["Bea", "Cid"], VIA_RELAYS).await;
    let (gale, bea, cid) = (seats.0[0].clone(), seats.0[1].clone(), seats.0[2].clone());
    let (gale_key, bea_key, cid_key) = (keys.of("Gale"), keys.of("Bea"), keys.of("Cid"));
    let seed = std::env::var("DICETRAY_LOSSY_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
    let link = LossyLink::start(run.relay_port(), Faults { loss: 0.15, delay: (50, 150), seed });
    let mut ids = Vec::new();
    for (n, (seat, key, notation)) in
        [(&gale, &gale_key, "1d20"), (&bea, &bea_key, "3d6"), (&cid, &cid_key, "2d6"), (&gale, &gale_key, "4d6kh3")]
            .into_iter()
            .enumerate()
    {
        let name = format!("roll {} of 4, by {}, verified on every phone", n + 1, seat.name);
        if let Some(rolled) = findings.check(&name, roll_verified(&seats, seat, key, notation, LOSSY_ROLL)).await {
            ids.push(rolled);
        }
    }
    findings
        .check("every phone ends with the same verified rolls in the same order, none failed", async {
            same_verified_rolls(&seats, &ids, LOSSY_ROLL).await;
        })
        .await;
    findings
        .check("no phone shows another `away` on a slow, lossy network", async {
            let texts = "return [...document.querySelectorAll('ul.table-peers > li.table-peer')]
                .map(li => li.textContent.replace(/\\s+/g, ' ').trim());";
            for seat in &seats.0 {
                let rows = seat.page.js(texts, vec![]).await;
                let rows: Vec<String> = serde_json::from_value(rows).unwrap_or_default();
                assert!(rows.len() == 3, "[{}] lists the three at the table: {rows:?}", seat.name);
                assert!(!rows.iter().any(|r| r.contains("away")), "[{}] shows someone away: {rows:?}", seat.name);
            }
        })
        .await;
    let stats = link.stop();
    println!(
        "lossy link: {} packets, {} dropped, {} overtook an earlier one",
        stats.packets, stats.dropped, stats.overtook
    );
    assert!(
        stats.dropped > 0 && stats.overtook > 0,
        "the lossy link dropped and reordered nothing, so this test tested nothing: {stats:?}"
    );
    findings.finish();
}

/// Bea's relay socket goes silent without closing (`harness::silent`: it stays open at both ends and carries nothing,
/// as after a network handover or a NAT timeout), and she taps Roll at once. Her phone notices within
/// `SILENCE_NOTICED`, connects again, and sends again what went into the silent socket: her roll, and one Cid makes
/// afterwards, verify on every phone, none failed, no message refused, and no one is left `away`.
#[test]
fn a_silent_relay_socket_is_replaced_and_loses_no_roll() {
    in_own_netns("table_faults::a_silent_relay_socket_is_replaced_and_loses_no_roll", || {
        run_table_test(|run| async move { silent_relay_socket(run).await })
    });
}

/// The lines of `seat`'s refused-messages list.
async fn refused_lines(seat: &Seat) -> Vec<String> {
    let script = "return [...document.querySelectorAll('ul.table-refused > li')].map(li => li.textContent.trim());";
    serde_json::from_value(seat.page.js(script, vec![]).await).unwrap_or_default()
}

async fn silent_relay_socket(run: TableRun) {
    let mut findings = Findings::default();
    let link = SilentLink::start(run.relay_port()).await;
    run.route_through("Bea", link.url());
    let (seats, keys, _, _) = seat_table(&run, RELAY_ONLY, &["Bea", "Cid"], VIA_RELAYS).await;
    let (bea, cid) = (seats.0[1].clone(), seats.0[2].clone());
    let (gale_key, bea_key, cid_key) = (keys.of("Gale"), keys.of("Bea"), keys.of("Cid"));
    let mut ids = vec![step("a roll before the silence", roll_verified(&seats, &bea, &bea_key, "3d6", ROLL)).await];
    step("Bea's Tray is ready", tray_ready(&bea, "2d6")).await;

    let before = link.connections();
    let silenced = step("Bea's relay socket goes silent (open, carrying nothing either way)", async {
        let n = link.silence();
        assert_eq!(n, 1, "Bea's phone has one socket open through the silent link, not {n}");
        Instant::now()
    })
    .await;
    let bea_known = known_rolls(&bea).await;
    step("Bea taps Roll at once, then waits on the Table screen", async {
        tray_tap(&bea).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        bea.go("#/table", "section.screen.table").await;
    })
    .await;
    if let Some(id) = findings
        .check("Bea's phone lists her roll made into the silence", new_roll_of(&bea, &bea_key, &bea_known, UI))
        .await
    {
        ids.push((bea_key.clone(), id));
    }
    findings
        .check(&format!("Bea's phone notices the silence and connects again within {SILENCE_NOTICED:?}"), async {
            let limit = SILENCE_NOTICED.saturating_sub(silenced.elapsed());
            link.next_connection(before, limit).await;
            println!(
                "table fault figure: silent relay socket replaced {} ms after it went silent ({} held silent)",
                silenced.elapsed().as_millis(),
                link.silent()
            );
            bea.wait_text("p.table-relays", "every relay connected", UI, |t| t.starts_with("Relays: 1 of 1")).await;
        })
        .await;
    findings
        .check("Cid rolls after the silence, verified on every phone", async {
            ids.push(roll_verified(&seats, &cid, &cid_key, "1d20", ROLL).await);
        })
        .await;
    findings
        .check("every phone ends with the same verified rolls in the same order, none failed", async {
            same_verified_rolls(&seats, &ids, CATCH_UP).await;
        })
        .await;
    findings
        .check("no phone shows anyone `away` once Bea is back", async {
            for seat in &seats.0 {
                for key in [&gale_key, &bea_key, &cid_key] {
                    wait_peer_row(seat, key, "the row, not `away`", AWAY, |t| !t.contains("away")).await;
                }
            }
        })
        .await;
    findings
        .check("no phone refused a message (no one is taken for a cheat)", async {
            for seat in &seats.0 {
                let lines = refused_lines(seat).await;
                let peers: Vec<&String> = lines.iter().filter(|l| !l.starts_with("Network:")).collect();
                assert!(peers.is_empty(), "[{}] lists refused messages: {lines:?}", seat.name);
                if !lines.is_empty() {
                    println!("[{}] lists network problems: {lines:?}", seat.name);
                }
            }
        })
        .await;
    findings.finish();
}

/// The harness's relay restart, without browsers: a stopped relay refuses connections, and started again it listens
/// on the same port and forwards table events as before.
#[test]
fn the_test_relay_stops_and_starts_again_on_its_port() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let relay = TestRelay::start().await;
        let mut before = NostrSocket::connect(relay.url()).await.expect("a client connects to the relay");
        relay.stop();
        let closed = before.next_message(Duration::from_secs(5)).await;
        assert!(closed.is_err(), "a stopped relay closes its connections, the client read {closed:?}");
        assert!(NostrSocket::connect(relay.url()).await.is_err(), "a stopped relay refuses connections");
        relay.start_again().await;
        relay.check_forwards_table_events().await;
    });
}

/// The harness's relay answers the app's liveness probe with EOSE (NIP-01), as the app needs of every relay.
#[test]
fn the_test_relay_answers_a_liveness_probe() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let relay = TestRelay::start().await;
        check_answers_a_probe(relay.url()).await;
    });
}

/// The harness's silent link, without browsers: a connection through it works; once silenced it stays open (no
/// close, no error) and carries nothing either way; a new connection through it reaches the relay again.
#[test]
fn the_silent_link_keeps_a_socket_open_and_carries_nothing() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let relay = TestRelay::start().await;
        let link = SilentLink::start(relay.port()).await;
        let topic = "ef".repeat(32);
        let mut through = NostrSocket::connect(link.url()).await.expect("a client connects through the silent link");
        through.subscribe("s", &topic).await.expect("subscribes through the silent link");
        let mut direct = NostrSocket::connect(relay.url()).await.expect("a client connects to the relay");
        direct.subscribe("d", &topic).await.expect("subscribes directly");
        let keys = nostr_relay_builder::prelude::Keys::generate();
        let event = crate::harness::relay::table_event(&keys, &topic, "before".into());
        direct.publish(event.clone()).await.expect("the relay takes an event");
        let got = through.next_event(Duration::from_secs(5)).await.expect("read through the link");
        assert_eq!(got.map(|e| e.id), Some(event.id), "the link forwards before it is silenced");

        assert_eq!(link.silence(), 1, "one connection open through the link");
        let event = crate::harness::relay::table_event(&keys, &topic, "during".into());
        direct.publish(event).await.expect("the relay takes an event");
        through.send_text("[\"CLOSE\",\"s\"]").await.expect("sending into a silent socket does not fail");
        let got = through.next_message(Duration::from_millis(1500)).await;
        assert!(matches!(got, Ok(None)), "a silent socket neither closes nor delivers: {got:?}");
        assert_eq!(link.silent(), 1);

        let mut again = NostrSocket::connect(link.url()).await.expect("a new connection through the link");
        again.subscribe("a", &topic).await.expect("a new connection reaches the relay");
        assert_eq!(link.connections(), 2);
    });
}

/// The harness's lossy link, without browsers, in a namespace of its own: the relay's packets are dropped and
/// reordered, and a table event still goes through (TCP retransmits), later.
#[test]
fn the_lossy_link_drops_and_reorders_the_relays_packets() {
    in_own_netns("table_faults::the_lossy_link_drops_and_reorders_the_relays_packets", || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async {
            let relay = TestRelay::start().await;
            let link = LossyLink::start(relay.port(), Faults { loss: 0.15, delay: (50, 150), seed: 7 });
            let started = Instant::now();
            // Each answer waits up to 120 s, not a clean loopback's 5: TCP backs off after each loss of the same
            // segment (RTO r, 2r, 4r ...; r is 0.2 s at least and near 1 s with these 50-150 ms holds), so n losses
            // in a row cost r * (2^n - 1). CI once failed here on a 5 s wait, at 20 % loss; at 15 % the check takes
            // about 3.9 s (48 packets, 7 dropped). 120 s needs 7 losses of one packet in a row even at r = 1 s:
            // 0.15^7 = 1.7e-6 per packet, 48 packets, so about 1 false alarm in 12,000 runs.
            relay.check_forwards_table_events_within(Duration::from_secs(120)).await;
            let took = started.elapsed();
            let stats = link.stop();
            println!("lossy link self-test: the relay check took {} ms; {stats:?}", took.as_millis());
            assert!(stats.packets > 10 && stats.dropped > 0 && stats.overtook > 0, "{stats:?}");
            assert!(took > Duration::from_millis(300), "packets held 50-150 ms each, yet done in {took:?}");
        });
    });
}
