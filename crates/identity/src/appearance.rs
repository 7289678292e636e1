//! How someone likes the portal to look, kept with them so that it follows them to any browser.

use std::future::Future;

use anyhow::Result;
use kernel::{Clock, UserId};
use time::OffsetDateTime;

use crate::{IdentityStore, Notifier, PasswordHasher, Principal, SignIn};

choices! {
    /// Light throughout, a dark header and sidebar, or dark throughout.
    ThemeType { Lite = "lite", Semidark = "semidark", Dark = "dark" }
}

choices! {
    /// The primary and secondary colours.
    ColourTheme {
        LightPurple = "light-purple",
        Blue = "blue",
        DarkBlue = "dark-blue",
        Orange = "orange",
        LightBlue = "light-blue",
        DeepOrange = "deep-orange",
    }
}

choices! {
    /// Where the navigation sits and how it opens.
    NavStyle {
        Vertical = "vertical",
        Horizontal = "horizontal",
        Fixed = "fixed",
        Drawer = "drawer",
        Mini = "mini",
        BelowHeader = "below-header",
    }
}

choices! {
    /// How wide the page runs: the whole window, a centred box, or inside a frame.
    LayoutType { Full = "full", Boxed = "boxed", Framed = "framed" }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Appearance {
    pub theme_type: ThemeType,
    pub colour_theme: ColourTheme,
    pub nav_style: NavStyle,
    pub layout_type: LayoutType,
}

/// Each person's saved appearance.
pub trait AppearanceRepository: Clone + Send + Sync + 'static {
    /// What `user` saved last, if anything.
    fn appearance(&self, user: UserId) -> impl Future<Output = Result<Option<Appearance>>> + Send;

    /// Keeps `appearance` as `user`'s, in place of what they saved before.
    fn save_appearance(
        &self,
        user: UserId,
        appearance: Appearance,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<()>> + Send;
}

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// The signed-in person's saved appearance; `None` until they first choose one.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn appearance(&self, who: &Principal) -> Result<Option<Appearance>> {
        self.store().appearance(who.user).await
    }

    /// Keeps the signed-in person's choice for every browser they sign in from.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn save_appearance(&self, who: &Principal, appearance: Appearance) -> Result<()> {
        self.store().save_appearance(who.user, appearance, self.clock().now()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_reads_back_from_its_name() {
        for nav in NavStyle::ALL {
            assert_eq!(NavStyle::parse(nav.as_str()), Some(*nav));
        }
        assert_eq!(ColourTheme::parse("deep-orange"), Some(ColourTheme::DeepOrange));
        assert_eq!(ThemeType::parse("light"), None, "the query parameter's alias is the UI's business");
    }
}
