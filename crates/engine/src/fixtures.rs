//! Embedded test and benchmark data (see `data/README.md` for the sources): the bench
//! positions, renju puzzles, quintet VCF/VCT cases and the 15×15 openings (Piskvork's, and
//! the even sets per rule for engine matches).

use gomoku_rules::{Board, Pos, Rule, Stone};

const BENCH: &str = include_str!("../data/rapfi_bench_positions.tsv");
const PUZZLES: &str = include_str!("../data/lfz084_puzzles.tsv");
const OPENINGS_15: &str = include_str!("../data/piskvork_openings_15x15_offset.txt");
const EVEN_FREESTYLE: &str = include_str!("../data/even_openings_freestyle.txt");
const EVEN_RENJU: &str = include_str!("../data/even_openings_renju.txt");
const QUINTET: [(&str, &str); 10] = [
    (
        "vcf_black",
        include_str!("../data/quintet_cases/vcf_black.txt"),
    ),
    (
        "vcf_counter",
        include_str!("../data/quintet_cases/vcf_counter.txt"),
    ),
    (
        "vcf_long",
        include_str!("../data/quintet_cases/vcf_long.txt"),
    ),
    (
        "vcf_white",
        include_str!("../data/quintet_cases/vcf_white.txt"),
    ),
    (
        "vct_black",
        include_str!("../data/quintet_cases/vct_black.txt"),
    ),
    (
        "vct_black_long",
        include_str!("../data/quintet_cases/vct_black_long.txt"),
    ),
    (
        "vct_dual_forbiddens",
        include_str!("../data/quintet_cases/vct_dual_forbiddens.txt"),
    ),
    (
        "vct_forbidden_breaker",
        include_str!("../data/quintet_cases/vct_forbidden_breaker.txt"),
    ),
    (
        "vct_game_black_l05_1",
        include_str!("../data/quintet_cases/vct_game_black_l05_1.txt"),
    ),
    (
        "vct_game_white_l05_2",
        include_str!("../data/quintet_cases/vct_game_white_l05_2.txt"),
    ),
];

/// Parses renju notation points (`H8`, `J12`): letter = column from `A`, number = rank from
/// the bottom, so y = size - rank.
pub fn parse_renju_points(text: &str, size: usize) -> Result<Vec<Pos>, String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() || c == b',' {
            i += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(format!("unexpected {:?}", char::from(c)));
        }
        let x = usize::from(c.to_ascii_uppercase() - b'A');
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let rank: usize = text[start..i]
            .parse()
            .map_err(|_| format!("no rank after {}", char::from(c)))?;
        if x >= size || rank == 0 || rank > size {
            return Err(format!("{}{rank} is off the board", char::from(c)));
        }
        out.push(Pos::new(x as u8, (size - rank) as u8));
    }
    Ok(out)
}

/// A fixed-depth benchmark position.
#[derive(Clone, Debug)]
pub struct BenchPosition {
    pub rule: Rule,
    pub size: usize,
    pub depth: u32,
    pub moves: Vec<Pos>,
}

/// The benchmark positions (all of `rapfi_bench_positions.tsv`).
#[must_use]
pub fn bench_positions() -> Vec<BenchPosition> {
    BENCH
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let rule = match *f.first()? {
                "freestyle" => Rule::Freestyle,
                "standard" => Rule::Standard,
                "renju" => Rule::Renju,
                _ => return None,
            };
            let size: usize = f.get(1)?.parse().ok()?;
            let depth = f.get(2)?.parse().ok()?;
            let moves = gomoku_rules::notation::pos::parse_points(f.get(3)?, size).ok()?;
            Some(BenchPosition {
                rule,
                size,
                depth,
                moves,
            })
        })
        .collect()
}

/// A renju puzzle: the side to move has a forced win of the kind given by `mode`.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// 32 = VCF, 64 = VCT, 67 = win in 3 (the attacker's third move makes five).
    pub mode: u32,
    pub side: Stone,
    pub board: Board,
    pub source: String,
}

/// The lfz084 renju puzzles of modes 32, 64 and 67 (those whose position is consistent).
#[must_use]
pub fn puzzles() -> Vec<Puzzle> {
    PUZZLES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let mode = f.first()?.parse().ok()?;
            let side = if *f.get(1)? == "1" {
                Stone::Black
            } else {
                Stone::White
            };
            let size: usize = f.get(2)?.parse().ok()?;
            let mut board = Board::new(size);
            for (stones, stone) in [(f.get(3)?, Stone::Black), (f.get(4)?, Stone::White)] {
                for p in parse_renju_points(stones, size).ok()? {
                    if board.get(p).is_some() {
                        return None;
                    }
                    board.set(p, Some(stone));
                }
            }
            Some(Puzzle {
                mode,
                side,
                board,
                source: f.get(5)?.to_string(),
            })
        })
        .collect()
}

