//! `pbrain-gomoku selfplay`, `fit`, `fit-table` and `fit-order`: the command side of the
//! training pipeline (`gomoku_engine::train`).

use gomoku_engine::eval::{WeightSet, weight_set};
use gomoku_engine::eval_table::{Entry, MASKS, MaskEntry, TableSet, patterns_of};
use gomoku_engine::fixtures::{openings_15, parse_offset_openings};
use gomoku_engine::train::choice::{
    Candidate, Choice, ChoiceTerm, MoveLabel, choice_loss, choice_temperature, choices,
    collect_choices,
};
use gomoku_engine::train::net::{NetFit, base_loss, fit_net, net_loss, net_samples};
use gomoku_engine::train::order::{
    OrderLabels, fit_order, fit_temperature, hand_params, order_entries, order_loss, order_param,
    order_samples,
};
use gomoku_engine::train::{
    GameData, Labels, Sample, TABLE_PARAMS, ValueLabel, fit_scale, fit_table_with_choices,
    fit_with_choices, loss, mask_param, random_opening, samples, self_play, table_loss,
    table_param, table_sample, table_samples, value_samples, value_table_samples,
};
use gomoku_rules::Rule;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Plays `games` self-play games and appends them to `out`.
/// Where the self-play games start.
pub enum Openings {
    /// The embedded 15×15 openings.
    Embedded,
    /// An openings file (Piskvork offset format).
    File(String),
    /// A random opening per game within this many points of the centre.
    Random(u8),
}

pub fn selfplay_command(
    rule: Rule,
    games: usize,
    nodes: u64,
    seed: u64,
    openings: &Openings,
    out: &str,
) -> ExitCode {
    let (openings, random) = match openings {
        Openings::File(f) => match std::fs::read_to_string(f) {
            Ok(text) => (parse_offset_openings(&text, 15), None),
            Err(e) => {
                eprintln!("{f}: {e}");
                return ExitCode::from(2);
            }
        },
        Openings::Embedded => (openings_15(), None),
        Openings::Random(radius) => (Vec::new(), Some(*radius)),
    };
    if random.is_none() && openings.is_empty() {
        eprintln!("no usable 15x15 openings");
        return ExitCode::from(2);
    }
    let mut file = match std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{out}: {e}");
            return ExitCode::from(2);
        }
    };
    let t = Instant::now();
    let (mut played, mut results, mut moves) = (0, [0usize; 3], 0usize);
    for i in 0..games {
        let s = seed + i as u64;
        let opening = match random {
            Some(radius) => random_opening(s, radius),
            None => openings[i % openings.len()].clone(),
        };
        let Some(g) = self_play(rule, &opening, nodes, s) else {
            continue;
        };
        if let Err(e) = writeln!(file, "{}", g.to_line()) {
            eprintln!("{out}: {e}");
            return ExitCode::FAILURE;
        }
        played += 1;
        moves += g.moves.len();
        results[match g.winner {
            Some(gomoku_rules::Stone::Black) => 0,
            Some(gomoku_rules::Stone::White) => 1,
            None => 2,
        }] += 1;
        if played % 20 == 0 {
            eprintln!("{played} games, {:.0} s", t.elapsed().as_secs_f64());
        }
    }
    println!(
        "{rule}: {played} games ({} black wins, {} white wins, {} draws), {moves} moves, \
         {nodes} nodes per move, {:.0} s, appended to {out}",
        results[0],
        results[1],
        results[2],
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// The items of `files`, one a line read by `parse`; bad lines are reported and skipped.
fn read_lines<T>(
    files: &[String],
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let mut items = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            match parse(line) {
                Ok(item) => items.push(item),
                Err(e) => eprintln!("{f}:{}: skipped ({e})", n + 1),
            }
        }
    }
    Ok(items)
}

/// Every 10th item held out, the rest for training.
fn split_held<T: Clone>(items: &[T]) -> (Vec<T>, Vec<T>) {
    let (train, held): (Vec<(usize, &T)>, Vec<(usize, &T)>) =
        items.iter().enumerate().partition(|(i, _)| i % 10 != 0);
    (
        train.into_iter().map(|(_, g)| g.clone()).collect(),
        held.into_iter().map(|(_, g)| g.clone()).collect(),
    )
}

