//! Everything the crate derives from its one list of systems ([`for_each_system!`](crate::for_each_system), in
//! `systems/mod.rs`): the ids and names, the tagged unions [`Request`](super::Request) and [`Roll`](super::Roll)
//! with their reading, every dispatch over them, and the outcome words by system id.

/// Whether two texts are equal, at compile time (the list's ids are checked against each system's `ID`).
pub(crate) const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Called by `for_each_system!` with the list: `Variant(module) "id", ...`, where `module::Variant` implements
/// [`RuleSystem`](super::RuleSystem) and `"id"` is its `ID` (checked when the crate compiles).
macro_rules! declare_systems {
    ($($variant:ident($module:ident) $id:tt),* $(,)?) => {
        /// The ids of the systems, as requests, saved data and the CLI name them, in the order every list shows them.
        pub const SYSTEM_IDS: [&str; [$($id),*].len()] = [$($id),*];

        /// Every system, in [`SYSTEM_IDS`] order.
        pub const SYSTEMS: [System; [$($id),*].len()] = [$(System {
            id: $id,
            name: <$module::$variant as RuleSystem>::NAME,
            outcomes: <$module::$variant as RuleSystem>::OUTCOMES,
            words: <$module::$variant as RuleSystem>::WORDS,
            choices: <$module::$variant as RuleSystem>::CHOICES,
        }),*];

        const _: () = {
            $(assert!(
                registry::same_text($id, <$module::$variant as RuleSystem>::ID),
                concat!("the list of systems names `", $id, "`, which is not its RuleSystem::ID")
            );)*
        };

        /// A request for any system: `{"system": "<id>", ...the system's fields}`. Read by hand through
        /// [`crate::tagged`] (serde's derived reading of a tagged enum doubles the code of every request type).
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(tag = "system")]
        pub enum Request {
            $(#[serde(rename = $id)] $variant(<$module::$variant as RuleSystem>::Request),)*
        }

        impl<'de> Deserialize<'de> for Request {
            fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
                use serde_json::from_value;
                crate::tagged::deserialize(input, "system", &SYSTEM_IDS, "internally tagged enum Request", |id, fields| {
                    Some(match id {
                        $($id => from_value(fields).map(Request::$variant),)*
                        _ => return None,
                    })
                })
            }
        }

        /// A roll of any system, tagged like [`Request`]. Its JSON always has `system`, `outcome`, `events`,
        /// `total`, `dice` and `seed`, plus the system's own breakdown.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "system")]
        pub enum Roll {
            $(#[serde(rename = $id)] $variant(<$module::$variant as RuleSystem>::Roll),)*
        }

        $(impl Variant for $module::$variant {
            fn request(request: Self::Request) -> Request {
                Request::$variant(request)
            }
            fn seeded_roll(mut roll: Self::Roll, seed: u64) -> Roll {
                roll.seed = seed;
                Roll::$variant(roll)
            }
        })*

        impl Request {
            /// The system's id.
            pub fn system_id(&self) -> &'static str {
                match self {
                    $(Request::$variant(_) => $id,)*
                }
            }

            /// The request in its system's words ([`RuleSystem::describe`]).
            pub fn describe(&self) -> String {
                match self {
                    $(Request::$variant(r) => $module::$variant::describe(r),)*
                }
            }

            /// Check every field against the system's rules.
            pub fn validate(&self) -> Result<(), RequestError> {
                match self {
                    $(Request::$variant(r) => $module::$variant::validate(r),)*
                }
            }

            /// Validate, then roll with a generator seeded from `seed`; the roll records the seed.
            pub fn roll(&self, seed: u64) -> Result<Roll, RequestError> {
                match self {
                    $(Request::$variant(r) => roll_seeded::<$module::$variant>(r, seed),)*
                }
            }

            /// Validate, then compute the exact odds of every outcome and event.
            pub fn odds(&self) -> Result<Odds, RequestError> {
                match self {
                    $(Request::$variant(r) => $module::$variant::odds(r),)*
                }
            }

            /// Validate, then compute the exact distribution of the total a roll of this request reports
            /// ([`RuleSystem::total_dist`]), in the roll's own numbers.
            pub fn total_dist(&self) -> Result<TotalDist, RequestError> {
                match self {
                    $(Request::$variant(r) => $module::$variant::total_dist(r)
                        .map(|d| TotalDist::from_dist(&d, <$module::$variant as RuleSystem>::TOTAL_STEP)),)*
                }
            }

            /// The luck of a roll of this request whose total ([`Summary::total`]) is `total`, or why it has none
            /// ([`crate::luck`]).
            pub fn luck(&self, total: f64) -> Result<Luck, NotComputed> {
                self.total_dist().map_err(|e| e.to_string())?.luck(total)
            }

            /// Who is the favourite, and by how much, if this request is a contest ([`RuleSystem::contest`]).
            pub fn contest(&self) -> Option<Result<Contest, RequestError>> {
                match self {
                    $(Request::$variant(r) => $module::$variant::contest(r),)*
                }
            }

            /// [`Request::contest`] read from this request's odds already computed ([`RuleSystem::contest_given`]).
            pub fn contest_given(&self, odds: &Odds) -> Option<Result<Contest, RequestError>> {
                match self {
                    $(Request::$variant(r) => $module::$variant::contest_given(r, odds),)*
                }
            }

            /// The outcome names of this request's system, best first.
            pub fn outcomes(&self) -> &'static [&'static str] {
                match self {
                    $(Request::$variant(_) => <$module::$variant as RuleSystem>::OUTCOMES,)*
                }
            }
        }

        impl Roll {
            /// What every system reports alike.
            pub fn summary(&self) -> Summary {
                match self {
                    $(Roll::$variant(r) => $module::$variant::summary(r),)*
                }
            }

            /// The seed that produced this roll.
            pub fn seed(&self) -> u64 {
                match self {
                    $(Roll::$variant(r) => r.seed,)*
                }
            }

            /// The system's id.
            pub fn system_id(&self) -> &'static str {
                match self {
                    $(Roll::$variant(_) => $id,)*
                }
            }

            /// Whether this roll may be pushed ([`RuleSystem::can_push`]).
            pub fn can_push(&self) -> bool {
                match self {
                    $(Roll::$variant(r) => $module::$variant::can_push(r),)*
                }
            }
        }

        /// An outcome or event `name` of the system `system_id` in words, as every screen, History, exports and
        /// the CLI show it ([`RuleSystem::words`]); a name of no system (a Tray roll's `total`) reads as itself,
        /// spaced and capitalised ([`plain_words`]).
        pub fn words(system_id: &str, name: &str) -> String {
            match system_id {
                $($id => $module::$variant::words(name),)*
                _ => plain_words(name),
            }
        }

        /// The number the outcome of a roll of `system_id` was read from, named and written as the system does
        /// ([`RuleSystem::TOTAL`], [`RuleSystem::total_words`]): `("Hits", "2")`, `("Success level", "−1½")`; a
        /// roll of no system (the Tray's) has a `("Total", ...)`.
        pub fn total_words(system_id: &str, total: f64) -> (&'static str, String) {
            match system_id {
                $($id => (<$module::$variant as RuleSystem>::TOTAL, $module::$variant::total_words(total)),)*
                _ => ("Total", number_words(total)),
            }
        }

        /// What serde derives for [`Request`] (named alike, as messages name it): `tagged.rs`'s tests compare
        /// every message with it.
        #[cfg(test)]
        pub(crate) mod derived {
            use super::*;

            #[derive(Debug, Serialize, Deserialize)]
            #[serde(tag = "system")]
            pub enum Request {
                $(#[serde(rename = $id)] $variant(<$module::$variant as RuleSystem>::Request),)*
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::systems::{system, total_words, words, Request, SYSTEMS, SYSTEM_IDS};

    /// One plain request of every system, in [`SYSTEM_IDS`] order.
    const REQUESTS: [&str; 5] = [
        r#"{"system":"24-system","rank":3,"dc":15}"#,
        r#"{"system":"remedy","dice":"1d20","dc":10,"opponent":null}"#,
        r#"{"system":"total-effect"}"#,
        r#"{"system":"ruina-imperii","skill":3,"difficulty":1}"#,
        r#"{"system":"hack-and-slash","opponents":[1]}"#,
    ];

    #[test]
    fn every_request_reads_in_its_systems_words() {
        let said = |json: &str| Request::from_json(json).unwrap().describe();
        assert_eq!(
            said(r#"{"system":"24-system","rank":6,"dc":15,"pushed":true}"#),
            "rank 6: 2d6+12 vs DC 13 (pushed)",
            "a push faces the pushed DC"
        );
        assert_eq!(said(r#"{"system":"remedy","dice":"1d20▲","ability":3,"dc":15}"#), "1d20▲ vs DC 15 (Hard)");
        assert_eq!(
            said(r#"{"system":"total-effect","advantage":1,"escalation":2,"modifier":-1}"#),
            "4d6 keep highest 3, Escalation 2, -1"
        );
        assert_eq!(
            said(r#"{"system":"ruina-imperii","skill":4,"risk":1,"difficulty":2}"#),
            "4 skill dice, Risk 1 against difficulty 2"
        );
        assert_eq!(
            said(r#"{"system":"ruina-imperii","skill":4,"risk":1,"explode":5,"difficulty":2,"fortune":true}"#),
            "4 skill dice, Risk 1, Explode 5 against difficulty 2, 1 Fortune spent"
        );
        assert_eq!(
            said(r#"{"system":"ruina-imperii","skill":2,"risk":0,"difficulty":1,"fortune":"scene"}"#),
            "2 skill dice, Risk 0 against difficulty 1, Fortune spent for the scene"
        );
        assert_eq!(said(r#"{"system":"hack-and-slash","bonus":-1.5,"difficulty":2}"#), "d6 −1½ against d6 2");
        for json in
            [r#"{"system":"24-system","rank":3,"dc":15,"attack":true}"#, r#"{"system":"remedy","dice":"1d20","dc":12}"#]
        {
            let words = said(json);
            assert!(!words.contains('{') && !words.contains('_') && !words.contains("dc "), "no field names: {words}");
        }
    }

    #[test]
    fn every_outcome_and_event_of_every_system_has_its_own_words() {
        for (id, json) in SYSTEM_IDS.iter().zip(REQUESTS) {
            let request = Request::from_json(json).unwrap();
            assert_eq!(request.system_id(), *id);
            let odds = request.odds().unwrap();
            let listed = system(id).unwrap().words;
            for c in odds.outcomes.iter().chain(&odds.events) {
                let said = words(id, &c.name);
                assert!(
                    listed.iter().any(|(name, w)| *name == c.name && *w == said),
                    "{id}: `{}` is not listed",
                    c.name
                );
                assert!(!said.contains('_') && said != c.name, "{id}: `{}` reads `{said}`", c.name);
            }
        }
    }

    #[test]
    fn the_list_gives_ids_names_and_words_in_one_order() {
        assert_eq!(SYSTEMS.map(|s| s.id), SYSTEM_IDS);
        assert_eq!(SYSTEMS.map(|s| s.name), ["24-System", "Remedy", "Total//Effect", "Ruina Imperii", "Hack & Slash"]);
        assert_eq!(words("24-system", "legendary"), "Legendary Success");
        assert_eq!(words("total-effect", "9+"), "Band 9+");
        assert_eq!(words("tray", "total"), "Total");
        assert_eq!(words("24-system", "some_new_event"), "Some new event");
        assert!(system("chess").is_none());
        assert_eq!(total_words("ruina-imperii", 2.0), ("Hits", "2".to_string()));
        assert_eq!(total_words("24-system", 17.0), ("Total", "17".to_string()));
        assert_eq!(total_words("tray", 2.5), ("Total", "2.5".to_string()));
        assert_eq!(total_words("tray", -3.0), ("Total", "−3".to_string()));
        for (halves, said) in [(-1.5, "−1½"), (-0.5, "−½"), (2.5, "2½"), (-3.0, "−3"), (0.0, "0")] {
            assert_eq!(total_words("hack-and-slash", halves), ("Success level", said.to_string()));
        }
    }
}
