//! What the router's benchmarks share: the embedded image their broker
//! opens sessions on.

use std::sync::Arc;

use gs_broker::{ImageSessionFactory, SessionOwner};
use gs_embedded::EmbeddedSession;
use gs_toolset::ImageSession;

/// Opens embedded sessions on one image, as the server does.
pub struct Factory(pub gs_image::Image);

impl ImageSessionFactory for Factory {
    fn open(&self) -> Result<Arc<dyn ImageSession>, String> {
        Ok(Arc::new(EmbeddedSession::new(self.0.session())))
    }
    fn opens_at_once(&self) -> bool {
        true
    }
    fn open_as(&self, owner: &SessionOwner) -> Result<Arc<dyn ImageSession>, String> {
        let s = self.0.session_for(&owner.user).map_err(|e| e.to_string())?;
        Ok(Arc::new(EmbeddedSession::new(s)))
    }
}
