//! The mock's outbound HTTP (`http::send`).

use super::State;
use crate::Error;

impl State {
    /// One outbound request: recorded, then answered by the stub, or
    /// refused as an ungranted origin is.
    pub(crate) fn http(
        &mut self,
        request: &crate::http::Request,
    ) -> Result<crate::http::Response, Error> {
        self.requests.push(request.clone());
        match &self.http {
            Some(stub) => stub(request),
            None => Err(crate::http::refused(request, "HttpRequestDenied")),
        }
    }
}
