//! SGF game files with `GM[4]` (gomoku). Reads the main line (the first variation at every
//! branch) with `SZ`, `RU`, `PB`, `PW`, `RE` and the `B`/`W` moves; writes the same.
//! Coordinates are two letters, column then row, from the top-left (`aa`).
//!
//! Opening rules use this program's own properties (SGF allows private ones; other readers
//! skip them): in the root `OPENING[free|swap|rif|soosorv8|swap2]` and
//! `NIGIRI[<stones> odd|even]`; on the node of the move after which a decision was made,
//! `SWAP[yes|no]`, `FIFTHS[n]` (declared number), `OFFER[pt][pt]…` (the offered fifth
//! moves), `SWAPCHOICE[black|white|two]` and `COLOUR[B|W]`, in the order they were made. The
//! chosen fifth move is the ordinary `B` move that follows the offer.

use super::replay;
use crate::board::{DEFAULT_SIZE, Pos, Stone};
use crate::error::FormatError;
use crate::opening::{Decision, Nigiri, OpeningError, OpeningRule, Phase, Swap2Choice};
use crate::record::{GameRecord, Move, Outcome, Reason};
use crate::rules::Rule;

const FORMAT: &str = "SGF";

/// A game read from SGF, with the player names it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfGame {
    pub record: GameRecord,
    pub black: Option<String>,
    pub white: Option<String>,
}

type Node = Vec<(String, Vec<String>)>;

/// Reads an SGF game. `default_rule` applies when the file has no (known) `RU` property.
pub fn read(text: &str, default_rule: Rule) -> Result<SgfGame, FormatError> {
    let nodes = parse_main_line(text)?;
    let root = nodes
        .first()
        .ok_or_else(|| FormatError::syntax(FORMAT, "the game tree has no nodes"))?;
    let prop = |node: &Node, id: &str| -> Option<String> {
        node.iter()
            .find(|(k, _)| k == id)
            .and_then(|(_, v)| v.first().cloned())
    };
    if let Some(gm) = prop(root, "GM")
        && gm.trim() != "4"
    {
        return Err(FormatError::syntax(
            FORMAT,
            format!("GM[{gm}] is not a gomoku game (gomoku is GM[4])"),
        ));
    }
    for setup in ["AB", "AW", "AE"] {
        if nodes.iter().any(|n| n.iter().any(|(k, _)| k == setup)) {
            return Err(FormatError::syntax(
                FORMAT,
                format!("setup stones ({setup}) are not supported; only B and W moves are"),
            ));
        }
    }
    let size = match prop(root, "SZ") {
        Some(sz) => {
            let side = sz.split(':').next().unwrap_or("").trim();
            side.parse::<usize>()
                .map_err(|_| FormatError::syntax(FORMAT, format!("bad board size SZ[{sz}]")))?
        }
        None => DEFAULT_SIZE,
    };
    super::check_size(FORMAT, size)?;
    let rule = prop(root, "RU")
        .and_then(|r| rule_from_name(&r))
        .unwrap_or(default_rule);
    let opening = match prop(root, "OPENING") {
        Some(name) => name
            .parse::<OpeningRule>()
            .map_err(|e| FormatError::syntax(FORMAT, e))?,
        None => OpeningRule::Free,
    };
    let mut moves = Vec::new();
    let mut steps = Vec::new();
    for node in &nodes {
        for (key, values) in node {
            let stone = match key.as_str() {
                "B" => Stone::Black,
                "W" => Stone::White,
                _ => {
                    if let Some(decision) = read_decision(key, values, size)? {
                        steps.push(Step::Decision(decision));
                    }
                    continue;
                }
            };
            let number = moves.len() + 1;
            let value = values.first().map(String::as_str).unwrap_or("");
            if stone != Stone::for_move(moves.len()) {
                return Err(FormatError::syntax(
                    FORMAT,
                    format!(
                        "move {number} ({key}[{value}]) is out of turn: {} is to move",
                        Stone::for_move(moves.len())
                    ),
                ));
            }
            let pos = parse_point(value, size).ok_or_else(|| {
                FormatError::syntax(
                    FORMAT,
                    format!(
                        "move {number}: {key}[{value}] is not a point on the {size}x{size} board"
                    ),
                )
            })?;
            moves.push(Move::new(pos));
            steps.push(Step::Stone(pos));
        }
    }
    let mut record = if opening == OpeningRule::Free && moves.len() == steps.len() {
        replay(FORMAT, rule, size, moves)?
    } else {
        replay_opening(rule, size, opening, &steps)?
    };
    if let Some(text) = prop(root, "NIGIRI") {
        record = record.with_nigiri(read_nigiri(&text)?);
    }
    if !record.is_over()
        && let Some(re) = prop(root, "RE")
    {
        apply_result(&mut record, &re);
    }
    Ok(SgfGame {
        record,
        black: prop(root, "PB").filter(|s| !s.is_empty()),
        white: prop(root, "PW").filter(|s| !s.is_empty()),
    })
}

/// One step of an SGF game: a stone (a `B` or `W` move) or an opening decision.
enum Step {
    Stone(Pos),
    Decision(Decision),
}

