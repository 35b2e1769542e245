//! The `gemstone` image backend's wiring: a stone's sessions for the broker.

use std::sync::Arc;

use gs_broker::ImageSessionFactory;
use gs_config::GemStoneSettings;

use super::Failure;

/// The sessions of the stone `settings` names.
pub fn factory(settings: &GemStoneSettings) -> Result<Arc<dyn ImageSessionFactory>, Failure> {
    Err(Failure::config(format!(
        "`image.backend`: the `gemstone` backend (stone {}) is not wired into this build yet; \
         use `backend = \"embedded\"`",
        settings.stone
    )))
}
