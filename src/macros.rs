//! Declaration macros: a knob's value set, a knob group, and the search counters, each written once.

/// An enum whose values are words in TOML, with their list (`NAMES`) derived from the same lines.
///
/// ```text
/// choice_enum! {
///     /// What the transposition table is used for.
///     pub enum TtMode {
///         /// No table.
///         Off = "off",
///     }
/// }
/// ```
#[macro_export]
macro_rules! choice_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( #[doc = $doc:literal] $variant:ident = $text:literal ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( #[doc = $doc] #[serde(rename = $text)] $variant ),*
        }

        impl $name {
            /// Every value as written in TOML, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($text),*];
        }

        impl std::str::FromStr for $name {
            type Err = String;

            /// The value a word names, read as serde reads it from TOML; else the words it may be.
            fn from_str(text: &str) -> Result<Self, String> {
                use serde::de::value::{Error, StrDeserializer};
                <Self as serde::Deserialize>::deserialize(StrDeserializer::<Error>::new(text))
                    .map_err(|_| format!("expected {}", Self::NAMES.join(" | ")))
            }
        }
    };
}

/// The first of its literals: a knob's own step, else its group's.
#[macro_export]
macro_rules! first_literal {
    ($first:literal $($rest:literal)*) => {
        $first
    };
}

/// A group of knobs under one TOML table: the struct, its defaults and its `KNOBS` descriptors,
/// all from one line per knob: `/// meaning` then `name: Type = default, Domain, Kind;`, or
/// `..., Kind, step "N";` where the knob acts in another step of the search than its group's.
/// `nested { ... }` adds sub-tables (other groups) after the knobs.
#[macro_export]
macro_rules! knob_group {
    (
        $(#[$meta:meta])*
        pub struct $name:ident ($prefix:literal, step $group_step:literal) {
            $(
                #[doc = $doc:literal]
                $field:ident : $ty:ty = $default:expr, $domain:expr, $kind:expr $(, step $step:literal)?;
            )*
        }
        $( nested { $( #[doc = $gdoc:literal] $(#[$gattr:meta])* $gfield:ident : $gty:ident ),* $(,)? } )?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields, default)]
        pub struct $name {
            $( #[doc = $doc] pub $field: $ty, )*
            $( $( #[doc = $gdoc] $(#[$gattr])* pub $gfield: $gty, )* )?
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $( $field: $default, )*
                    $( $( $gfield: <$gty>::default(), )* )?
                }
            }
        }

        impl $name {
            /// This group's own knobs, in declaration order (sub-tables declare theirs).
            pub const KNOBS: &'static [$crate::config::descriptor::Knob] = &[
                $( $crate::config::descriptor::Knob {
                    key: concat!($prefix, stringify!($field)),
                    meaning: $doc.trim_ascii(),
                    domain: $domain,
                    kind: $kind,
                    step: $crate::first_literal!($($step)? $group_step),
                } ),*
            ];

            /// This group's knobs, then its sub-tables' in order.
            pub fn all_knobs() -> Vec<&'static $crate::config::descriptor::Knob> {
                #[allow(unused_mut)]
                let mut all: Vec<&'static $crate::config::descriptor::Knob> = Self::KNOBS.iter().collect();
                $( $( all.extend(<$gty>::all_knobs()); )* )?
                all
            }

            /// The knob declared under `key`, here or in a sub-table, found without listing
            /// them all (a config's every key asks).
            pub fn find_knob(key: &str) -> Option<&'static $crate::config::descriptor::Knob> {
                if let Some(knob) = Self::KNOBS.iter().find(|k| k.key == key) {
                    return Some(knob);
                }
                $( $( if let Some(knob) = <$gty>::find_knob(key) {
                    return Some(knob);
                } )* )?
                None
            }
        }
    };
}

/// The search counters: the struct, `since`, and the column names and meanings, from one line
/// per counter: `/// meaning` then `name: sum` (added up) or `name: max` (the deepest value).
#[macro_export]
macro_rules! counters {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( #[doc = $doc:literal] $field:ident : $merge:ident ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub struct $name {
            $( #[doc = $doc] pub $field: u64, )*
        }

        impl $name {
            /// Every counter's name (its CSV column), in declaration order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];
            /// Every counter's meaning, in the same order.
            pub const MEANINGS: &'static [&'static str] = &[$($doc.trim_ascii()),*];

            /// The counts accumulated since `earlier` (a `max` counter keeps the later value).
            pub fn since(&self, earlier: &$name) -> $name {
                $name { $( $field: $crate::counters!(@since $merge, self.$field, earlier.$field), )* }
            }

            /// The counter called `name`.
            pub fn get(&self, name: &str) -> Option<u64> {
                match name {
                    $( stringify!($field) => Some(self.$field), )*
                    _ => None,
                }
            }

            /// Sets the counter called `name`; false when there is none.
            pub fn set(&mut self, name: &str, value: u64) -> bool {
                match name {
                    $( stringify!($field) => { self.$field = value; true } )*
                    _ => false,
                }
            }
        }
    };
    (@since sum, $now:expr, $then:expr) => { $now - $then };
    (@since max, $now:expr, $then:expr) => { $now };
}
