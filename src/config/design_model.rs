//! Which terms a design's games are fitted with (`[design] model = ...`), read by
//! `stats::design_fit::terms_of`.

crate::choice_enum! {
    /// The terms of a design's model. The two-step model is the factorial texts': what it
    /// misses (interactions of three steps or more) is read as dispersion, which widens every
    /// interval. The saturated model fits one term more for each of the fraction's other alias
    /// classes, up to as many terms as points: its main effects and two-step interactions are
    /// the same contrasts, but what the two-step model misses is fitted, not read as
    /// dispersion, so their intervals come from the pairs' own spread.
    pub enum DesignModel {
        /// Main effects and every two-step interaction the fraction leaves estimable.
        TwoStep = "two-step",
        /// Those, and a term for each alias class left (three steps or more).
        Saturated = "saturated",
    }
}

impl DesignModel {
    /// The default: what `[design]` without `model` means, and what manifests written before
    /// the key existed hold.
    pub fn two_step() -> Self {
        DesignModel::TwoStep
    }

    /// The default, which manifests written before the key existed hold.
    pub fn is_two_step(&self) -> bool {
        *self == DesignModel::TwoStep
    }
}
