//! The Nostr wire format (`dicetray_table::signal`): derivations checked against `sha256sum` of the spelled-out
//! bytes, NIP-01 ids against the serialization text, signatures against any altered byte, the content packing
//! against a real AES-256-GCM, and every malformed frame or relay message refused with its reason.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use dicetray_table::limits::MAX_FRAME_BYTES;
use dicetray_table::signal::{
    aes_key, close_text, decode_link_param, encode_link_param, pack, req_text, topic, unpack, Frame, FrameType,
    NostrEvent, NostrKey, RelayMessage, KIND, MAX_SYNC_BYTES, PROBE_CLOSE, PROBE_SUB, PROBE_TEXT,
};
use dicetray_table::{Bytes32, Identity};

const TABLE_ID: &str = "AAAAAAAAAAAAAAAAAAAAAA";

#[test]
fn topic_and_key_are_the_hashes_the_contract_spells_out() {
    // printf 'dicetray-nostr-topic-v1\0AAAAAAAAAAAAAAAAAAAAAA' | sha256sum
    assert_eq!(topic(TABLE_ID), "be65157a859f8f5cf4a5005d4131829c64d0de7f40e1326e924d86ad62a48383");
    // (printf 'dicetray-nostr-aes-v1\0'; 32 bytes of 0x07; printf 'AAAAAAAAAAAAAAAAAAAAAA') | sha256sum
    assert_eq!(
        hex::encode(aes_key(&[7; 32], TABLE_ID)),
        "897cc15a2336ef3d5cf10407ddb4fa087f3b301dea45a4f49989974c040ba4ec"
    );
    assert_ne!(topic("AAAAAAAAAAAAAAAAAAAAAB"), topic(TABLE_ID));
}

#[test]
fn the_event_id_hashes_nip01s_serialization() {
    let ev = NostrEvent {
        id: Bytes32([0; 32]),
        pubkey: Bytes32([0xaa; 32]),
        created_at: 1_700_000_000,
        kind: KIND,
        tags: vec![vec!["t".into(), "b".repeat(64)]],
        content: "hi\n\"x\"".into(),
        sig: String::new(),
    };
    let text =
        format!("[0,\"{}\",1700000000,23197,[[\"t\",\"{}\"]],\"hi\\n\\\"x\\\"\"]", "a".repeat(64), "b".repeat(64));
    assert_eq!(ev.id_text(), text);
    // printf '%s' "<that text>" | sha256sum
    assert_eq!(hex::encode(ev.computed_id()), "eae73cc276f2f57e6f19f2dfef6535e0f2df9fdcbebef2a751ddb4a983fbebc3");
}

fn signed_event() -> (NostrKey, NostrEvent) {
    let key = NostrKey::from_identity_secret(&[3; 32]);
    let ev = key.sign(&topic(TABLE_ID), "Y29udGVudA==".into(), 1_700_000_000, &[9; 32]).expect("signs");
    (key, ev)
}

#[test]
fn the_nostr_key_is_derived_from_the_identity_secret_and_differs_from_the_identity_key() {
    use sha2::{Digest, Sha256};
    let key = NostrKey::from_identity_secret(&[3; 32]);
    let expected: [u8; 32] = Sha256::digest([b"dicetray-nostr-key-v1\0".as_slice(), &[3; 32]].concat()).into();
    let expected = k256::schnorr::SigningKey::from_bytes(&expected).expect("a valid scalar");
    assert_eq!(key.public().0, <[u8; 32]>::from(expected.verifying_key().to_bytes()));
    let identity = Identity::from_secret([3; 32]).expect("valid");
    assert_ne!(key.public(), identity.public());
    assert_eq!(NostrKey::from_identity_secret(&[3; 32]).public(), key.public());
}