/// The data of `fit` and `fit-table`: self-play games and labelled positions, each split into
/// training and held-out parts (every 10th held out, to check the fit on data it did not see).
struct FitData {
    train: Vec<GameData>,
    held: Vec<GameData>,
    vtrain: Vec<ValueLabel>,
    vheld: Vec<ValueLabel>,
}

impl FitData {
    fn read(data: &[String], values: &[String]) -> Result<FitData, String> {
        let (train, held) = split_held(&read_games(data)?);
        let (vtrain, vheld) = split_held(&read_lines(values, ValueLabel::from_line)?);
        Ok(FitData {
            train,
            held,
            vtrain,
            vheld,
        })
    }

    /// "N games (H held out) and M labelled positions (K held out)", for the reports.
    fn describe(&self) -> String {
        format!(
            "{} games ({} held out) and {} labelled positions ({} held out)",
            self.train.len() + self.held.len(),
            self.held.len(),
            self.vtrain.len() + self.vheld.len(),
            self.vheld.len()
        )
    }
}

fn read_games(data: &[String]) -> Result<Vec<GameData>, String> {
    read_lines(data, GameData::from_line)
}

/// Fits the evaluation network of `rule` (every 10th game held out) and writes it to `out`.
pub fn fit_net_command(
    data: &[String],
    rule: Rule,
    out: &str,
    labels: Labels,
    settings: NetFit,
) -> ExitCode {
    let games = match read_games(data) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (train, held) = split_held(&games);
    let scale = weight_set().scale;
    let t = Instant::now();
    let (tr, va) = (
        net_samples(&train, rule, scale, labels),
        net_samples(&held, rule, scale, labels),
    );
    if tr.is_empty() {
        eprintln!("no {rule:?} positions in the data");
        return ExitCode::from(2);
    }
    println!(
        "{} positions ({} held out) from {} games, read in {:.1} s",
        tr.len() + va.len(),
        va.len(),
        games.iter().filter(|g| g.rule == rule).count(),
        t.elapsed().as_secs_f64()
    );
    let version = gomoku_engine::eval_net::net(rule).map_or(1, |n| n.version + 1);
    let (net, before) = fit_net(&tr, &va, scale, version, settings, |r| {
        println!(
            "epoch {:>3}: loss {:.4} (held out {:.4}), {:.0} s",
            r.epoch,
            r.train,
            r.held,
            t.elapsed().as_secs_f64()
        );
    });
    let after = [net_loss(&net, &tr), net_loss(&net, &va)];
    println!(
        "{rule:?}: loss without the network {:.4} (held out {:.4}), with it {:.4} ({:.4}); {:.0} s",
        before[0],
        before[1],
        after[0],
        after[1],
        t.elapsed().as_secs_f64()
    );
    if let Err(e) = std::fs::write(out, net.to_bytes()) {
        eprintln!("{out}: {e}");
        return ExitCode::from(2);
    }
    if labels.search_nodes > 0 {
        let mut va = va;
        va.relabel_by_result();
        println!(
            "held out against the games' results: without the network {:.4}, with it {:.4}",
            base_loss(&va),
            net_loss(&net, &va)
        );
    }
    println!("wrote {out} (version {version})");
    ExitCode::SUCCESS
}

