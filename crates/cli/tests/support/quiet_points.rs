//! A game that never ends by itself: the points of a board coloured so that no
//! side ever makes a five, for tests that need many moves in one game.

/// Black's and White's points of a `size`x`size` board, coloured by
/// `(col + 2 row) mod 4`, which leaves at most two in a row in every direction.
pub fn quiet_points(size: u8) -> (Vec<String>, Vec<String>) {
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for row in 0..size {
        for col in 0..size {
            let name = format!("{}{}", (b'a' + col) as char, row + 1);
            if (u32::from(col) + 2 * u32::from(row)) % 4 < 2 {
                black.push(name);
            } else {
                white.push(name);
            }
        }
    }
    (black, white)
}