#[test]
fn a_signed_event_checks_and_is_sent_as_the_nip01_event_message() {
    let (key, ev) = signed_event();
    assert_eq!(ev.pubkey, key.public());
    assert_eq!(ev.kind, 23197);
    assert_eq!(ev.tags, vec![vec!["t".to_string(), topic(TABLE_ID)]]);
    assert_eq!(ev.id.0, ev.computed_id());
    assert_eq!(ev.sig.len(), 128);
    ev.check(&topic(TABLE_ID)).expect("checks");

    let sent = ev.publish_text();
    let expected_prefix = format!(
        "[\"EVENT\",{{\"id\":\"{}\",\"pubkey\":\"{}\",\"created_at\":1700000000,\"kind\":23197,\"tags\":[[\"t\",\"{}\"]],\"content\":\"Y29udGVudA==\",\"sig\":\"",
        ev.id,
        ev.pubkey,
        topic(TABLE_ID)
    );
    assert!(sent.starts_with(&expected_prefix), "{sent}");
    assert!(sent.ends_with(&format!("{}\"}}]", ev.sig)), "{sent}");

    // What a relay sends back is read into the same event.
    let relayed = format!("[\"EVENT\",\"s1\",{}]", ev.to_json());
    assert_eq!(RelayMessage::parse(&relayed), Ok(RelayMessage::Event { sub: "s1".into(), event: ev }));
}

#[test]
fn any_altered_byte_fails_the_check_with_its_reason() {
    let (_, ev) = signed_event();
    let t = topic(TABLE_ID);

    let mut e = ev.clone();
    e.content = "Y29udGVudB==".into();
    assert_eq!(e.check(&t), Err("event id does not match its content (altered in transit or badly serialized)".into()));

    let mut e = ev.clone();
    e.created_at += 1;
    assert!(e.check(&t).unwrap_err().contains("id does not match"));

    let mut e = ev.clone();
    e.id.0[31] ^= 1;
    assert!(e.check(&t).unwrap_err().contains("id does not match"));

    // An id recomputed over altered content still fails: the signature is over the original id.
    let mut e = ev.clone();
    e.content.push('A');
    e.id = Bytes32(e.computed_id());
    assert_eq!(e.check(&t), Err("event signature does not match its id and pubkey".into()));

    let mut e = ev.clone();
    let flipped = if e.sig.ends_with('0') { '1' } else { '0' };
    e.sig.pop();
    e.sig.push(flipped);
    assert_eq!(e.check(&t), Err("event signature does not match its id and pubkey".into()));

    let mut e = ev.clone();
    e.sig = "zz".repeat(64);
    assert_eq!(e.check(&t), Err("event sig is not 128 hex digits".into()));

    assert_eq!(
        ev.check(&topic("another table id 0000")),
        Err("event without this table's topic tag (allowed: [\"t\", <topic>])".into())
    );

    let mut e = ev.clone();
    e.kind = 1;
    assert_eq!(e.check(&t), Err("event of kind 1 (allowed: 23197)".into()));

    // Another key's signature over the same id.
    let other = NostrKey::from_identity_secret(&[4; 32]);
    let mut e = ev.clone();
    e.pubkey = other.public();
    e.id = Bytes32(e.computed_id());
    assert_eq!(e.check(&t), Err("event signature does not match its id and pubkey".into()));
}

fn encrypt(key: &[u8; 32], iv: &[u8; 12], aad: &[u8], plain: &[u8]) -> Vec<u8> {
    Aes256Gcm::new(key.into()).encrypt(Nonce::from_slice(iv), Payload { msg: plain, aad }).expect("encrypts")
}

fn decrypt(key: &[u8; 32], iv: &[u8; 12], aad: &[u8], ct: &[u8]) -> Result<Vec<u8>, aes_gcm::Error> {
    Aes256Gcm::new(key.into()).decrypt(Nonce::from_slice(iv), Payload { msg: ct, aad })
}

