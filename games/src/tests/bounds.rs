//! `engine::bounds` on a real problem's limits.

use engine::bounds::{reached, render, Reached};

use crate::CATALOG;

#[test]
fn each_limit_is_measured_and_a_missed_one_is_flagged() {
    let nim = CATALOG.problem("nim").unwrap();
    // Two cases: 3 piles up to 7, then 1 pile of 2.
    let all = reached(nim, ["2\n3\n1 7 5\n1\n2\n"].into_iter());
    let t = all.iter().find(|r| r.field == "T").unwrap();
    assert_eq!(t.largest, Some(2));
    assert!(!t.reached());
    let a = all.iter().find(|r| r.field == "a").unwrap();
    assert_eq!(a.largest, Some(7));
    let text = render(&all);
    assert!(
        text.contains("a <= ") && text.contains("largest 7: BOUND NOT REACHED"),
        "{text}"
    );
    let full = Reached {
        field: "n",
        limit: 5,
        largest: Some(5),
    };
    assert!(full.reached());
    assert!(render(&[full]).contains("n <= 5: reached"));
}