/// Fits the per-combination table of every rule found in the data files (the embedded
/// feature weights fixed, every 10th game held out) and writes the table file; rules
/// without data keep their entries from `start` (default: the embedded table).
pub fn fit_table_command(
    data: &[String],
    values: &[String],
    moves: &MoveFiles,
    start: Option<&str>,
    out: &str,
    iterations: usize,
    l2: f64,
    labels: Labels,
) -> ExitCode {
    let text = match start {
        Some(f) => match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{f}: {e}");
                return ExitCode::from(2);
            }
        },
        None => gomoku_engine::eval_table::EMBEDDED_TABLE.to_string(),
    };
    let mut set = match TableSet::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("start table: {e}");
            return ExitCode::from(2);
        }
    };
    let d = match FitData::read(data, values) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mtrain, mheld) = match moves.read() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let t = Instant::now();
    let weights = weight_set();
    let mut report = vec![format!(
        "Version {}: fitted by `pbrain-gomoku fit-table` on {}, scale {}, {iterations} iterations, l2 {l2}, game labels: {} × result + {} × search of {} nodes.",
        set.version + 1,
        d.describe(),
        weights.scale,
        labels.blend,
        1.0 - labels.blend,
        labels.search_nodes
    )];
    for rule in Rule::ALL {
        let w = weights.weights(rule);
        let (mut tr, mut va) = (
            table_samples(&d.train, rule, w, labels),
            // Held-out positions keep the game's result: the loss measures the same thing
            // whatever the training labels.
            table_samples(&d.held, rule, w, Labels::RESULT),
        );
        tr.extend(value_table_samples(&d.vtrain, rule, w));
        va.extend(value_table_samples(&d.vheld, rule, w));
        if tr.is_empty() {
            continue;
        }
        let mut start = vec![0.0f64; TABLE_PARAMS];
        for e in set.entries.iter().filter(|e| e.rule == rule) {
            start[table_param(e.slot, 0, e.combo)] = f64::from(e.own);
            start[table_param(e.slot, 1, e.combo)] = f64::from(e.opp);
        }
        for e in set.masks.iter().filter(|e| e.rule == rule) {
            start[mask_param(e.slot, e.mask)] = f64::from(e.value);
        }
        let (lt0, lv0) = (
            table_loss(&start, weights.scale, &tr),
            table_loss(&start, weights.scale, &va),
        );
        let view = |b: &gomoku_engine::board::Board| table_sample(b, rule, w, 0.0);
        let (ctr, cva) = (
            collect_choices(&mtrain, rule, moves.width, view),
            collect_choices(&mheld, rule, moves.width, view),
        );
        let temp = choice_temperature(&start, &ctr);
        let term = (!ctr.is_empty()).then_some(ChoiceTerm {
            choices: &ctr,
            temp,
            share: moves.share,
        });
        let fitted = fit_table_with_choices(&start, weights.scale, &tr, term, iterations, l2);
        let rounded: Vec<f64> = fitted
            .iter()
            .map(|v| v.round().clamp(-20_000.0, 20_000.0))
            .collect();
        let (lt1, lv1) = (
            table_loss(&rounded, weights.scale, &tr),
            table_loss(&rounded, weights.scale, &va),
        );
        set.entries.retain(|e| e.rule != rule);
        set.masks.retain(|e| e.rule != rule);
        for slot in 0..2 {
            for mask in 0..MASKS {
                let value = rounded[mask_param(slot, mask)];
                if value != 0.0 {
                    set.masks.push(MaskEntry {
                        rule,
                        slot,
                        mask,
                        value: value as i16,
                    });
                }
            }
        }
        let combos = gomoku_engine::eval_table::COMBOS;
        for slot in 0..2 {
            for combo in 0..combos {
                let (own, opp) = (
                    rounded[table_param(slot, 0, combo)],
                    rounded[table_param(slot, 1, combo)],
                );
                // Only sorted combinations are parameters.
                let p = patterns_of(combo);
                if (own != 0.0 || opp != 0.0) && p.windows(2).all(|w| w[0] >= w[1]) {
                    set.entries.push(Entry {
                        rule,
                        slot,
                        combo,
                        own: own as i16,
                        opp: opp as i16,
                    });
                }
            }
        }
        report.push(format!(
            "{rule}: {} positions ({} held out), loss {lt0:.4} -> {lt1:.4} (held out {lv0:.4} -> {lv1:.4}), {} entries, {} threat masks",
            tr.len(),
            va.len(),
            set.entries.iter().filter(|e| e.rule == rule).count(),
            set.masks.iter().filter(|e| e.rule == rule).count()
        ));
        eprintln!("{}", report.last().expect("pushed"));
        if !ctr.is_empty() {
            report.push(choice_report(
                rule,
                (&ctr, &cva),
                (temp, moves.share),
                (&start, &rounded),
            ));
            eprintln!("{}", report.last().expect("pushed"));
        }
    }
    set.version += 1;
    eprintln!("fit time {:.1} s", t.elapsed().as_secs_f64());
    if let Err(e) = std::fs::write(out, set.to_text(&report.join("\n"))) {
        eprintln!("{out}: {e}");
        return ExitCode::FAILURE;
    }
    println!("wrote {out}");
    ExitCode::SUCCESS
}

/// Labelled move choices for `fit` and `fit-table` (`--moves`) and their share of the loss.
pub struct MoveFiles<'a> {
    pub files: &'a [String],
    pub share: f64,
    /// Candidates per choice for the table fit (the chosen one and the search's first).
    pub width: usize,
}