#[test]
fn a_frame_goes_through_encrypt_pack_sign_check_unpack_decrypt_unchanged() {
    let me = Bytes32([1; 32]);
    let frame = Frame::new(me, None, FrameType::Msg, "{\"signed\":\"{\\\"a\\\":1}\",\"sig\":\"00\"}");
    let text = frame.to_json();
    assert!(text.starts_with(&format!("{{\"v\":1,\"from\":\"{me}\",\"to\":null,\"type\":\"msg\",\"data\":")));

    let t = topic(TABLE_ID);
    let key = aes_key(&[7; 32], TABLE_ID);
    let iv = [5u8; 12];
    let ct = encrypt(&key, &iv, t.as_bytes(), text.as_bytes());
    assert_eq!(ct.len(), text.len() + 16);
    let content = pack(&iv, &ct);
    let ev = NostrKey::from_identity_secret(&[3; 32]).sign(&t, content, 1, &[0; 32]).expect("signs");

    let RelayMessage::Event { event, .. } =
        RelayMessage::parse(&format!("[\"EVENT\",\"x\",{}]", ev.to_json())).expect("parses")
    else {
        panic!("not an event")
    };
    event.check(&t).expect("checks");
    let (iv2, ct2) = unpack(&event.content).expect("unpacks");
    assert_eq!((iv2, &ct2), (iv, &ct));
    let plain = decrypt(&key, &iv2, t.as_bytes(), &ct2).expect("decrypts");
    assert_eq!(Frame::parse(&plain), Ok(frame));

    // The AAD binds the ciphertext to this topic, and the key to this table.
    assert!(decrypt(&key, &iv2, topic("B").as_bytes(), &ct2).is_err());
    assert!(decrypt(&aes_key(&[8; 32], TABLE_ID), &iv2, t.as_bytes(), &ct2).is_err());
}

#[test]
fn content_that_is_not_base64_or_too_short_is_refused() {
    assert!(unpack("not base64!").unwrap_err().starts_with("content is not standard base64"));
    assert_eq!(
        unpack(&pack(&[0; 12], &[1; 15])),
        Err("content is 27 bytes (allowed: at least 28 for the IV and the tag)".into())
    );
    assert!(unpack(&pack(&[0; 12], &[1; 16])).is_ok());
}

#[test]
fn frames_are_addressed_and_malformed_ones_refused() {
    let a = Bytes32([1; 32]);
    let b = Bytes32([2; 32]);
    let c = Bytes32([3; 32]);
    assert!(Frame::new(a, None, FrameType::Hi, "").is_for(&b));
    assert!(!Frame::new(a, None, FrameType::Hi, "").is_for(&a));
    assert!(Frame::new(a, Some(b), FrameType::Offer, "sdp").is_for(&b));
    assert!(!Frame::new(a, Some(b), FrameType::Offer, "sdp").is_for(&c));

    let ok = format!("{{\"v\":1,\"from\":\"{a}\",\"to\":\"{b}\",\"type\":\"answer\",\"data\":\"sdp\"}}");
    assert_eq!(Frame::parse(ok.as_bytes()), Ok(Frame::new(a, Some(b), FrameType::Answer, "sdp")));

    let refused = |json: String, why: &str| {
        let err = Frame::parse(json.as_bytes()).unwrap_err();
        assert!(err.contains(why), "{json}: {err}");
    };
    refused(
        format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"hi\",\"data\":\"\",\"x\":1}}"),
        "unknown field `x`",
    );
    refused(format!("{{\"v\":2,\"from\":\"{a}\",\"to\":null,\"type\":\"hi\",\"data\":\"\"}}"), "frame version 2");
    refused(format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"offer\",\"data\":\"s\"}}"), "without `to`");
    refused(format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"hi\",\"data\":\"s\"}}"), "`hi` frame with data");
    refused(format!("{{\"v\":1,\"from\":\"{a}\",\"to\":\"{b}\",\"type\":\"msg\",\"data\":\"s\"}}"), "with `to` set");
    let answer_hi = format!("{{\"v\":1,\"from\":\"{a}\",\"to\":\"{b}\",\"type\":\"hi\",\"data\":\"\"}}");
    assert_eq!(Frame::parse(answer_hi.as_bytes()), Ok(Frame::new(a, Some(b), FrameType::Hi, "")));
    refused(
        format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"bye\",\"data\":\"\"}}"),
        "unknown variant `bye`",
    );
    refused(
        "{\"v\":1,\"from\":\"xyz\",\"to\":null,\"type\":\"hi\",\"data\":\"\"}".into(),
        "`xyz` is not 64 hex digits",
    );
    refused(format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"hi\"}}"), "missing field `data`");
    refused("[1,2]".into(), "not a frame");
    let mut bad = format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"msg\",\"data\":\"x\"}}").into_bytes();
    let at = bad.len() - 3;
    bad[at] = 0xff;
    let err = Frame::parse(&bad).unwrap_err();
    assert!(err.starts_with("not a frame") && err.contains(&format!("byte {} is not UTF-8", at + 1)), "{err}");
    let huge = format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"msg\",\"data\":\"{}\"}}", "x".repeat(65536));
    refused(huge, "over the limit (MAX_FRAME_BYTES, at most 65536)");
}

