//! The opening state machine proper: which stage the opening is in, who holds black, and how
//! each decision moves it on. Validation (against the board) and advancing are separate, so
//! that replaying a recorded log needs no board.

use super::symmetry::symmetric_points;
use super::{Area, Decision, OpeningError, OpeningRule, Phase, Side, Swap2Choice, Turn};
use crate::board::{Board, Pos, Stone};
use crate::record::MoveError;
use crate::rules::{self, Rule};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    /// Stones 1–3 by the first player.
    FirstThree,
    /// The swap after three stones.
    Swap,
    /// RIF / Soosõrv: white plays 4.
    Fourth,
    /// Soosõrv: white declares the number of fifth moves.
    Declare,
    /// Soosõrv: the second swap.
    SecondSwap,
    /// Black offers the fifth moves.
    Offer,
    /// White picks one.
    Choose,
    /// Swap2: the second player's three-way choice.
    Swap2Answer,
    /// Swap2: the second player places stones 4 and 5.
    Swap2Two,
    /// Swap2: the first player takes a colour.
    Swap2Colour,
    /// Ordinary play.
    Done,
}

/// The state of an opening.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Machine {
    rule: OpeningRule,
    stage: Stage,
    /// Who holds black now.
    black: Side,
    /// Opening stones placed so far.
    stones: u8,
    /// How many fifth moves black must offer.
    fifths: u8,
    /// The fifth moves on offer (kept after the choice, for display and files).
    offered: Vec<Pos>,
}

impl Machine {
    pub(crate) fn new(rule: OpeningRule) -> Machine {
        Machine {
            rule,
            stage: if rule == OpeningRule::Free {
                Stage::Done
            } else {
                Stage::FirstThree
            },
            black: Side::First,
            stones: 0,
            fifths: 2,
            offered: Vec::new(),
        }
    }

