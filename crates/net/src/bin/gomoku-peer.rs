//! `gomoku-peer`: the engine as a network player. It hosts (`--host PORT`) or joins
//! (`--join ADDR`) a game, plays `--games N` games at `--level`, colours alternating through
//! "play again", prints each result on a line, says goodbye and exits 0. It agrees to undo
//! requests, declines draw offers, and exits 1 when the game cannot go on (refused, peer gone
//! before the last game, host unreachable). As host it sets the opening rule (`--opening`)
//! and the clock (`--clock`); it makes the opening decisions of either side with a simple
//! legal choice (stones: the engine's move when the opening allows it there, otherwise the
//! allowed point nearest the centre; it keeps the colours, declares and offers two fifth
//! moves, and picks the first offered one), and claims the other player's flag when its time
//! runs out.

use clap::Parser;
use gomoku_engine::{Engine, Level};
use gomoku_net::{
    Action, Event, GameSettings, Link, NetConfig, Request, Role, bind_all, parse_address,
};
use gomoku_rules::{
    Decision, ForbiddenPolicy, GameRecord, GameResult, OpeningRule, Phase, Pos, Rule, Stone,
    Swap2Choice, TimeControl,
};
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    version,
    about = "Plays gomoku / renju over the network as the computer"
)]
struct Cli {
    /// Host a game on this TCP port (0 picks a free one; the address is printed).
    #[arg(
        long,
        value_name = "PORT",
        conflicts_with = "join",
        required_unless_present = "join"
    )]
    host: Option<u16>,
    #[arg(
        long,
        value_name = "ADDR",
        help = "Join the game hosted at ADDR (IP, IP:PORT, [IPv6]:PORT or HOST[:PORT])"
    )]
    join: Option<String>,
    /// The address to listen on when hosting (default: every interface, IPv6 and IPv4).
    #[arg(long, value_name = "IP")]
    bind: Option<IpAddr>,
    /// Engine level: Beginner, Novice, Intermediate, Advanced, Expert or Master.
    #[arg(long, default_value = "Intermediate", value_parser = parse_level)]
    level: Level,
    /// The name shown to the other player.
    #[arg(long)]
    name: Option<String>,
    /// How many games to play before leaving.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Host only: freestyle, standard or renju.
    #[arg(long, default_value = "renju", value_parser = parse_rule)]
    rule: Rule,
    /// Host only: board size (5 to 20).
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(5..=20))]
    size: u8,
    /// Host only: black loses on a forbidden point instead of having it refused.
    #[arg(long)]
    strict: bool,
    /// Host only: who is the first player (tentatively black) in the first game.
    #[arg(long, default_value = "host", value_parser = parse_role)]
    black: Role,
    /// Host only: the opening rule: free, swap, rif, soosorv8 or swap2.
    #[arg(long, default_value = "free", value_parser = |s: &str| s.parse::<OpeningRule>())]
    opening: OpeningRule,
    /// Host only: each player's time: none, 10m (sudden death), 5m+3s (Fischer) or
    /// 10m/5x30s (byo-yomi).
    #[arg(long, value_name = "SPEC", value_parser = |s: &str| s.parse::<TimeControl>())]
    clock: Option<TimeControl>,
    /// Seed of the engine's choices (weaker levels play a little at random).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::from_name(s).ok_or_else(|| {
        let names: Vec<_> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("unknown level `{s}` (levels: {})", names.join(", "))
    })
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    match s.to_ascii_lowercase().as_str() {
        "freestyle" => Ok(Rule::Freestyle),
        "standard" => Ok(Rule::Standard),
        "renju" => Ok(Rule::Renju),
        _ => Err(format!("unknown rule `{s}` (freestyle, standard, renju)")),
    }
}

fn parse_role(s: &str) -> Result<Role, String> {
    match s.to_ascii_lowercase().as_str() {
        "host" => Ok(Role::Host),
        "joiner" => Ok(Role::Joiner),
        _ => Err(format!("`{s}` is neither host nor joiner")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gomoku-peer: {message}");
            ExitCode::FAILURE
        }
    }
}

fn bind(port: u16, ip: Option<IpAddr>) -> Result<TcpListener, String> {
    let result = match ip {
        Some(ip) => TcpListener::bind(SocketAddr::new(ip, port)),
        None => bind_all(port),
    };
    result.map_err(|e| format!("cannot listen on port {port}: {e}"))
}