#[test]
fn sync_frames_are_for_everyone_or_one_peer_and_carry_a_bounded_opaque_text() {
    let a = Bytes32([1; 32]);
    let b = Bytes32([2; 32]);
    let c = Bytes32([3; 32]);
    let text = "{\"have\":[\"ab\",12],\"note\":\"quote \\\" and backslash \\\\\"}";

    let all = Frame::new(a, None, FrameType::Sync, text);
    let json = all.to_json();
    assert!(json.starts_with(&format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"sync\",\"data\":")), "{json}");
    assert_eq!(Frame::parse(json.as_bytes()), Ok(all.clone()));
    assert!(all.is_for(&b) && all.is_for(&c));
    assert!(!all.is_for(&a), "never my own");

    let one = Frame::new(a, Some(b), FrameType::Sync, text);
    assert_eq!(Frame::parse(one.to_json().as_bytes()), Ok(one.clone()));
    assert!(one.is_for(&b));
    assert!(!one.is_for(&c));

    let refused = |frame: Frame, why: &str| {
        let err = Frame::parse(frame.to_json().as_bytes()).unwrap_err();
        assert!(err.contains(why), "{err}");
    };
    refused(Frame::new(a, None, FrameType::Sync, ""), "a `sync` frame without data (allowed: a sync text)");
    refused(
        Frame::new(a, Some(b), FrameType::Sync, "y".repeat(MAX_SYNC_BYTES + 1)),
        "a `sync` frame with a 32001 byte sync text (MAX_SYNC_BYTES, at most 32000)",
    );
    assert!(Frame::parse(Frame::new(a, None, FrameType::Sync, "y".repeat(MAX_SYNC_BYTES)).to_json().as_bytes()).is_ok());

    // A sync text at its limit fits a frame even when escaping doubles every byte of it.
    let worst = Frame::new(a, Some(b), FrameType::Sync, "\"".repeat(MAX_SYNC_BYTES)).to_json();
    assert!(worst.len() <= MAX_FRAME_BYTES, "{} bytes", worst.len());
    assert!(Frame::parse(worst.as_bytes()).is_ok());

    let unknown = format!("{{\"v\":1,\"from\":\"{a}\",\"to\":null,\"type\":\"bye\",\"data\":\"\"}}");
    assert!(Frame::parse(unknown.as_bytes()).unwrap_err().contains("msg|offer|answer|hi|sync"));
}

