//! Shared helpers for the rules tests: ASCII diagrams with a marked point.

#![allow(dead_code)]

use gomoku_rules::{Board, Pos, parse_ascii};

/// Parses `diagram` (rows of `X` black, `O` white, `.` empty and one `*`, the point under
/// test). A diagram smaller than 15×15 is placed in the middle of an empty 15×15 board, far
/// from the edges; a 15-row diagram is the whole board.
pub fn diagram(diagram: &str) -> (Board, Pos) {
    let rows: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let h = rows.len();
    let w = rows.iter().map(Vec::len).max().unwrap();
    let (ox, oy) = ((15 - w) / 2, (15 - h) / 2);
    let mut grid = vec![vec!['.'; 15]; 15];
    let mut star = None;
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let (gx, gy) = (x + ox, y + oy);
            if c == '*' {
                star = Some(Pos::new(gx as u8, gy as u8));
                grid[gy][gx] = '.';
            } else {
                grid[gy][gx] = c;
            }
        }
    }
    let text: String = grid
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    (
        parse_ascii(&text).expect("valid diagram"),
        star.expect("diagram has a *"),
    )
}