/// Replays stones and decisions under an opening rule. A stone while white is to choose a
/// fifth move is that choice.
fn replay_opening(
    rule: Rule,
    size: usize,
    opening: OpeningRule,
    steps: &[Step],
) -> Result<GameRecord, FormatError> {
    let mut record = GameRecord::with_opening(rule, size, opening)
        .map_err(|e| FormatError::syntax(FORMAT, e.to_string()))?;
    for step in steps {
        let decision = match step {
            Step::Stone(pos) => match record.turn().phase {
                Phase::ChooseFifth { .. } => Decision::ChooseFifth(*pos),
                _ => Decision::Place(*pos),
            },
            Step::Decision(d) => d.clone(),
        };
        let number = record.moves().len() + 1;
        record
            .decide(decision.clone())
            .map_err(|e| match (e, step) {
                (OpeningError::Move(reason), Step::Stone(pos)) => FormatError::IllegalMove {
                    format: FORMAT,
                    number,
                    pos: pos.to_string(),
                    reason,
                },
                (e, _) => FormatError::syntax(FORMAT, format!("{decision} is impossible: {e}")),
            })?;
    }
    Ok(record)
}

/// Reads an opening property; `None` for any other property.
fn read_decision(
    key: &str,
    values: &[String],
    size: usize,
) -> Result<Option<Decision>, FormatError> {
    let value = values.first().map(|v| v.trim().to_ascii_lowercase());
    let value = value.as_deref().unwrap_or("");
    let bad = || FormatError::syntax(FORMAT, format!("{key}[{value}] is not understood"));
    let decision = match key {
        "SWAP" => Decision::Swap(match value {
            "yes" => true,
            "no" => false,
            _ => return Err(bad()),
        }),
        "FIFTHS" => Decision::DeclareFifths(value.parse().map_err(|_| bad())?),
        "OFFER" => Decision::OfferFifths(
            values
                .iter()
                .map(|v| parse_point(v, size))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(bad)?,
        ),
        "SWAPCHOICE" => Decision::Swap2(match value {
            "black" => Swap2Choice::TakeBlack,
            "white" => Swap2Choice::TakeWhite,
            "two" => Swap2Choice::PlaceTwo,
            _ => return Err(bad()),
        }),
        "COLOUR" => Decision::TakeColour(match value {
            "b" => Stone::Black,
            "w" => Stone::White,
            _ => return Err(bad()),
        }),
        _ => return Ok(None),
    };
    Ok(Some(decision))
}

fn read_nigiri(text: &str) -> Result<Nigiri, FormatError> {
    let bad = || FormatError::syntax(FORMAT, format!("NIGIRI[{text}] is not understood"));
    let (stones, guess) = text.trim().split_once(' ').ok_or_else(bad)?;
    Ok(Nigiri {
        stones: stones.parse().map_err(|_| bad())?,
        guessed_odd: match guess.trim() {
            "odd" => true,
            "even" => false,
            _ => return Err(bad()),
        },
    })
}

fn point(p: Pos) -> String {
    format!("{}{}", char::from(b'a' + p.x), char::from(b'a' + p.y))
}

/// The SGF properties of an opening decision that places no stone.
fn decision_properties(d: &Decision) -> Option<String> {
    Some(match d {
        Decision::Place(_) | Decision::ChooseFifth(_) => return None,
        Decision::Swap(swap) => format!("SWAP[{}]", if *swap { "yes" } else { "no" }),
        Decision::DeclareFifths(n) => format!("FIFTHS[{n}]"),
        Decision::OfferFifths(points) => {
            let list: String = points.iter().map(|&p| format!("[{}]", point(p))).collect();
            format!("OFFER{list}")
        }
        Decision::Swap2(c) => format!(
            "SWAPCHOICE[{}]",
            match c {
                Swap2Choice::TakeBlack => "black",
                Swap2Choice::TakeWhite => "white",
                Swap2Choice::PlaceTwo => "two",
            }
        ),
        Decision::TakeColour(s) => {
            format!("COLOUR[{}]", if *s == Stone::Black { 'B' } else { 'W' })
        }
    })
}

/// Results that no move shows (resignation, time, agreed draw) are taken from `RE`.
fn apply_result(record: &mut GameRecord, re: &str) {
    let re = re.trim().to_ascii_lowercase();
    let by = |s: &str| re.strip_prefix(s).map(|r| r.trim_start_matches('+'));
    let winner_reason = if let Some(r) = by("b") {
        Some((Stone::Black, r))
    } else {
        by("w").map(|r| (Stone::White, r))
    };
    let _ = match winner_reason {
        Some((w, r)) if r.starts_with('r') => record.resign(w.opponent()),
        Some((w, r)) if r.starts_with('t') => record.lose_on_time(w.opponent()),
        None if re == "0" || re == "draw" || re == "jigo" => record.agree_draw(),
        _ => Ok(()),
    };
}

fn rule_from_name(name: &str) -> Option<Rule> {
    match name.trim().to_ascii_lowercase().as_str() {
        "renju" => Some(Rule::Renju),
        "standard" | "exactly five" | "exact five" | "exactly-five" => Some(Rule::Standard),
        "freestyle" | "gomoku" | "free" => Some(Rule::Freestyle),
        _ => None,
    }
}