impl MoveFiles<'_> {
    /// The labelled choices, every 10th held out.
    fn read(&self) -> Result<(Vec<MoveLabel>, Vec<MoveLabel>), String> {
        read_lines(self.files, MoveLabel::from_line).map(|m| split_held(&m))
    }
}

/// One report line on a choice fit: the choice loss and how often the chosen move evaluates
/// best, before (`from`) and after (`to`), on the training and the held-out choices.
fn choice_report<C: Candidate>(
    rule: Rule,
    (train, held): (&[Choice<C>], &[Choice<C>]),
    (temp, share): (f64, f64),
    (from, to): (&[f64], &[f64]),
) -> String {
    let [t0, t1, v0, v1] = [(from, train), (to, train), (from, held), (to, held)]
        .map(|(p, c)| choice_loss(p, temp, c));
    format!(
        "{rule}: {} move choices ({} held out), temperature {temp:.0}, share {share}, choice loss {:.4} -> {:.4} (held out {:.4} -> {:.4}), chosen move evaluated best {:.1} % -> {:.1} % (held out {:.1} % -> {:.1} %)",
        train.len(),
        held.len(),
        t0.loss,
        t1.loss,
        v0.loss,
        v1.loss,
        100.0 * t0.top1,
        100.0 * t1.top1,
        100.0 * v0.top1,
        100.0 * v1.top1
    )
}

/// Fits the weights of every rule found in the data files and writes the new weight file.
pub fn fit_command(
    data: &[String],
    values: &[String],
    moves: &MoveFiles,
    weights: Option<&str>,
    out: &str,
    iterations: usize,
    l2: f64,
    keep_scale: bool,
) -> ExitCode {
    let mut set = match weights {
        Some(f) => match std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|t| WeightSet::parse(&t))
        {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{f}: {e}");
                return ExitCode::from(2);
            }
        },
        None => weight_set().clone(),
    };
    let d = match FitData::read(data, values) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (mtrain, mheld) = match moves.read() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let t = Instant::now();
    let per_rule: Vec<(Rule, Vec<Sample>, Vec<Sample>)> = Rule::ALL
        .into_iter()
        .map(|r| {
            let mut tr = samples(&d.train, r);
            tr.extend(value_samples(&d.vtrain, r));
            let mut va = samples(&d.held, r);
            va.extend(value_samples(&d.vheld, r));
            (r, tr, va)
        })
        .filter(|(_, s, _)| !s.is_empty())
        .collect();
    if per_rule.is_empty() {
        eprintln!("no positions in the data");
        return ExitCode::from(2);
    }
    let old_scale = set.scale;
    if !keep_scale {
        let pairs: Vec<_> = per_rule
            .iter()
            .map(|(r, s, _)| (*set.weights(*r), s.as_slice()))
            .collect();
        set.scale = fit_scale(&pairs);
    }
    let mut report = vec![format!(
        "Version {}: fitted by `pbrain-gomoku fit` on {}, scale {} (was {old_scale}), {iterations} iterations, l2 {l2}.",
        set.version + 1,
        d.describe(),
        set.scale
    )];
    for (rule, tr, va) in &per_rule {
        let start = *set.weights(*rule);
        let (lt0, lv0) = (loss(&start, set.scale, tr), loss(&start, set.scale, va));
        let (ctr, cva) = (choices(&mtrain, *rule), choices(&mheld, *rule));
        let p0 = start.params();
        let temp = choice_temperature(&p0, &ctr);
        let term = (!ctr.is_empty()).then_some(ChoiceTerm {
            choices: &ctr,
            temp,
            share: moves.share,
        });
        let w = fit_with_choices(&start, set.scale, tr, term, iterations, l2);
        let (lt1, lv1) = (loss(&w, set.scale, tr), loss(&w, set.scale, va));
        set.set(*rule, w);
        report.push(format!(
            "{rule}: {} positions ({} held out), loss {lt0:.4} -> {lt1:.4} (held out {lv0:.4} -> {lv1:.4})",
            tr.len(),
            va.len()
        ));
        if !ctr.is_empty() {
            let p1 = w.params();
            report.push(choice_report(
                *rule,
                (&ctr, &cva),
                (temp, moves.share),
                (&p0, &p1),
            ));
        }
    }
    set.version += 1;
    for l in &report {
        println!("{l}");
    }
    println!("fit time {:.1} s", t.elapsed().as_secs_f64());
    if let Err(e) = std::fs::write(out, set.to_text(&report.join("\n"))) {
        eprintln!("{out}: {e}");
        return ExitCode::FAILURE;
    }
    println!("wrote {out}");
    ExitCode::SUCCESS
}

