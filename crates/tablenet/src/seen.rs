//! A bounded "seen before" set: relay event ids and table messages' hashes, so a copy arriving by another relay or
//! by the other path is dropped. The oldest entries are forgotten first; by then no copy of them is still travelling.

use std::collections::{HashSet, VecDeque};

pub struct Seen<T> {
    order: VecDeque<T>,
    set: HashSet<T>,
    cap: usize,
}

impl<T: Clone + Eq + std::hash::Hash> Seen<T> {
    pub fn new(cap: usize) -> Seen<T> {
        Seen { order: VecDeque::new(), set: HashSet::new(), cap }
    }

    pub fn contains(&self, item: &T) -> bool {
        self.set.contains(item)
    }

    /// Remembers `item`; true if it was new.
    pub fn insert(&mut self, item: T) -> bool {
        if !self.set.insert(item.clone()) {
            return false;
        }
        self.order.push_back(item);
        if self.order.len() > self.cap {
            if let Some(old) = self.order.pop_front() {
                self.set.remove(&old);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    #[test]
    fn remembers_up_to_its_capacity_then_forgets_the_oldest() {
        let mut s = Seen::new(2);
        assert!(s.insert(1));
        assert!(!s.insert(1));
        assert!(s.insert(2));
        assert!(s.insert(3));
        assert!(!s.contains(&1));
        assert!(s.contains(&2) && s.contains(&3));
        assert!(s.insert(1));
    }
}