    /// The state after `log`, trusted to be valid (it was validated when it was decided).
    pub(crate) fn replay<'a>(
        rule: OpeningRule,
        log: impl IntoIterator<Item = &'a Decision>,
    ) -> Machine {
        let mut m = Machine::new(rule);
        for d in log {
            m.advance(d);
        }
        m
    }

    pub(crate) fn rule(&self) -> OpeningRule {
        self.rule
    }

    pub(crate) fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    pub(crate) fn offered(&self) -> &[Pos] {
        &self.offered
    }

    /// Who holds `stone`.
    pub(crate) fn holder(&self, stone: Stone) -> Side {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// Whose decision it is and what; `next` is the colour of the next stone.
    pub(crate) fn turn(&self, next: Stone) -> Turn {
        let white = self.holder(Stone::White);
        let black = self.black;
        let (who, phase) = match self.stage {
            Stage::Done => (self.holder(next), Phase::Play),
            Stage::FirstThree | Stage::Swap2Two | Stage::Fourth => {
                let who = match self.stage {
                    Stage::FirstThree => Side::First,
                    Stage::Swap2Two => Side::Second,
                    _ => white,
                };
                (
                    who,
                    Phase::Place {
                        number: self.stones + 1,
                        stone: next,
                        area: self.area(),
                    },
                )
            }
            Stage::Swap => (white, Phase::Swap),
            Stage::Declare => (
                white,
                Phase::DeclareFifths {
                    max: OpeningRule::SOOSORV_MAX_FIFTHS,
                },
            ),
            Stage::SecondSwap => (black, Phase::Swap),
            Stage::Offer => (black, Phase::OfferFifths { count: self.fifths }),
            Stage::Choose => (
                white,
                Phase::ChooseFifth {
                    offered: self.offered.clone(),
                },
            ),
            Stage::Swap2Answer => (Side::Second, Phase::Swap2),
            Stage::Swap2Colour => (Side::First, Phase::Swap2Colour),
        };
        Turn { who, phase }
    }

    /// Where the next opening stone may go.
    fn area(&self) -> Area {
        if self.rule.uses_standard_openings() && self.stones < 3 {
            Area::NearCentre(self.stones)
        } else {
            Area::Anywhere
        }
    }

    /// Checks `d` against the stage and the board (`rule` decides which black points are
    /// forbidden). Whether a placed stone's point is free is the record's check, not this one.
    pub(crate) fn validate(
        &self,
        d: &Decision,
        board: &Board,
        rule: Rule,
    ) -> Result<(), OpeningError> {
        let not_now = || OpeningError::NotNow {
            waiting: self.turn(Stone::for_move(board.stone_count())).phase,
            got: d.clone(),
        };
        match (self.stage, d) {
            (Stage::Done, Decision::Place(_)) => Ok(()),
            (Stage::FirstThree | Stage::Fourth | Stage::Swap2Two, Decision::Place(p)) => {
                let area = self.area();
                if board.contains(*p) && !area.contains(*p, board.size()) {
                    return Err(OpeningError::OutsideArea {
                        rule: self.rule,
                        number: self.stones + 1,
                        area,
                    });
                }
                Ok(())
            }
            (Stage::Swap | Stage::SecondSwap, Decision::Swap(_)) => Ok(()),
            (Stage::Declare, Decision::DeclareFifths(n)) => {
                let max = OpeningRule::SOOSORV_MAX_FIFTHS;
                if (1..=max).contains(n) {
                    Ok(())
                } else {
                    Err(OpeningError::DeclaredOutOfRange { max, got: *n })
                }
            }
            (Stage::Offer, Decision::OfferFifths(points)) => {
                check_offer(board, rule, points)?;
                if points.len() != usize::from(self.fifths) {
                    return Err(OpeningError::FifthCount {
                        expected: self.fifths,
                        got: points.len(),
                    });
                }
                Ok(())
            }
            (Stage::Choose, Decision::ChooseFifth(p)) => {
                if self.offered.contains(p) {
                    Ok(())
                } else {
                    Err(OpeningError::NotOffered(*p))
                }
            }
            (Stage::Swap2Answer, Decision::Swap2(_)) => Ok(()),
            (Stage::Swap2Colour, Decision::TakeColour(_)) => Ok(()),
            _ => Err(not_now()),
        }
    }

    /// Moves on by `d` (which must have passed `validate`). Ordinary moves leave it as it is.
    pub(crate) fn advance(&mut self, d: &Decision) {
        let rule = self.rule;
        match (self.stage, d) {
            (Stage::FirstThree, Decision::Place(_)) => {
                self.stones += 1;
                if self.stones == 3 {
                    self.stage = if rule == OpeningRule::Swap2 {
                        Stage::Swap2Answer
                    } else {
                        Stage::Swap
                    };
                }
            }
            (Stage::Swap, Decision::Swap(swap)) => {
                if *swap {
                    self.black = self.black.other();
                }
                self.stage = if rule == OpeningRule::Swap {
                    Stage::Done
                } else {
                    Stage::Fourth
                };
            }
            (Stage::Fourth, Decision::Place(_)) => {
                self.stones += 1;
                self.stage = if rule == OpeningRule::Soosorv8 {
                    Stage::Declare
                } else {
                    Stage::Offer
                };
            }
            (Stage::Declare, Decision::DeclareFifths(n)) => {
                self.fifths = *n;
                self.stage = Stage::SecondSwap;
            }
            (Stage::SecondSwap, Decision::Swap(swap)) => {
                if *swap {
                    self.black = self.black.other();
                }
                self.stage = Stage::Offer;
            }
            (Stage::Offer, Decision::OfferFifths(points)) => {
                self.offered.clone_from(points);
                self.stage = Stage::Choose;
            }
            (Stage::Choose, Decision::ChooseFifth(_)) => {
                self.stones += 1;
                self.stage = Stage::Done;
            }
            (Stage::Swap2Answer, Decision::Swap2(choice)) => {
                self.stage = match choice {
                    Swap2Choice::TakeBlack => {
                        self.black = Side::Second;
                        Stage::Done
                    }
                    Swap2Choice::TakeWhite => {
                        self.black = Side::First;
                        Stage::Done
                    }
                    Swap2Choice::PlaceTwo => Stage::Swap2Two,
                };
            }
            (Stage::Swap2Two, Decision::Place(_)) => {
                self.stones += 1;
                if self.stones == 5 {
                    self.stage = Stage::Swap2Colour;
                }
            }
            (Stage::Swap2Colour, Decision::TakeColour(stone)) => {
                self.black = match stone {
                    Stone::Black => Side::First,
                    Stone::White => Side::Second,
                };
                self.stage = Stage::Done;
            }
            _ => {}
        }
    }
}

/// Checks a (possibly partial) offer of fifth moves: every point a legal black move, no point
/// twice, no two symmetric. The count is checked separately.
pub(crate) fn check_offer(board: &Board, rule: Rule, points: &[Pos]) -> Result<(), OpeningError> {
    for (i, &p) in points.iter().enumerate() {
        let reason = if !board.contains(p) {
            Some(MoveError::OffBoard)
        } else if board.get(p).is_some() {
            Some(MoveError::Occupied)
        } else if rule == Rule::Renju {
            rules::forbidden(board, p).map(MoveError::Forbidden)
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(OpeningError::BadFifth { pos: p, reason });
        }
        for &q in &points[..i] {
            if q == p {
                return Err(OpeningError::DuplicateFifth(p));
            }
            if let Some(symmetry) = symmetric_points(board, q, p) {
                return Err(OpeningError::SymmetricFifths {
                    a: q,
                    b: p,
                    symmetry,
                });
            }
        }
    }
    Ok(())
}