/// What `fit-order` is asked to do (its command-line options).
pub struct FitOrder<'a> {
    pub data: &'a [String],
    pub out: &'a str,
    pub iterations: usize,
    pub l2: f64,
    pub labels: OrderLabels,
    pub save_labels: Option<&'a str>,
    pub width: usize,
}

/// Fits the move-ordering table of every rule found in the data files (every 10th game held
/// out), starting from the hand-set values, and writes the table file; rules without data keep
/// their entries from the embedded table.
pub fn fit_order_command(job: &FitOrder) -> ExitCode {
    let mut set = match TableSet::parse(gomoku_engine::order_table::EMBEDDED_ORDER) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("embedded order table: {e}");
            return ExitCode::from(2);
        }
    };
    let games = match read_games(job.data) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let t = Instant::now();
    let (train, held) = split_held(&games);
    let labels = job.labels;
    let mut report = vec![format!(
        "Version {}: fitted by `pbrain-gomoku fit-order` on {} games ({} held out), {} iterations, l2 {}, labels: {}, {} plies after the opening skipped, every {} position(s).",
        set.version + 1,
        games.len(),
        held.len(),
        job.iterations,
        job.l2,
        if labels.search_nodes == 0 {
            "the moves played".to_string()
        } else {
            format!("a search of {} nodes", labels.search_nodes)
        },
        labels.skip_plies,
        labels.every
    )];
    let mut saved = Vec::new();
    for rule in Rule::ALL {
        let (tr, tr_lines) = order_samples(&train, rule, labels);
        let (va, va_lines) = order_samples(&held, rule, labels);
        saved.extend(tr_lines);
        saved.extend(va_lines);
        if tr.is_empty() {
            continue;
        }
        let start = hand_params(rule);
        let temp = fit_temperature(&start, &tr);
        let w = job.width;
        let (t0, v0) = (
            order_loss(&start, temp, &tr, w),
            order_loss(&start, temp, &va, w),
        );
        let fitted = fit_order(&start, temp, &tr, job.iterations, job.l2);
        let entries = order_entries(rule, &fitted, &start);
        let rounded = {
            let mut r = start.clone();
            for e in &entries {
                r[order_param(e.slot, 0, e.combo)] = f64::from(e.own);
                r[order_param(e.slot, 1, e.combo)] = f64::from(e.opp);
            }
            r
        };
        let (t1, v1) = (
            order_loss(&rounded, temp, &tr, w),
            order_loss(&rounded, temp, &va, w),
        );
        set.entries.retain(|e| e.rule != rule);
        let n = entries.len();
        set.entries.extend(entries);
        let pct = |x: f64| 100.0 * x;
        report.push(format!(
            "{rule}: {} positions ({} held out), temperature {temp:.1}, loss {:.4} -> {:.4} (held out {:.4} -> {:.4}), chosen move first {:.1} % -> {:.1} % (held out {:.1} % -> {:.1} %), within the first {w} {:.1} % -> {:.1} % (held out {:.1} % -> {:.1} %), {n} entries",
            tr.len(),
            va.len(),
            t0.loss,
            t1.loss,
            v0.loss,
            v1.loss,
            pct(t0.top1),
            pct(t1.top1),
            pct(v0.top1),
            pct(v1.top1),
            pct(t0.within),
            pct(t1.within),
            pct(v0.within),
            pct(v1.within),
        ));
        eprintln!("{}", report.last().expect("pushed"));
    }
    if let Some(f) = job.save_labels {
        let text: String = saved.iter().map(|g| g.to_line() + "\n").collect();
        if let Err(e) = std::fs::write(f, text) {
            eprintln!("{f}: {e}");
            return ExitCode::FAILURE;
        }
        eprintln!("{} labelled positions written to {f}", saved.len());
    }
    set.version += 1;
    eprintln!("fit time {:.1} s", t.elapsed().as_secs_f64());
    if let Err(e) = std::fs::write(job.out, set.to_text(&report.join("\n"))) {
        eprintln!("{}: {e}", job.out);
        return ExitCode::FAILURE;
    }
    println!("wrote {}", job.out);
    ExitCode::SUCCESS
}
