//! The browsing family end to end, through the real server: a class
//! exported by a client and filed into a fresh image makes the same class.
//!
//! Every other browsing check — each tool's `structuredContent`, text and
//! errors, aliases, global values, read-only sessions — is a case in
//! `cases/browsing.json`, run without HTTP by `tool_cases.rs`. This file
//! keeps the one check that leaves the API: the exported source is filed
//! into a second image and the class read back there.

mod common;

use common::{Client, start};
use serde_json::json;

#[test]
fn export_class_source_is_a_topaz_file_in_that_recreates_the_class() {
    let server = start(false);
    let mut c = Client::connect(&server);
    let answer = c.call("export_class_source", json!({"className": "Account"}));
    let s = answer.ok();
    assert_eq!(s["className"], "Account");
    let source = s["source"].as_str().unwrap();
    // Filed into a fresh image, it makes the same class.
    let dir = tempfile::tempdir().unwrap();
    let image = gs_image::Image::open(dir.path().join("copy.gsimage")).unwrap();
    let mut session = image.session();
    session.add_dictionary("Bank").unwrap();
    session
        .set_symbol_list(&["Bank", "UserGlobals", "Globals", "Published"])
        .unwrap();
    let report = gs_image::filein::file_in_text(&mut session, "Account.gs", source);
    assert!(report.is_clean(), "{report:?}");
    let copy = session.class("Account").unwrap();
    assert_eq!(copy.comment, "A bank account holding a balance.");
    assert_eq!(copy.definition.inst_vars, ["balance", "owner"]);
    assert_eq!(
        session
            .method_source("Account", gs_image::Side::Class, "owner:")
            .unwrap(),
        "owner: aString\n\t^ self new setOwner: aString"
    );
}
