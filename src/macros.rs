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

/// A group of knobs under one TOML table: the struct, its defaults, its `KNOBS` descriptors and
/// its layer, all from one line per knob: `/// meaning` then `name: Type = default, Domain,
/// Kind;`, or `..., Kind, step "N";` where the knob acts in another step of the search than its
/// group's. `nested { ... }` adds sub-tables (other groups) after the knobs.
///
/// The layer (`layer OrderingLayer`) is what one table of a config sets of the group, typed: each
/// knob an `Option` of its own type, as Cargo's manifest types a profile that may leave any key
/// to the profile it inherits. A config's tables are read into layers once, and resolving lays
/// them over the defaults in order (`apply`), or one over another (`merge`).
#[macro_export]
macro_rules! knob_group {
    (
        $(#[$meta:meta])*
        pub struct $name:ident ($prefix:literal, step $group_step:literal, layer $layer:ident) {
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

        #[doc = concat!("What one table of a config sets of `", stringify!($name), "`: each knob it leaves to the layers below `None`.")]
        #[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $layer {
            $( #[doc = $doc] #[serde(default, skip_serializing_if = "Option::is_none")] pub $field: Option<$ty>, )*
            $( $( #[doc = $gdoc] #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $gfield: Option<<$gty as $crate::config::descriptor::KnobGroup>::Layer>, )* )?
        }

        impl $crate::config::descriptor::KnobGroup for $name {
            type Layer = $layer;
        }

        impl $layer {
            /// Sets in `config` every knob this layer sets.
            pub fn apply(&self, config: &mut $name) {
                $( if let Some(value) = &self.$field {
                    config.$field = value.clone();
                } )*
                $( $( if let Some(layer) = &self.$gfield {
                    layer.apply(&mut config.$gfield);
                } )* )?
            }

            /// Lays `over` on this layer: every knob `over` sets is set as it says.
            pub fn merge(&mut self, over: &$layer) {
                $( if over.$field.is_some() {
                    self.$field = over.$field.clone();
                } )*
                $( $( if let Some(layer) = &over.$gfield {
                    self.$gfield.get_or_insert_with(Default::default).merge(layer);
                } )* )?
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
