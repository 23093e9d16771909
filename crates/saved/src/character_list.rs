//! Operations on the list of characters, free of any UI so they can be unit-tested.

use crate::character::Character;
use crate::clock::{new_id, now_ms};

/// A character taken out of the list, remembered so that Undo can put it back where it was.
#[derive(Clone, Debug, PartialEq)]
pub struct Removed {
    pub index: usize,
    pub character: Character,
    /// Whether it was the Roll screen's active character.
    pub was_active: bool,
}

/// Remove the character `id`; None if there is no such character.
pub fn remove(list: &mut Vec<Character>, id: &str, active: Option<&str>) -> Option<Removed> {
    let index = list.iter().position(|c| c.id == id)?;
    let character = list.remove(index);
    Some(Removed { index, character, was_active: active == Some(id) })
}

/// Put a removed character back in its old place (or at the end if the list has since shrunk). If a character
/// with its id has appeared meanwhile, the restored one gets a fresh id rather than a duplicate id.
pub fn restore(list: &mut Vec<Character>, removed: Removed) -> String {
    let mut character = removed.character;
    if list.iter().any(|c| c.id == character.id) {
        character.id = new_id();
    }
    let id = character.id.clone();
    list.insert(removed.index.min(list.len()), character);
    id
}

/// Copy the character `id` (fresh id, name marked as a copy, new times) and insert the copy right after it.
/// Returns the copy's id.
pub fn duplicate(list: &mut Vec<Character>, id: &str) -> Option<String> {
    let index = list.iter().position(|c| c.id == id)?;
    let mut copy = list[index].clone();
    copy.id = fresh_id(list);
    copy.name = format!("{} (copy)", copy.name);
    let now = now_ms();
    copy.created = now;
    copy.updated = now;
    let copy_id = copy.id.clone();
    list.insert(index + 1, copy);
    Some(copy_id)
}

/// An id no character in `list` has.
pub fn fresh_id(list: &[Character]) -> String {
    loop {
        let id = new_id();
        if !list.iter().any(|c| c.id == id) {
            return id;
        }
    }
}

/// Apply `f` to the character `id` and mark it updated now; false if there is no such character.
pub fn update(list: &mut [Character], id: &str, f: impl FnOnce(&mut Character)) -> bool {
    match list.iter_mut().find(|c| c.id == id) {
        Some(c) => {
            f(c);
            c.updated = now_ms().max(c.updated);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Vec<Character> {
        ["Ann", "Bo", "Cy"].iter().map(|n| Character::new(n, "remedy").unwrap()).collect()
    }

    #[test]
    fn remove_then_restore_puts_the_character_back_in_its_place() {
        let mut list = three();
        let before = list.clone();
        let id = list[1].id.clone();
        let removed = remove(&mut list, &id, Some(&id)).unwrap();
        assert!(removed.was_active);
        assert_eq!(list.len(), 2);
        assert_eq!(restore(&mut list, removed), id);
        assert_eq!(list, before);
        assert!(remove(&mut list, "nope", None).is_none());
    }

    #[test]
    fn restore_never_duplicates_an_id() {
        let mut list = three();
        let first = list[0].id.clone();
        let removed = remove(&mut list, &first, None).unwrap();
        list.push(removed.character.clone());
        let id = restore(&mut list, removed.clone());
        assert_ne!(id, removed.character.id);
        assert_eq!(list[0].name, "Ann");
    }

    #[test]
    fn duplicate_inserts_a_copy_after_the_original_with_a_fresh_id() {
        let mut list = three();
        let id = list[0].id.clone();
        let copy = duplicate(&mut list, &id).unwrap();
        assert_eq!(list.len(), 4);
        assert_eq!(list[1].id, copy);
        assert_ne!(copy, id);
        assert_eq!(list[1].name, "Ann (copy)");
        assert_eq!(list[1].sheet, list[0].sheet);
    }

    #[test]
    fn update_marks_the_character_updated() {
        let mut list = three();
        list[2].updated = 0.0;
        let id = list[2].id.clone();
        assert!(update(&mut list, &id, |c| c.name = "Cyd".into()));
        assert_eq!(list[2].name, "Cyd");
        assert!(list[2].updated > 0.0);
        assert!(!update(&mut list, "nope", |_| {}));
    }
}
