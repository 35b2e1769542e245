//! Persistent application objects: reading them from the session's view,
//! allocating ids, and storing new states of them.

use std::sync::Arc;

use crate::error::{ImageError, Result};
use crate::model::{ClassId, ObjectId, ObjectValue, StoredObject};
use crate::state::Key;

use super::{Session, budget};

impl Session {
    /// The persistent object `id` as this session's view (with its own
    /// uncommitted stores) holds it.
    pub fn object(&self, id: ObjectId) -> Option<&StoredObject> {
        self.state.objects.get(&id).map(|o| o.as_ref())
    }

    /// How many persistent objects this session's view holds.
    pub fn object_count(&self) -> usize {
        self.state.objects.len()
    }

    /// A new object id, never handed out before in this image. An id taken
    /// by a session that never stores it (or aborts) is simply skipped.
    pub fn new_object_id(&self) -> ObjectId {
        self.image.allocate_object_id()
    }

    /// True for a stored value that reads as nil because what it names is
    /// gone from this view: an object the image lacks, an instance of a
    /// class it no longer has, such a class, a dictionary since removed.
    /// Reading one back as nil changes nothing (an image an earlier build
    /// wrote may hold such references).
    pub fn reads_as_nil(&self, value: &ObjectValue) -> bool {
        match value {
            ObjectValue::Object(id) => self
                .state
                .objects
                .get(id)
                .is_none_or(|o| !self.state.classes.contains_key(&o.class)),
            ObjectValue::Class(id) | ObjectValue::Metaclass(id) => {
                !self.state.classes.contains_key(id)
            }
            ObjectValue::Dictionary(name) => !self.state.dictionaries.contains_key(name),
            _ => false,
        }
    }

    /// Stores `object` as persistent object `id` (new, or a new state of
    /// an existing one). Storing exactly what the view already holds is
    /// not a change, so it neither commits nor conflicts. Two sessions
    /// storing the same object conflict at the second commit, as for code.
    /// Refused when the object's class does not exist in this view.
    pub fn store_object(&mut self, id: ObjectId, object: StoredObject) -> Result<()> {
        if !self.state.classes.contains_key(&object.class) {
            return Err(ImageError::NotFound(format!(
                "object #{}: no class with id {} in this view; store instances of existing \
                 classes",
                id.0, object.class.0
            )));
        }
        if object.names.len() != object.named.len() {
            return Err(ImageError::InvalidArgument(format!(
                "object #{}: {} instance variable names but {} values; give one value per name",
                id.0,
                object.names.len(),
                object.named.len()
            )));
        }
        // An object of a reshaped class that the caller only read comes
        // back migrated: it is no change, and writing it would make every
        // reader's commit carry (and conflict over) the same objects.
        if self
            .state
            .objects
            .get(&id)
            .is_some_and(|o| o.reads_as_with(&object, &|v| self.reads_as_nil(v)))
        {
            return Ok(());
        }
        // The interpreter's heap budget does not bound this: it holds
        // live objects, while the session keeps every object written back
        // after each call, reachable or not, until commit or abort.
        let key = Key::Object(id);
        let bytes = budget::object_bytes(&object);
        self.check_replace("store an object", &key, bytes, 0)?;
        self.state.put_object(id, Some(Arc::new(object)));
        self.write(key.clone());
        self.count_replace(key, bytes, 0);
        Ok(())
    }

    /// The stored instances of `classes` that still carry values of the
    /// instance variables `added` from before those variables were
    /// removed, with those values dropped. An object migrates by name only
    /// when it is next stored, so one never stored since a variable was
    /// removed still holds its value, and the variable's return must not
    /// bring that value back: a removed variable is gone, as it is for an
    /// instance stored since.
    pub(super) fn without_removed_values(
        &self,
        classes: &[ClassId],
        added: &[String],
    ) -> Vec<(ObjectId, StoredObject)> {
        if added.is_empty() {
            return Vec::new();
        }
        let carries = |o: &StoredObject| {
            classes.contains(&o.class) && o.names.iter().any(|n| added.contains(n))
        };
        self.state
            .objects
            .iter()
            .filter(|(_, o)| carries(o))
            .map(|(id, o)| {
                let (names, named) = o
                    .names
                    .iter()
                    .zip(&o.named)
                    .filter(|(n, _)| !added.contains(n))
                    .map(|(n, v)| (n.clone(), v.clone()))
                    .unzip();
                let stripped = StoredObject {
                    names,
                    named,
                    ..StoredObject::clone(o)
                };
                (*id, stripped)
            })
            .collect()
    }

    /// The bytes storing `objects` adds to the session's uncommitted count.
    pub(super) fn storing_bytes(&self, objects: &[(ObjectId, StoredObject)]) -> usize {
        objects
            .iter()
            .map(|(id, o)| self.replacing(&Key::Object(*id), budget::object_bytes(o)))
            .sum()
    }

    /// Stores `objects`, whose bytes [`Session::storing_bytes`] counted and
    /// the budget let through.
    pub(super) fn put_objects(&mut self, objects: Vec<(ObjectId, StoredObject)>) {
        for (id, object) in objects {
            let key = Key::Object(id);
            let bytes = budget::object_bytes(&object);
            self.state.put_object(id, Some(Arc::new(object)));
            self.write(key.clone());
            self.count_replace(key, bytes, 0);
        }
    }
}