/// A quintet case: `attacker` to move wins by VCF / VCT; `expect` is a proven line.
#[derive(Clone, Debug)]
pub struct QuintetCase {
    pub name: &'static str,
    pub mode: String,
    pub attacker: Stone,
    pub expect: Vec<Pos>,
    pub board: Board,
}

/// The ten quintet cases (renju, 15×15; `o` = black, `x` = white).
#[must_use]
pub fn quintet_cases() -> Vec<QuintetCase> {
    QUINTET
        .iter()
        .map(|&(name, text)| {
            let mut mode = String::new();
            let mut attacker = Stone::Black;
            let mut expect = Vec::new();
            let mut board = Board::new(15);
            let mut rows = Vec::new();
            let mut in_board = false;
            for line in text.lines() {
                if in_board {
                    if !line.trim().is_empty() {
                        rows.push(line);
                    }
                } else if let Some(v) = line.strip_prefix("mode:") {
                    mode = v.trim().to_string();
                } else if let Some(v) = line.strip_prefix("attacker:") {
                    attacker = if v.trim() == "o" {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                } else if let Some(v) = line.strip_prefix("expect:") {
                    expect = parse_renju_points(v, 15).expect("quintet expect line");
                } else if line.starts_with("board:") {
                    in_board = true;
                }
            }
            for (y, row) in rows.iter().enumerate() {
                for (x, c) in row.split_whitespace().enumerate() {
                    let stone = match c {
                        "o" => Some(Stone::Black),
                        "x" => Some(Stone::White),
                        _ => None,
                    };
                    board.set(Pos::new(x as u8, y as u8), stone);
                }
            }
            QuintetCase {
                name,
                mode,
                attacker,
                expect,
                board,
            }
        })
        .collect()
}

/// Parses an offset openings file (`dx,dy, dx,dy, ...` from the centre, one opening a line)
/// for a board of side `size`. Lines that do not fit are skipped.
#[must_use]
pub fn parse_offset_openings(text: &str, size: usize) -> Vec<Vec<Pos>> {
    let half = (size / 2) as i32;
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let nums: Vec<i32> = l
                .split(',')
                .map(|t| t.trim().parse::<i32>())
                .collect::<Result<_, _>>()
                .ok()?;
            if !nums.len().is_multiple_of(2) {
                return None;
            }
            nums.chunks(2)
                .map(|c| {
                    let (x, y) = (c[0] + half, c[1] + half);
                    (x >= 0 && y >= 0 && x < size as i32 && y < size as i32)
                        .then(|| Pos::new(x as u8, y as u8))
                })
                .collect()
        })
        .collect()
}

/// The 40 balanced 15×15 openings of Piskvork.
#[must_use]
pub fn openings_15() -> Vec<Vec<Pos>> {
    parse_offset_openings(OPENINGS_15, 15)
}

/// 50 15×15 openings of 3–5 stones that a sparring engine rates close to even under `rule`
/// (see `data/README.md`): a match on them is decided by play rather than by the colour.
/// Standard (exactly five) uses the freestyle set.
#[must_use]
pub fn even_openings(rule: Rule) -> Vec<Vec<Pos>> {
    let text = match rule {
        Rule::Renju => EVEN_RENJU,
        Rule::Freestyle | Rule::Standard => EVEN_FREESTYLE,
    };
    parse_offset_openings(text, 15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_rules::{ForbiddenPolicy, GameRecord};

    #[test]
    fn even_openings_are_legal_unfinished_games() {
        for rule in Rule::ALL {
            let openings = even_openings(rule);
            assert_eq!(openings.len(), 50, "{rule}");
            for o in openings {
                assert!((3..=5).contains(&o.len()), "{o:?}");
                let mut record = GameRecord::new(rule, 15).with_policy(ForbiddenPolicy::Lose);
                for &p in &o {
                    record
                        .play(p)
                        .unwrap_or_else(|e| panic!("{rule} {o:?}: {e}"));
                }
                assert!(!record.is_over(), "{rule} {o:?}");
            }
        }
    }

    #[test]
    fn data_loads() {
        assert_eq!(bench_positions().len(), 10);
        assert_eq!(quintet_cases().len(), 10);
        assert_eq!(openings_15().len(), 40);
        let p = puzzles();
        assert!(p.len() > 4500, "{}", p.len());
        assert_eq!(parse_renju_points("H8", 15).unwrap(), vec![Pos::new(7, 7)]);
        assert_eq!(parse_renju_points("A15", 15).unwrap(), vec![Pos::new(0, 0)]);
    }
}