#[test]
fn relay_messages_are_read_and_malformed_ones_refused() {
    assert_eq!(RelayMessage::parse("[\"EOSE\",\"s\"]"), Ok(RelayMessage::Eose { sub: "s".into() }));
    assert_eq!(
        RelayMessage::parse("[\"OK\",\"ab\",false,\"blocked: no\"]"),
        Ok(RelayMessage::Ok { id: "ab".into(), accepted: false, message: "blocked: no".into() })
    );
    assert_eq!(RelayMessage::parse("[\"NOTICE\",\"hello\"]"), Ok(RelayMessage::Notice("hello".into())));
    assert_eq!(
        RelayMessage::parse("[\"CLOSED\",\"s\",\"error: shutting down\"]"),
        Ok(RelayMessage::Closed { sub: "s".into(), message: "error: shutting down".into() })
    );
    assert_eq!(RelayMessage::parse("[\"AUTH\",\"c\"]"), Ok(RelayMessage::Auth { challenge: "c".into() }));

    let refused = |text: &str, why: &str| {
        let err = RelayMessage::parse(text).unwrap_err();
        assert!(err.contains(why), "{text}: {err}");
    };
    refused("", "not JSON");
    refused("{\"EVENT\":1}", "not a JSON array");
    refused("[]", "does not start with its type");
    refused("[1]", "does not start with its type");
    refused("[\"PING\"]", "unknown relay message type `PING`");
    refused("[\"EOSE\"]", "relay EOSE message has 1 elements (allowed: [\"EOSE\", sub])");
    refused("[\"EOSE\",1]", "relay EOSE message's subscription id is not a string");
    refused("[\"OK\",\"ab\",\"true\",\"\"]", "third element is not true or false");
    refused("[\"NOTICE\",\"a\",\"b\"]", "has 3 elements");
    refused("[\"EVENT\",\"s\",{\"id\":\"00\"}]", "relay EVENT message's event is malformed");
    refused("[\"EVENT\",\"s\",{}]", "missing field");
    let (_, ev) = signed_event();
    let negative = ev.to_json().replace("1700000000", "-1");
    refused(&format!("[\"EVENT\",\"s\",{negative}]"), "event is malformed");
    let huge = format!("[\"NOTICE\",\"{}\"]", "x".repeat(128 * 1024));
    refused(&huge, "over the limit (MAX_RELAY_MESSAGE_BYTES, at most 131072)");
}

#[test]
fn client_messages_are_the_nip01_texts() {
    let t = topic(TABLE_ID);
    assert_eq!(
        req_text("dt1", &t, 1_699_999_970),
        format!("[\"REQ\",\"dt1\",{{\"#t\":[\"{t}\"],\"kinds\":[23197],\"since\":1699999970}}]")
    );
    assert_eq!(close_text("dt1"), "[\"CLOSE\",\"dt1\"]");
    let probe = serde_json::json!(["REQ", PROBE_SUB, {"ids": ["0".repeat(64)], "limit": 0}]);
    assert_eq!(serde_json::from_str::<serde_json::Value>(PROBE_TEXT).unwrap(), probe);
    assert_eq!(PROBE_CLOSE, close_text(PROBE_SUB));
}

#[test]
fn link_parameters_are_base64url_of_the_right_length() {
    let id: [u8; 16] = decode_link_param("t", TABLE_ID).expect("decodes");
    assert_eq!(id, [0; 16]);
    let key = [0xfb; 32];
    let text = encode_link_param(&key);
    assert_eq!(text.len(), 43);
    assert!(!text.contains(['+', '/', '=']));
    assert_eq!(decode_link_param::<32>("k", &text), Ok(key));
    let why = "the link's `k` is not 43 characters of base64url (allowed: A-Z a-z 0-9 - _)";
    assert_eq!(decode_link_param::<32>("k", &text[1..]), Err(why.into()));
    assert_eq!(decode_link_param::<32>("k", &format!("{}+", &text[1..])), Err(why.into()));
    assert!(decode_link_param::<16>("t", "AAAAAAAAAAAAAAAAAAAAA=").is_err());
}
