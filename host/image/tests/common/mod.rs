//! What several of gs-image's tests set up the same way.

use gs_image::{ClassDefinition, Image, RecompilePolicy};

/// Defines the root class `name` in UserGlobals of `image` and commits it.
pub fn commit_root_class(image: &Image, name: &str) {
    let mut s = image.session();
    s.define_class(
        ClassDefinition {
            name: name.into(),
            superclass: None,
            dictionary: "UserGlobals".into(),
            ..ClassDefinition::default()
        },
        RecompilePolicy::default(),
    )
    .unwrap();
    s.commit().unwrap();
}
