//! Which screen is showing, kept in the URL fragment (`#/roll`, `#/tray`, ...).
//!
//! Hash routing means every screen survives a refresh on a static host (GitHub Pages) with no server rewrite,
//! and works under any sub-path.

use leptos::prelude::*;

/// The app's screens, in navigation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Roll,
    Tray,
    Characters,
    History,
    Table,
    Help,
    /// A roll replayed from a link (`#/replay?...`); not in the navigation.
    Replay,
}

impl Screen {
    pub const ALL: [Screen; 6] =
        [Screen::Roll, Screen::Tray, Screen::Characters, Screen::History, Screen::Table, Screen::Help];

    /// The fragment path segment.
    pub fn slug(self) -> &'static str {
        match self {
            Screen::Roll => "roll",
            Screen::Tray => "tray",
            Screen::Characters => "characters",
            Screen::History => "history",
            Screen::Table => "table",
            Screen::Help => "help",
            Screen::Replay => "replay",
        }
    }

    /// The navigation label.
    pub fn label(self) -> &'static str {
        match self {
            Screen::Roll => "Roll",
            Screen::Tray => "Tray",
            Screen::Characters => "Characters",
            Screen::History => "History",
            Screen::Table => "Table",
            Screen::Help => "Help",
            Screen::Replay => "Replay",
        }
    }

    /// The screen a fragment names (`#/tray` or `#tray`); the Roll screen for anything else.
    pub fn from_hash(hash: &str) -> Screen {
        let slug = hash.trim_start_matches('#').trim_start_matches('/');
        let slug = slug.split(['/', '?']).next().unwrap_or("");
        if slug == Screen::Replay.slug() {
            return Screen::Replay;
        }
        Screen::ALL.into_iter().find(|s| s.slug() == slug).unwrap_or(Screen::Roll)
    }

    pub fn href(self) -> String {
        format!("#/{}", self.slug())
    }
}

/// The URL fragment as it is now.
pub fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// A signal that follows the whole URL fragment, for screens that read more than the first segment
/// (`#/characters/<id>`, `#/help/<section>`, `#/replay?...`). Removed with the calling component.
pub fn use_hash() -> ReadSignal<String> {
    let (hash, set_hash) = signal(current_hash());
    let handle = window_event_listener(leptos::ev::hashchange, move |_| set_hash.set(current_hash()));
    on_cleanup(move || handle.remove());
    hash
}

/// A signal that follows the URL fragment.
pub fn use_screen() -> ReadSignal<Screen> {
    let (screen, set_screen) = signal(Screen::from_hash(&current_hash()));
    let handle = window_event_listener(leptos::ev::hashchange, move |_| {
        // Only a change of screen re-renders; moves within a screen (`#/help/remedy`) are the screen's business.
        let next = Screen::from_hash(&current_hash());
        if screen.get_untracked() != next {
            set_screen.set(next);
        }
    });
    on_cleanup(move || handle.remove());
    screen
}

/// The raw value of `name` in a query (`a=1&b=2`, from a fragment's or the page's query string), if it is there.
pub fn query_value<'q>(query: &'q str, name: &str) -> Option<&'q str> {
    query.split('&').find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
}

/// Percent-encode everything but the URL-safe unreserved characters.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Undo [`encode`] (and any other percent-encoding); `None` for a malformed escape or invalid UTF-8.
pub fn decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_encoding_round_trips_and_a_query_value_is_found_by_name() {
        for s in ["", "plain", "{\"a\": [1, 2]} & = ? # % + é ⚄"] {
            assert_eq!(decode(&encode(s)).as_deref(), Some(s));
        }
        assert_eq!(decode("%zz"), None);
        assert_eq!(decode("%4"), None);
        assert_eq!(query_value("t=abc&k=def&kk=x", "k"), Some("def"));
        assert_eq!(query_value("t=abc", "k"), None);
    }

    #[test]
    fn hashes_name_screens() {
        assert_eq!(Screen::from_hash("#/tray"), Screen::Tray);
        assert_eq!(Screen::from_hash("#history"), Screen::History);
        assert_eq!(Screen::from_hash("#/characters/abc"), Screen::Characters);
        assert_eq!(Screen::from_hash(""), Screen::Roll);
        assert_eq!(Screen::from_hash("#/nonsense"), Screen::Roll);
        assert_eq!(Screen::from_hash("#/replay?r=%7B%7D&s=1"), Screen::Replay);
        assert!(!Screen::ALL.contains(&Screen::Replay), "Replay is not in the navigation");
        for s in Screen::ALL {
            assert_eq!(Screen::from_hash(&s.href()), s);
        }
    }

    /// index.html shows the app's header and navigation until the app starts (`#boot`); they must match what
    /// `App` renders, or the page would change its navigation under the player's finger as the app starts.
    #[test]
    fn the_start_up_frame_in_index_html_has_the_apps_navigation() {
        let html = include_str!("../index.html");
        let frame = &html[html.find("<div id=\"boot\"").expect("index.html has the #boot frame")..];
        let frame = &frame[..frame.find("</nav>").expect("the frame has a navigation")];
        assert!(frame.contains(r##"<a class="brand" href="#/roll" aria-label="dicetray home">"##), "{frame}");
        assert_eq!(frame.matches("class=\"nav-link\"").count(), Screen::ALL.len(), "{frame}");
        for s in Screen::ALL {
            let link =
                format!(r#"<a href="{}" class="nav-link" data-screen="{}">{}</a>"#, s.href(), s.slug(), s.label());
            assert!(frame.contains(&link), "index.html's start-up frame lacks {link}");
        }
    }
}