fn parse_point(v: &str, size: usize) -> Option<Pos> {
    let b = v.trim().as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    let (x, y) = (b[0] - b'a', b[1] - b'a');
    (usize::from(x) < size && usize::from(y) < size).then(|| Pos::new(x, y))
}

/// Parses the SGF text into the nodes of its main line.
fn parse_main_line(text: &str) -> Result<Vec<Node>, FormatError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if chars.get(i) != Some(&'(') {
        return Err(FormatError::syntax(
            FORMAT,
            "the file does not start with '('",
        ));
    }
    i += 1;
    let mut nodes: Vec<Node> = Vec::new();
    let mut depth = 1usize; // open parentheses
    let mut main_depth = 1usize; // depth of the variation we follow
    let mut done_main = false;
    while i < chars.len() && depth > 0 {
        let c = chars[i];
        match c {
            '(' => {
                depth += 1;
                if !done_main && depth == main_depth + 1 {
                    main_depth = depth; // first variation: follow it
                }
                i += 1;
            }
            ')' => {
                if depth == main_depth {
                    done_main = true;
                }
                depth -= 1;
                i += 1;
            }
            ';' => {
                i += 1;
                let mut node = Node::new();
                loop {
                    skip_ws(&mut i);
                    let start = i;
                    while i < chars.len() && chars[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    if start == i {
                        break;
                    }
                    let ident: String = chars[start..i]
                        .iter()
                        .filter(|c| c.is_ascii_uppercase())
                        .collect();
                    let mut values = Vec::new();
                    loop {
                        skip_ws(&mut i);
                        if chars.get(i) != Some(&'[') {
                            break;
                        }
                        i += 1;
                        let mut v = String::new();
                        loop {
                            match chars.get(i) {
                                None => {
                                    return Err(FormatError::syntax(
                                        FORMAT,
                                        format!("property {ident} has an unterminated value"),
                                    ));
                                }
                                Some(']') => break,
                                Some('\\') => {
                                    if let Some(&n) = chars.get(i + 1) {
                                        if n != '\n' {
                                            v.push(n);
                                        }
                                        i += 1;
                                    }
                                }
                                Some(&ch) => v.push(ch),
                            }
                            i += 1;
                        }
                        i += 1;
                        values.push(v);
                    }
                    if values.is_empty() {
                        return Err(FormatError::syntax(
                            FORMAT,
                            format!("property {ident} has no value"),
                        ));
                    }
                    node.push((ident, values));
                }
                if !done_main && depth == main_depth {
                    nodes.push(node);
                }
            }
            c if c.is_whitespace() => i += 1,
            other => {
                return Err(FormatError::syntax(
                    FORMAT,
                    format!("unexpected {other:?} at character {}", i + 1),
                ));
            }
        }
    }
    if depth > 0 {
        return Err(FormatError::syntax(
            FORMAT,
            "the game tree is not closed with ')'",
        ));
    }
    Ok(nodes)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes `record` as SGF, with optional player names.
#[must_use]
pub fn write(record: &GameRecord, black: Option<&str>, white: Option<&str>) -> String {
    let rule = match record.rule() {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    };
    let mut s = format!(
        "(;GM[4]FF[4]CA[UTF-8]AP[gomoku]SZ[{}]RU[{rule}]",
        record.size()
    );
    if let Some(b) = black {
        s.push_str(&format!("PB[{}]", escape(b)));
    }
    if let Some(w) = white {
        s.push_str(&format!("PW[{}]", escape(w)));
    }
    if let Some(r) = record.result() {
        let re = match (r.outcome, r.reason) {
            (Outcome::Draw, _) => "0".to_string(),
            (Outcome::Win(st), reason) => {
                let c = if st == Stone::Black { 'B' } else { 'W' };
                match reason {
                    Reason::Resignation => format!("{c}+R"),
                    Reason::Time => format!("{c}+T"),
                    _ => format!("{c}+"),
                }
            }
        };
        s.push_str(&format!("RE[{re}]"));
    }
    if record.opening_rule() != OpeningRule::Free {
        s.push_str(&format!("OPENING[{}]", record.opening_rule().name()));
    }
    if let Some(n) = record.nigiri() {
        let guess = if n.guessed_odd { "odd" } else { "even" };
        s.push_str(&format!("NIGIRI[{} {guess}]", n.stones));
    }
    // Each decision goes on the node of the stone it follows.
    let mut log = record.opening_log().iter().peekable();
    for (i, m) in record.moves().iter().enumerate() {
        let c = if Stone::for_move(i) == Stone::Black {
            'B'
        } else {
            'W'
        };
        s.push_str(&format!("\n;{c}[{}]", point(m.pos)));
        if log.peek().and_then(|d| d.stone()) == Some(m.pos) {
            log.next();
        }
        while let Some(props) = log.peek().and_then(|d| decision_properties(d)) {
            s.push_str(&props);
            log.next();
        }
    }
    s.push_str(")\n");
    s
}