fn run(cli: &Cli) -> Result<(), String> {
    let name = cli
        .name
        .clone()
        .unwrap_or_else(|| format!("gomoku-peer ({})", cli.level));
    let config = NetConfig::default();
    let mut link = if let Some(port) = cli.host {
        let settings = GameSettings {
            rule: cli.rule,
            size: cli.size,
            forbidden: if cli.strict {
                ForbiddenPolicy::Lose
            } else {
                ForbiddenPolicy::Refuse
            },
            black: cli.black,
            opening: cli.opening,
            clock: cli.clock.filter(|c| *c != TimeControl::Unlimited),
        };
        if let Some(problem) = settings.problem() {
            return Err(problem);
        }
        let link = Link::host_on(vec![bind(port, cli.bind)?], &name, settings, config)
            .map_err(|e| format!("cannot host: {e}"))?;
        for addr in link.local_addrs() {
            println!("listening on {addr}");
        }
        link
    } else {
        let addrs = parse_address(cli.join.as_deref().unwrap_or_default())?;
        Link::join(addrs, &name, config)
    };
    let mut played = 0;
    let mut seed = cli.seed;
    // One engine per game (a new one costs a hash table).
    let mut engine: Option<(u32, Engine)> = None;
    loop {
        for event in link.wait(Duration::from_millis(50)) {
            match event {
                Event::Connected {
                    peer_name, resumed, ..
                } => eprintln!(
                    "{} {peer_name}",
                    if resumed { "reconnected to" } else { "playing" }
                ),
                Event::GameOver(result) => {
                    played += 1;
                    println!("{}", result_line(&link, played, &result));
                    if played >= cli.games {
                        link.leave(Some("done".to_owned()));
                        return Ok(());
                    }
                    if link.session().role() == Role::Host {
                        act(&mut link, Action::PlayAgain(None))?;
                    }
                }
                Event::Requested(request) => {
                    let answer = match request {
                        Request::Undo { .. } => Action::AnswerUndo(true),
                        Request::Draw => Action::AnswerDraw(false),
                        Request::PlayAgain { .. } => Action::AnswerPlayAgain(played < cli.games),
                    };
                    act(&mut link, answer)?;
                }
                Event::Answered {
                    request: Request::PlayAgain { .. },
                    accepted: false,
                } => {
                    return Err(format!(
                        "the other player declined game {} of {}",
                        played + 1,
                        cli.games
                    ));
                }
                Event::PeerLeft(reason) => {
                    return Err(format!(
                        "the other player left after {played} of {} games{}",
                        cli.games,
                        reason.map(|r| format!(" ({r})")).unwrap_or_default()
                    ));
                }
                Event::Refused(reason) => return Err(format!("refused: {reason}")),
                Event::GaveUp(reason) | Event::Dropped(reason) => return Err(reason),
                Event::ConnectionLost(reason) => eprintln!("connection lost: {reason}"),
                Event::Chat(text) => eprintln!("chat: {text}"),
                Event::PeerRejected(reason) => eprintln!("refused a message: {reason}"),
                Event::RejectedByPeer(reason) => eprintln!("the peer refused: {reason}"),
                _ => {}
            }
        }
        if link.session().local_to_move() {
            let session = link.session();
            let record = session.record();
            let game = session.game_number();
            let engine = match &mut engine {
                Some((g, e)) if *g == game => e,
                slot => {
                    &mut slot
                        .insert((game, Engine::new(record.rule(), record.size())))
                        .1
                }
            };
            let decision = match record.turn().phase {
                Phase::Play | Phase::Place { .. } => {
                    engine.set_position(record.board(), record.side_to_move());
                    seed = seed.wrapping_add(1);
                    let pos = engine.choose_move(cli.level, seed);
                    if record.check_decision(&Decision::Place(pos)).is_ok() {
                        Decision::Place(pos)
                    } else {
                        opening_decision(record)
                    }
                }
                _ => opening_decision(record),
            };
            act(&mut link, Action::Decide(decision))?;
        } else if peer_out_of_time(link.session()) {
            // The other player's time ran out here: claim it (once per step; the peer
            // confirms). Our own flag is found when we move.
            let _ = link.flag();
        }
    }
}

/// Whether the other player is to act and its time is gone on the session's clock.
fn peer_out_of_time(session: &gomoku_net::Session) -> bool {
    let who = session.record().turn().who;
    who != session.local_side()
        && session.phase() == gomoku_net::Phase::Live
        && !session.record().is_over()
        && session
            .time_left(who)
            .is_some_and(|left| session.thinking(std::time::Instant::now()) >= left)
}

/// The points of the board, nearest the centre first.
fn by_distance_from_centre(size: usize) -> Vec<Pos> {
    let c = (size as i32 - 1) / 2;
    let mut points: Vec<Pos> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Pos::new(x as u8, y as u8)))
        .collect();
    points.sort_by_key(|p| {
        let (dx, dy) = (i32::from(p.x) - c, i32::from(p.y) - c);
        (dx.abs().max(dy.abs()), dx.abs() + dy.abs(), p.y, p.x)
    });
    points
}

/// A simple legal opening decision: the allowed point nearest the centre for a stone, keep
/// the colours, declare two fifth moves, offer the first that fit, choose the first offered.
fn opening_decision(record: &GameRecord) -> Decision {
    let points = by_distance_from_centre(record.size());
    let first_legal = |wrap: fn(Pos) -> Decision| {
        points
            .iter()
            .map(|&p| wrap(p))
            .find(|d| record.check_decision(d).is_ok())
            .unwrap_or(wrap(points[0]))
    };
    match record.turn().phase {
        Phase::Play | Phase::Place { .. } => first_legal(Decision::Place),
        Phase::Swap => Decision::Swap(false),
        Phase::DeclareFifths { max } => Decision::DeclareFifths(2.min(max)),
        Phase::OfferFifths { .. } => Decision::OfferFifths(
            record
                .pick_offer(points.iter().copied())
                .unwrap_or_default(),
        ),
        Phase::ChooseFifth { offered } => offered.first().map_or_else(
            || first_legal(Decision::ChooseFifth),
            |&p| Decision::ChooseFifth(p),
        ),
        Phase::Swap2 => Decision::Swap2(Swap2Choice::TakeWhite),
        Phase::Swap2Colour => Decision::TakeColour(record.colour_of(record.turn().who)),
    }
}

fn act(link: &mut Link, action: Action) -> Result<(), String> {
    let what = format!("{action:?}");
    link.act(action)
        .map_err(|e| format!("could not do {what}: {e}"))
}

fn result_line(link: &Link, number: u32, result: &GameResult) -> String {
    let s = link.session();
    let name_of = |stone: Stone| {
        if stone == s.local_stone() {
            s.name().to_owned()
        } else {
            s.peer_name().unwrap_or("?").to_owned()
        }
    };
    format!(
        "game {number}: {result} (black {}, white {}, {} moves)",
        name_of(Stone::Black),
        name_of(Stone::White),
        s.record().moves().len()
    )
}
