//! Score reports against an independent oracle: every view, every "which attempt counts"
//! mode and every row grouping is computed here, in plain Rust, from the attempts the test
//! sent, and compared cell by cell with what the API answers — again after late and
//! duplicate attempts arrive. And what each kind of reader may see.

use std::collections::{BTreeMap, BTreeSet};

use rand::{RngExt, SeedableRng, rngs::StdRng};
use reqwest::Method;
use sea_orm::{ConnectionTrait, sea_query::Query};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use kernel::Role;

use crate::{
    audit::past_eula,
    helpers::{ServerProcess, TestApp, TestUser, assert_problem, spawn_app},
    licences::{call, ok},
};

const DIFFICULTIES: [&str; 3] = ["easy", "medium", "hard"];
const PICKS: [&str; 4] = ["best", "latest", "first", "average"];

struct Level {
    id: Uuid,
    chapter: Uuid,
    max: u32,
    /// The skills it trains, each with its maximum here (unequal shares of `max`).
    skills: Vec<(Uuid, u32)>,
}

/// Two companies with two batches each, a small catalogue and a game client.
pub(crate) struct World {
    pub(crate) root: String,
    pub(crate) companies: [Uuid; 2],
    /// Trainee → company.
    pub(crate) trainees: Vec<(Uuid, Uuid)>,
    /// Batch → its trainees.
    pub(crate) batches: BTreeMap<Uuid, BTreeSet<Uuid>>,
    levels: Vec<Level>,
    approaches: Vec<Uuid>,
    key: String,
    pub(crate) start: OffsetDateTime,
    /// A trainee of the first company who signs in with a password.
    signed: TestUser,
}

/// An attempt as the test sent it.
#[derive(Clone, Debug)]
pub(crate) struct Sent {
    pub(crate) trainee: Uuid,
    /// Index into the world's levels, which are in catalogue order.
    pub(crate) level: usize,
    difficulty: &'static str,
    approach: Uuid,
    pub(crate) score: u32,
    /// Per skill reported: the points, and the skill's maximum at the level when it was sent.
    points: BTreeMap<Uuid, (u32, u32)>,
    pub(crate) completed: OffsetDateTime,
}

async fn insert(app: &TestApp, table: &str, columns: &[&str], values: Vec<sea_orm::sea_query::Expr>) {
    let statement = Query::insert()
        .into_table(table.to_owned())
        .columns(columns.iter().map(|c| c.to_string()))
        .values_panic(values)
        .take();
    app.db.execute(&statement).await.unwrap();
}

pub(crate) async fn world(app: &TestApp) -> World {
    let root = app.super_admin().await;
    let companies = [app.company("Orbis", false, 30).await, app.company("Meridian", false, 30).await];
    let mut trainees = Vec::new();
    let mut batches = BTreeMap::new();
    let mut signing = Vec::new();
    for company in companies {
        let (first_batch, _) = app.seats_for(&root, company, 10).await;
        let second = json!({ "company_id": company, "name": format!("Second {}", Uuid::now_v7().simple()) });
        let second = ok(call(app, Method::POST, "/api/v1/batches", &root, Some(second)).await, 201).await;
        let second: Uuid = serde_json::from_value(second["id"].clone()).unwrap();
        let mut mine = Vec::new();
        for _ in 0..5 {
            mine.push(app.trainee_of(&root, company).await);
        }
        let signed = app.user(Role::User, Some(company)).await;
        ok(call(app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": signed.id }))).await, 201).await;
        mine.push(signed.id);
        signing.push(signed);
        // 0, 1, 2 in the first batch; 2 and 3 in the second; 4 in none.
        for (batch, members) in [(first_batch, &mine[0..3]), (second, &mine[2..4])] {
            for member in members {
                let path = format!("/api/v1/batches/{batch}/members/{member}");
                let answer = call(app, Method::PUT, &path, &root, None).await;
                assert!(answer.status().is_success(), "{}", answer.text().await.unwrap());
            }
            batches.insert(batch, members.iter().copied().collect::<BTreeSet<_>>());
        }
        trainees.extend(mine.into_iter().map(|t| (t, company)));
    }
    let mut skills = Vec::new();
    for name in ["Listening", "Negotiation", "Planning"] {
        let id = Uuid::now_v7();
        insert(app, "skills", &["id", "name"], vec![id.into(), name.into()]).await;
        skills.push(id);
    }
    let mut approaches = Vec::new();
    for name in ["Collaborative", "Direct"] {
        let id = Uuid::now_v7();
        insert(app, "approaches", &["id", "name"], vec![id.into(), name.into()]).await;
        approaches.push(id);
    }
    let chapters = [Uuid::now_v7(), Uuid::now_v7()];
    for (number, chapter) in (1..).zip(chapters) {
        insert(app, "chapters", &["id", "number", "title"], vec![chapter.into(), number.into(), "Chapter".into()])
            .await;
    }
    let mut levels = Vec::new();
    for (chapter, number, max, trained) in
        [(0, 1, 100, [(0, 70), (1, 30)]), (0, 2, 60, [(1, 30), (2, 30)]), (1, 1, 80, [(0, 50), (2, 30)])]
    {
        let id = Uuid::now_v7();
        insert(
            app,
            "levels",
            &["id", "chapter_id", "number", "title", "max_score", "difficulty"],
            vec![id.into(), chapters[chapter].into(), number.into(), "Level".into(), max.into(), "medium".into()],
        )
        .await;
        for (skill, most) in trained {
            let row = vec![id.into(), skills[skill].into(), most.into()];
            insert(app, "level_skills", &["level_id", "skill_id", "max_points"], row).await;
        }
        let skills = trained.map(|(s, most)| (skills[s], most)).to_vec();
        levels.push(Level { id, chapter: chapters[chapter], max, skills });
    }
    let (_, key) = app.game_client(&root, json!({ "name": "The game", "kind": "game", "all_companies": true })).await;
    let start = app.clock_now();
    app.clock.advance(Duration::days(40));
    let root = app.super_admin().await;
    let signed = signing.swap_remove(0);
    World { root, companies, trainees, batches, levels, approaches, key, start, signed }
}

impl World {
    /// `count` random attempts, completed at distinct minutes between `from` and `from + 30 days`.
    pub(crate) fn random(&self, rng: &mut StdRng, count: usize, from: OffsetDateTime) -> Vec<Sent> {
        let mut minutes: BTreeSet<i64> = BTreeSet::new();
        while minutes.len() < count {
            minutes.insert(rng.random_range(60..30 * 24 * 60));
        }
        let mut minutes: Vec<i64> = minutes.into_iter().collect();
        // Sent in random order, so some arrive after later plays (late attempts).
        for i in (1..minutes.len()).rev() {
            minutes.swap(i, rng.random_range(0..=i));
        }
        minutes
            .into_iter()
            .map(|minute| {
                let level = rng.random_range(0..self.levels.len());
                let max = self.levels[level].max;
                // Sometimes a skill is not reported: it counts nothing in that attempt.
                let mut points = BTreeMap::new();
                for &(skill, most) in &self.levels[level].skills {
                    if rng.random_range(0..5) > 0 {
                        points.insert(skill, (rng.random_range(0..=most), most));
                    }
                }
                Sent {
                    trainee: self.trainees[rng.random_range(0..self.trainees.len())].0,
                    level,
                    difficulty: DIFFICULTIES[rng.random_range(0..3)],
                    approach: self.approaches[rng.random_range(0..self.approaches.len())],
                    // Ties of the best share happen: scores are often round.
                    score: rng.random_range(0..=4) * max / 4,
                    points,
                    completed: from + Duration::minutes(minute),
                }
            })
            .collect()
    }

    pub(crate) async fn send(&self, app: &TestApp, sent: &[Sent], first_id: usize) -> Vec<String> {
        self.send_to(app, &app.url("/api/v1/game/attempts"), sent, first_id).await
    }

    /// Sends `sent` to the attempts endpoint at `url` (this process or another).
    async fn send_to(&self, app: &TestApp, url: &str, sent: &[Sent], first_id: usize) -> Vec<String> {
        let items: Vec<Value> = sent
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let points: serde_json::Map<String, Value> =
                    a.points.iter().map(|(s, (p, _))| (s.to_string(), json!(p))).collect();
                json!({
                    "external_id": format!("play-{}", first_id + i), "trainee": a.trainee,
                    "level": self.levels[a.level].id, "difficulty": a.difficulty, "approach": a.approach,
                    "score": a.score, "max_score": self.levels[a.level].max, "skill_points": points,
                    "duration_seconds": 1,
                    "started_at": (a.completed - Duration::seconds(1)).format(&Rfc3339).unwrap(),
                    "completed_at": a.completed.format(&Rfc3339).unwrap(),
                })
            })
            .collect();
        let response = app.client.post(url).bearer_auth(&self.key).json(&json!({ "attempts": items })).send().await;
        let answer = ok(response.expect("request"), 200).await;
        app.until_counted("/api/v1/reports/scores?group=all", &self.root).await;
        answer["results"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap().to_owned()).collect()
    }

    /// The maximum of the level `sent` was played at.
    pub(crate) fn max_of(&self, sent: &Sent) -> u32 {
        self.levels[sent.level].max
    }

    /// The levels' ids in catalogue order.
    pub(crate) fn level_ids(&self) -> Vec<Uuid> {
        self.levels.iter().map(|l| l.id).collect()
    }

    /// The trainee who signs in with a password, and their token.
    pub(crate) fn signed_id(&self) -> Uuid {
        self.signed.id
    }

    pub(crate) async fn signed_token(&self, app: &TestApp) -> String {
        app.token_of(&self.signed).await
    }

    pub(crate) fn company_of(&self, trainee: Uuid) -> Uuid {
        self.trainees.iter().find(|(t, _)| *t == trainee).unwrap().1
    }
}

/// What one mode counts of one trainee's attempts at one level.
struct Counted {
    score: f64,
    max: f64,
    at: OffsetDateTime,
    last: OffsetDateTime,
    difficulty: &'static str,
    approach: Uuid,
    /// Per skill some attempt reported: the points counted and the maximum they count against
    /// (0 where the counted attempt did not report the skill).
    points: BTreeMap<Uuid, (f64, f64)>,
    attempts: u64,
}

fn counted(plays: &[&Sent], pick: &str, max: u32) -> Counted {
    let mut by_time: Vec<&Sent> = plays.to_vec();
    by_time.sort_by_key(|a| a.completed);
    let latest = by_time[by_time.len() - 1];
    let reported: BTreeSet<Uuid> = plays.iter().flat_map(|a| a.points.keys().copied()).collect();
    let one = |a: &Sent| Counted {
        score: f64::from(a.score),
        max: f64::from(max),
        at: a.completed,
        last: latest.completed,
        difficulty: a.difficulty,
        approach: a.approach,
        points: reported
            .iter()
            .map(|s| {
                let (points, most) = a.points.get(s).copied().unwrap_or((0, 0));
                (*s, (f64::from(points), f64::from(most)))
            })
            .collect(),
        attempts: plays.len() as u64,
    };
    match pick {
        "first" => one(by_time[0]),
        "latest" => one(latest),
        // The highest score (one level, one maximum), the earliest among equals.
        "best" => one(by_time.iter().copied().fold(by_time[0], |best, a| if a.score > best.score { a } else { best })),
        _ => {
            let n = plays.len() as f64;
            Counted {
                score: plays.iter().map(|a| f64::from(a.score)).sum::<f64>() / n,
                max: f64::from(max),
                points: reported
                    .iter()
                    .map(|s| {
                        let sum = |part: fn((u32, u32)) -> u32| {
                            plays.iter().map(|a| f64::from(a.points.get(s).copied().map_or(0, part))).sum::<f64>() / n
                        };
                        (*s, (sum(|(points, _)| points), sum(|(_, most)| most)))
                    })
                    .collect(),
                ..one(latest)
            }
        }
    }
}

/// Sums toward one cell.
#[derive(Default)]
struct Sum {
    results: u64,
    trainees: BTreeSet<Uuid>,
    attempts: u64,
    score: f64,
    max: f64,
    best: f64,
    last: Option<OffsetDateTime>,
}

impl Sum {
    fn add(&mut self, trainee: Uuid, score: f64, max: f64, c: &Counted) {
        self.results += 1;
        self.trainees.insert(trainee);
        self.attempts += c.attempts;
        self.score += score;
        self.max += max;
        self.best = self.best.max(score * 100.0 / max);
        self.last = self.last.max(Some(c.last));
    }

    fn measured(&self, measure: &str) -> f64 {
        if measure == "percent" { self.score * 100.0 / self.max } else { self.score / self.results as f64 }
    }
}

#[derive(Clone, Copy)]
struct Ask<'a> {
    view: &'a str,
    measure: &'a str,
    pick: &'a str,
    group: &'a str,
    batch: Option<Uuid>,
    chapter: Option<Uuid>,
    from: Option<time::Date>,
    to: Option<time::Date>,
}

/// Row id → column key → expected cell, computed from the attempts sent.
fn oracle(world: &World, sent: &[Sent], ask: Ask<'_>) -> BTreeMap<Uuid, BTreeMap<String, Value>> {
    let mut pairs: BTreeMap<(Uuid, usize), Vec<&Sent>> = BTreeMap::new();
    for a in sent {
        pairs.entry((a.trainee, a.level)).or_default().push(a);
    }
    let mut sums: BTreeMap<(Uuid, String), Sum> = BTreeMap::new();
    for ((trainee, level), plays) in &pairs {
        let info = &world.levels[*level];
        if ask.chapter.is_some_and(|c| c != info.chapter) {
            continue;
        }
        if let Some(batch) = ask.batch
            && !world.batches[&batch].contains(trainee)
        {
            continue;
        }
        let mut c = counted(plays, ask.pick, info.max);
        let outside = |day: time::Date| ask.from.is_some_and(|from| day < from) || ask.to.is_some_and(|to| day > to);
        if outside(c.at.date()) {
            continue;
        }
        if ask.from.is_some() || ask.to.is_some() {
            // Attempts and the last play are those on the chosen days.
            let on_days: Vec<OffsetDateTime> =
                plays.iter().map(|a| a.completed).filter(|at| !outside(at.date())).collect();
            c.attempts = on_days.len() as u64;
            c.last = on_days.into_iter().max().unwrap();
        }
        let rows: Vec<Uuid> = match ask.group {
            "company" => vec![world.company_of(*trainee)],
            "trainee" => vec![*trainee],
            "level" => vec![info.id],
            _ => world
                .batches
                .iter()
                .filter(|(b, members)| members.contains(trainee) && ask.batch.is_none_or(|only| only == **b))
                .map(|(b, _)| *b)
                .collect(),
        };
        // A skill counts its points over its own maxima, where the counted attempt reported it.
        let columns: Vec<(String, f64, f64)> = match ask.view {
            "overview" => vec![(String::new(), c.score, c.max)],
            "skill" => c
                .points
                .iter()
                .filter(|(_, (_, most))| *most > 0.0)
                .map(|(s, (p, most))| (s.to_string(), *p, *most))
                .collect(),
            "difficulty" => vec![(c.difficulty.to_owned(), c.score, c.max)],
            "approach" => vec![(c.approach.to_string(), c.score, c.max)],
            "level" => vec![(info.id.to_string(), c.score, c.max)],
            _ => vec![(info.chapter.to_string(), c.score, c.max)],
        };
        for row in rows {
            for (column, score, max) in &columns {
                sums.entry((row, column.clone())).or_default().add(*trainee, *score, *max, &c);
            }
        }
    }
    let mut expected: BTreeMap<Uuid, BTreeMap<String, Value>> = BTreeMap::new();
    for ((row, column), sum) in sums {
        let cells = expected.entry(row).or_default();
        if ask.view == "overview" {
            if ask.group != "trainee" {
                cells.insert("trainees".into(), json!(sum.trainees.len() as f64));
            }
            if ask.group != "level" {
                cells.insert("levels".into(), json!(sum.results as f64));
            }
            cells.insert("attempts".into(), json!(sum.attempts as f64));
            cells.insert("points".into(), json!(sum.score));
            cells.insert("score".into(), json!(sum.measured(ask.measure)));
            cells.insert("best".into(), json!(sum.best));
            cells.insert("last_played".into(), json!(sum.last.unwrap().format(&Rfc3339).unwrap()));
        } else {
            cells.insert(column, json!(sum.measured(ask.measure)));
        }
    }
    expected
}

/// The rows of people with results in the selection, and the ids of those who have not started.
async fn answered(
    app: &TestApp,
    token: &str,
    ask: Ask<'_>,
) -> (BTreeMap<Uuid, BTreeMap<String, Value>>, BTreeSet<Uuid>) {
    let mut path = format!(
        "/api/v1/reports/scores?view={}&measure={}&attempt={}&group={}&per_page=200",
        ask.view, ask.measure, ask.pick, ask.group
    );
    for (name, value) in [("batch", ask.batch.map(|b| b.to_string())), ("chapter", ask.chapter.map(|c| c.to_string()))]
        .into_iter()
        .chain([("from", ask.from.map(|d| d.to_string())), ("to", ask.to.map(|d| d.to_string()))])
    {
        if let Some(value) = value {
            path.push_str(&format!("&{name}={value}"));
        }
    }
    let report = ok(call(app, Method::GET, &path, token, None).await, 200).await;
    assert_eq!(report["group"], ask.group, "{path}");
    let keys: Vec<String> =
        report["columns"].as_array().unwrap().iter().map(|c| c["key"].as_str().unwrap().to_owned()).collect();
    let rows = report["rows"].as_array().unwrap();
    let (started, idle): (Vec<&Value>, Vec<&Value>) = rows.iter().partition(|row| row["started"] == true);
    let idle = idle
        .into_iter()
        .map(|row| {
            assert!(row["cells"].as_array().unwrap().iter().all(Value::is_null), "{path}: {row}");
            serde_json::from_value(row["id"].clone()).unwrap()
        })
        .collect();
    let started = started
        .into_iter()
        .map(|row| {
            let cells = row["cells"]
                .as_array()
                .unwrap()
                .iter()
                .zip(&keys)
                .filter(|(cell, _)| !cell.is_null())
                .map(|(cell, key)| (key.clone(), cell.clone()))
                .collect();
            (serde_json::from_value(row["id"].clone()).unwrap(), cells)
        })
        .collect();
    (started, idle)
}

/// Who has not started in the selection `ask` makes: everyone its rows are about (within its
/// batch) with no result there.
fn not_started(world: &World, sent: &[Sent], ask: Ask<'_>) -> BTreeSet<Uuid> {
    let with_results = oracle(world, sent, Ask { view: "overview", ..ask });
    let in_batch = |trainee: &Uuid| ask.batch.is_none_or(|b| world.batches[&b].contains(trainee));
    let everyone: BTreeSet<Uuid> = match ask.group {
        "trainee" => world.trainees.iter().map(|(t, _)| *t).filter(in_batch).collect(),
        "batch" => world.batches.keys().copied().filter(|b| ask.batch.is_none_or(|only| only == *b)).collect(),
        "company" => world
            .companies
            .iter()
            .copied()
            .filter(|c| ask.batch.is_none_or(|b| world.batches[&b].iter().any(|t| world.company_of(*t) == *c)))
            .collect(),
        _ => BTreeSet::new(),
    };
    everyone.into_iter().filter(|id| !with_results.contains_key(id)).collect()
}

/// Every view × measure × mode × grouping, and a few filters, agree with the oracle.
async fn compare_everything(app: &TestApp, world: &World, sent: &[Sent]) -> usize {
    let (mut compared, mut not_started_rows) = (0, 0);
    let whole = Ask {
        view: "overview",
        measure: "percent",
        pick: "best",
        group: "company",
        batch: None,
        chapter: None,
        from: None,
        to: None,
    };
    let mut asks = Vec::new();
    for view in ["overview", "skill", "difficulty", "level", "approach", "chapter"] {
        for measure in ["percent", "absolute"] {
            for pick in PICKS {
                for group in ["company", "batch", "trainee", "level"] {
                    asks.push(Ask { view, measure, pick, group, ..whole });
                }
            }
        }
    }
    let batch = *world.batches.keys().next().unwrap();
    let chapter = world.levels[0].chapter;
    let middle = (world.start + Duration::days(25)).date();
    for pick in PICKS {
        asks.push(Ask { pick, group: "trainee", batch: Some(batch), ..whole });
        asks.push(Ask { view: "skill", pick, group: "batch", batch: Some(batch), ..whole });
        asks.push(Ask { view: "level", pick, group: "trainee", chapter: Some(chapter), ..whole });
        asks.push(Ask { pick, group: "trainee", from: Some(middle), ..whole });
        asks.push(Ask { view: "difficulty", pick, group: "company", to: Some(middle), ..whole });
    }
    for ask in asks {
        let expected = oracle(world, sent, ask);
        let (got, idle) = answered(app, &world.root, ask).await;
        assert_eq!(idle, not_started(world, sent, ask), "who has not started in {ask:?}");
        not_started_rows += idle.len();
        assert_eq!(got.keys().collect::<Vec<_>>(), expected.keys().collect::<Vec<_>>(), "rows of {ask:?}");
        for (row, cells) in &expected {
            assert_eq!(got[row].keys().collect::<Vec<_>>(), cells.keys().collect::<Vec<_>>(), "columns of {ask:?}");
            for (key, want) in cells {
                let have = &got[row][key];
                let same = match (want.as_f64(), have.as_f64()) {
                    (Some(w), Some(h)) => (w - h).abs() < 1e-6,
                    _ => {
                        let at = |v: &Value| OffsetDateTime::parse(v.as_str().unwrap(), &Rfc3339).unwrap();
                        at(want) == at(have)
                    }
                };
                assert!(same, "{ask:?} row {row} column {key}: expected {want}, got {have}");
                compared += 1;
            }
        }
    }
    assert!(not_started_rows > 0, "some selection leaves someone who has not started");
    compared
}

impl std::fmt::Debug for Ask<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}/{}/{} by {} (batch {:?}, chapter {:?}, {:?}..{:?})",
            self.view, self.measure, self.pick, self.group, self.batch, self.chapter, self.from, self.to
        )
    }
}

/// What a reader may see, and the rows they get.
struct Seen {
    companies: BTreeSet<Uuid>,
    batches: BTreeSet<Uuid>,
    trainees: BTreeSet<Uuid>,
}

async fn get(app: &TestApp, token: &str, path: &str) -> reqwest::Response {
    app.client.get(app.url(path)).bearer_auth(token).send().await.expect("request")
}

crate::on_both_databases! {
    async fn every_view_agrees_with_an_oracle_over_the_raw_attempts_also_after_late_ones(db: TestDb) {
        let app = spawn_app(db).await;
        let mut world = world(&app).await;
        let mut rng = StdRng::seed_from_u64(15);
        let mut sent = world.random(&mut rng, 120, world.start + Duration::days(5));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let compared = compare_everything(&app, &world, &sent).await;
        assert!(compared > 2_000, "only {compared} cells compared");

        // Late attempts (played before many already counted), and the first ten sent again.
        let late = world.random(&mut rng, 60, world.start + Duration::hours(2));
        assert!(world.send(&app, &late, 1_000).await.iter().all(|s| s == "stored"));
        let again = world.send(&app, &sent[..10], 0).await;
        assert!(again.iter().all(|s| s == "duplicate"), "{again:?}");
        sent.extend(late);
        compare_everything(&app, &world, &sent).await;

        // The catalogue lowers a skill's maximum: attempts stored before keep the maximum they
        // were played against, later ones are held to the new one.
        let (level, (skill, _)) = (&world.levels[0], world.levels[0].skills[0]);
        let maxima: BTreeMap<String, u32> = [(skill.to_string(), 60), (level.skills[1].0.to_string(), 30)].into();
        let body = json!({
            "chapter_id": level.chapter, "number": 1, "title": { "en": "Level" }, "max_score": level.max,
            "difficulty": "medium", "skill_ids": level.skills.iter().map(|(s, _)| s).collect::<Vec<_>>(),
            "skill_max_points": maxima,
        });
        let saved = ok(call(&app, Method::PUT, &format!("/api/v1/levels/{}", level.id), &world.root, Some(body)).await, 200).await;
        assert_eq!(saved["skill_max_points"][skill.to_string()], 60, "{saved}");
        assert_eq!(saved["skill_max_points"][level.skills[1].0.to_string()], 30, "{saved}");
        world.levels[0].skills[0].1 = 60;
        let mut above = world.random(&mut rng, 1, world.start + Duration::days(20));
        above[0].level = 0;
        above[0].points = BTreeMap::from([(skill, (61, 60))]);
        assert_eq!(world.send(&app, &above, 2_000).await, ["invalid"], "61 points of a skill worth 60 here");
        let after = world.random(&mut rng, 60, world.start + Duration::days(3));
        assert!(world.send(&app, &after, 3_000).await.iter().all(|s| s == "stored"));
        sent.extend(after);
        compare_everything(&app, &world, &sent).await;

        // The migration's fold of attempts that were there before it answers the same.
        for table in ["company_results", "company_level_rollups", "trainee_rollups", "level_result_skills", "level_results"] {
            app.db.execute_unprepared(&format!("DELETE FROM {table}")).await.unwrap();
        }
        for statement in migration::fold_attempts_into_results() {
            app.db.execute_unprepared(&statement).await.unwrap();
        }
        compare_everything(&app, &world, &sent).await;
    }

    /// Games send their clocks' offsets: a day is a UTC day and the attempts view orders by
    /// the instant on both databases, from -12:00 to +14:00 around both midnights.
    async fn the_attempts_view_filters_and_orders_by_the_utc_instant_whatever_offset_was_sent(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let day = (world.start + Duration::days(10)).date();
        let midnight = day.with_time(time::Time::MIDNIGHT).assume_utc();
        let trainee = world.trainees[0].0;
        let offsets = [(-12, 0), (-9, -30), (-5, 0), (0, 0), (5, 30), (9, 0), (14, 0)];
        let mut sent = Vec::new();
        for (i, (hours, minutes)) in offsets.into_iter().enumerate() {
            let offset = time::UtcOffset::from_hms(hours, minutes, 0).unwrap();
            let i = i64::try_from(i).unwrap();
            for edge in [midnight, midnight + Duration::days(1)] {
                for seconds in [-3_601 - i, -61 - i, -1 - i, i, 59 + i, 3_599 + i] {
                    sent.push(Sent {
                        trainee,
                        level: 0,
                        difficulty: "easy",
                        approach: world.approaches[0],
                        score: 50,
                        points: BTreeMap::new(),
                        completed: (edge + Duration::seconds(seconds)).to_offset(offset),
                    });
                }
            }
        }
        // The best play, at noon: the day's overview has a row for the trainee.
        let noon = (midnight + Duration::hours(12)).to_offset(time::UtcOffset::from_hms(3, 0, 0).unwrap());
        sent.push(Sent { score: 90, completed: noon, ..sent[0].clone() });
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let on_day: Vec<OffsetDateTime> = sent.iter().map(|a| a.completed).filter(|at| at.to_offset(time::UtcOffset::UTC).date() == day).collect();
        assert_eq!(on_day.len(), 7 * 6 + 1, "half of each side of both midnights, and noon");
        let read = |order: &'static str| {
            let path = format!("/api/v1/reports/scores?view=attempts&user={trainee}&from={day}&to={day}&per_page=200{order}");
            let (app, root) = (&app, &world.root);
            async move {
                let page = ok(call(app, Method::GET, &path, root, None).await, 200).await;
                let at = page["columns"].as_array().unwrap().iter().position(|c| c["key"] == "completed_at").unwrap();
                let times: Vec<OffsetDateTime> = page["rows"].as_array().unwrap().iter()
                    .map(|r| OffsetDateTime::parse(r["cells"][at].as_str().unwrap(), &Rfc3339).unwrap())
                    .collect();
                (page["total"].as_u64().unwrap(), times)
            }
        };
        let mut newest_first = on_day.clone();
        newest_first.sort_unstable_by(|a, b| b.cmp(a));
        let (total, times) = read("").await;
        assert_eq!((total, &times), (on_day.len() as u64, &newest_first), "the day's attempts, newest first");
        let (_, oldest_first) = read("&order=asc").await;
        newest_first.reverse();
        assert_eq!(oldest_first, newest_first, "order=asc without sort: oldest first");

        // The overview on that day counts only that day's attempts, and its last play is one of them.
        let path = format!("/api/v1/reports/scores?view=overview&group=trainee&user={trainee}&from={day}&to={day}");
        let overview = ok(call(&app, Method::GET, &path, &world.root, None).await, 200).await;
        let keys: Vec<&str> = overview["columns"].as_array().unwrap().iter().map(|c| c["key"].as_str().unwrap()).collect();
        let cell = |key: &str| overview["rows"][0]["cells"][keys.iter().position(|k| *k == key).unwrap()].clone();
        assert_eq!(cell("attempts"), json!(on_day.len() as f64), "{overview}");
        let last = OffsetDateTime::parse(cell("last_played").as_str().unwrap(), &Rfc3339).unwrap();
        assert_eq!(last, *on_day.iter().max().unwrap(), "{overview}");
    }

    /// The answer in words agrees with the views it sums up: the score and its change with the
    /// overview of the same days, the weakest and strongest skill and level with their views
    /// (and the whole provider's beside a company's), the quiet trainees with the attempts sent.
    async fn the_insight_says_what_the_views_show(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let sent = world.random(&mut StdRng::seed_from_u64(21), 150, world.start + Duration::days(5));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let company = world.companies[0];
        let get_json = |path: String| {
            let (app, root) = (&app, &world.root);
            async move { ok(call(app, Method::GET, &path, root, None).await, 200).await }
        };
        let insight = get_json(format!("/api/v1/reports/insight?company={company}")).await;
        // One total row of a view: its cells by column key.
        let total = |view: &'static str, extra: String| {
            let get_json = &get_json;
            async move {
                let report = get_json(format!("/api/v1/reports/scores?view={view}&group=all{extra}")).await;
                let keys: Vec<String> = report["columns"].as_array().unwrap().iter().map(|c| c["key"].as_str().unwrap().to_owned()).collect();
                let cells = report["rows"][0]["cells"].as_array().cloned().unwrap_or_default();
                keys.into_iter().zip(cells).filter(|(_, v)| v.is_number()).map(|(k, v)| (k, v.as_f64().unwrap())).collect::<BTreeMap<String, f64>>()
            }
        };
        let close = |a: &Value, b: f64| (a.as_f64().unwrap() - b).abs() < 1e-9;
        assert!(close(&insight["score"], total("overview", format!("&company={company}")).await["score"]), "{insight}");

        let (from, to) = (insight["period_from"].as_str().unwrap(), insight["period_to"].as_str().unwrap());
        let today = app.clock_now().date();
        assert_eq!((from, to), ((today - Duration::days(29)).to_string().as_str(), today.to_string().as_str()));
        let before_to = time::Date::parse(from, &time::format_description::well_known::Iso8601::DATE).unwrap() - Duration::days(1);
        let now = total("overview", format!("&company={company}&from={from}&to={to}")).await["score"];
        let before = total("overview", format!("&company={company}&from={}&to={before_to}", before_to - Duration::days(29))).await["score"];
        assert!(close(&insight["change"], now - before), "{insight}: {now} - {before}");

        for (kind, view) in [("skill", "skill"), ("level", "level")] {
            let mine = total(view, format!("&company={company}")).await;
            let all = total(view, String::new()).await;
            let lowest = mine.iter().min_by(|a, b| a.1.total_cmp(b.1)).unwrap();
            let highest = mine.iter().max_by(|a, b| a.1.total_cmp(b.1)).unwrap();
            let weakest = &insight[format!("weakest_{kind}")];
            let strongest = &insight[format!("strongest_{kind}")];
            assert_eq!(weakest["id"].as_str().unwrap(), lowest.0, "{insight}");
            assert!(close(&weakest["score"], *lowest.1) && close(&weakest["cohort"], all[lowest.0]), "{insight}");
            assert_eq!(strongest["id"].as_str().unwrap(), highest.0, "{insight}");
        }

        // A batch stands beside its company; a batch that does not exist is an empty selection.
        let batch = *world.batches.keys().next().unwrap();
        let of_batch = get_json(format!("/api/v1/reports/insight?batch={batch}")).await;
        assert!(of_batch["weakest_skill"]["cohort"].is_number(), "{of_batch}");
        let nowhere = get_json(format!("/api/v1/reports/insight?batch={}", Uuid::now_v7())).await;
        assert_eq!((&nowhere["score"], &nowhere["trainees"]), (&Value::Null, &json!(0)), "{nowhere}");

        // A company admin's whole company has no cohort of its own to stand beside.
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let admin = app.token_of(&admin).await;
        let own = ok(call(&app, Method::GET, "/api/v1/reports/insight", &admin, None).await, 200).await;
        assert_eq!((&own["score"], &own["weakest_skill"]["cohort"]), (&insight["score"], &Value::Null), "{own}");

        // Quiet: the company's trainees with no play in the last 14 days (one never played).
        app.trainee_of(&world.root, company).await;
        let insight = get_json(format!("/api/v1/reports/insight?company={company}")).await;
        let recent: BTreeSet<Uuid> = sent.iter().filter(|a| a.completed.date() > today - Duration::days(14)).map(|a| a.trainee).collect();
        let mine: Vec<Uuid> = world.trainees.iter().filter(|(_, c)| *c == company).map(|(t, _)| *t).collect();
        assert_eq!(insight["trainees"], mine.len() + 1);
        assert_eq!(insight["quiet"], mine.iter().filter(|t| !recent.contains(t)).count() + 1, "{insight}");
        assert_eq!(insight["quiet_days"], 14);
    }

    async fn small_pages_of_a_view_sorted_by_name_are_its_rows_in_order(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let mut sent = world.random(&mut StdRng::seed_from_u64(17), 80, world.start + Duration::days(1));
        // One trainee plays, but never reports skill points: a row of every view but skills.
        let pointless = world.trainees[0].0;
        for attempt in sent.iter_mut().filter(|a| a.trainee == pointless) {
            attempt.points.clear();
        }
        assert!(sent.iter().any(|a| a.trainee == pointless));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        for view in ["level", "chapter", "difficulty", "approach", "skill"] {
            for (group, order, search) in [("trainee", "asc", ""), ("trainee", "desc", ""), ("batch", "desc", ""), ("trainee", "asc", "&q=E")] {
                let path = |page: u64, per_page: u64| {
                    format!("/api/v1/reports/scores?view={view}&group={group}&sort=name&order={order}{search}&page={page}&per_page={per_page}")
                };
                let whole = ok(call(&app, Method::GET, &path(1, 200), &world.root, None).await, 200).await;
                let rows = whole["rows"].as_array().unwrap();
                assert!(rows.len() > 3, "{view} by {group}: {} rows", rows.len());
                let labels: Vec<String> = rows.iter().map(|r| r["label"].as_str().unwrap().to_lowercase()).collect();
                let mut sorted = labels.clone();
                sorted.sort();
                if order == "desc" {
                    sorted.reverse();
                }
                assert_eq!(labels, sorted, "{view} by {group}, {order}");
                let mut paged = Vec::new();
                for page in 1..=rows.len().div_ceil(3) as u64 + 1 {
                    let part = ok(call(&app, Method::GET, &path(page, 3), &world.root, None).await, 200).await;
                    assert_eq!(part["total"], whole["total"], "{view} by {group}, page {page}");
                    paged.extend(part["rows"].as_array().unwrap().iter().cloned());
                }
                assert_eq!(&paged, rows, "{view} by {group}, {order}{search}: pages of 3 are the whole, in order");
                if group == "trainee" && search.is_empty() {
                    let shown = rows.iter().any(|r| r["id"] == json!(pointless));
                    assert_eq!(shown, view != "skill", "{view}: the trainee without skill points");
                }
                assert_eq!(whole["total"].as_u64(), Some(rows.len() as u64));
            }
        }
    }

    async fn an_export_walks_every_attempt_once_in_the_order_of_the_view(db: TestDb) {
        use kernel::{PageRequest, SortDirection};
        use scoring::{ReportStore, reports::{Filter, Reader}};
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let sent = world.random(&mut StdRng::seed_from_u64(16), 90, world.start + Duration::days(1));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let store = store::Store::connect(&app._db.url).await.unwrap();
        let all = Reader::All;
        let batch = *world.batches.keys().next().unwrap();
        let of_batch = sent.iter().filter(|a| world.batches[&batch].contains(&a.trainee)).count();
        assert!(of_batch > 0);
        // Scores tie often, and every duration is the same: ties go by id. A batch's attempts
        // are read by its trainees first on PostgreSQL, in the same order.
        for (filter, expected) in [(Filter::default(), 90), (Filter { batch: Some(batch.into()), ..Filter::default() }, of_batch)] {
            for sort in [None, Some("completed_at"), Some("score"), Some("percent"), Some("duration")] {
                for direction in [SortDirection::Asc, SortDirection::Desc] {
                    let sort = sort.map(|key| (key.to_owned(), direction));
                    let mut walked = Vec::new();
                    loop {
                        let chunk =
                            store.attempts_after(&all, &filter, None, sort.as_ref(), walked.last(), 7).await.unwrap();
                        if chunk.is_empty() {
                            break;
                        }
                        walked.extend(chunk);
                    }
                    let mut page = PageRequest::largest(1).unwrap();
                    page.sort.clone_from(&sort);
                    let listed = store.attempts(&all, &filter, None, &page).await.unwrap();
                    let ids = |lines: &[scoring::AttemptLine]| lines.iter().map(|l| l.id).collect::<Vec<_>>();
                    let mut in_order = listed.items.clone();
                    in_order.sort_by_key(|l| (l.completed_at, l.id));
                    if sort.as_ref().is_none_or(|(_, d)| *d == SortDirection::Desc) && sort.as_ref().is_none_or(|(k, _)| k == "completed_at") {
                        in_order.reverse();
                    }
                    if sort.as_ref().is_none_or(|(k, _)| k == "completed_at") {
                        assert_eq!(ids(&listed.items), ids(&in_order), "{sort:?}: newest or oldest first");
                    }
                    assert_eq!(listed.total, expected as u64);
                    assert_eq!(ids(&walked), ids(&listed.items), "{sort:?}: each once, in the view's order");
                }
            }
        }
    }

    async fn two_processes_recording_one_trainees_level_at_once_lose_no_attempt(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let processes = [ServerProcess::start(&app).await, ServerProcess::start(&app).await];
        let urls: Vec<String> = processes.iter().map(|p| p.url("/api/v1/game/attempts")).collect();
        // The processes keep real time: the plays lie in the minutes after the seats were taken.
        let (trainee, mut sent) = (world.trainees[0].0, Vec::new());
        for round in 0..8 {
            let batch = |process: usize| -> Vec<Sent> {
                (0..15)
                    .map(|i| Sent {
                        trainee,
                        level: 0,
                        difficulty: DIFFICULTIES[i % 3],
                        approach: world.approaches[i % 2],
                        score: u32::try_from((i * 7 + round * 13 + process * 29) % 101).unwrap(),
                        points: BTreeMap::from([(world.levels[0].skills[0].0, (u32::try_from(i).unwrap(), world.levels[0].skills[0].1))]),
                        completed: world.start + Duration::seconds(i64::try_from(1 + round * 30 + i * 2 + process).unwrap()),
                    })
                    .collect()
            };
            let (a, b) = (batch(0), batch(1));
            let first = 10_000 + round * 100;
            let (from_a, from_b) =
                tokio::join!(world.send_to(&app, &urls[0], &a, first), world.send_to(&app, &urls[1], &b, first + 50));
            assert!(from_a.iter().chain(&from_b).all(|s| s == "stored"), "{from_a:?} {from_b:?}");
            sent.extend(a);
            sent.extend(b);
        }
        // Every attempt counts, in every view and mode, as if they had come one by one.
        compare_everything(&app, &world, &sent).await;
    }

    async fn each_reader_sees_only_their_own_in_every_view_and_export(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let mut rng = StdRng::seed_from_u64(16);
        let mut sent = world.random(&mut rng, 80, world.start + Duration::days(5));
        // The signed-in trainee surely played.
        sent.extend(sent.clone().into_iter().take(3).map(|a| Sent { trainee: world.signed.id, ..a }).map(|mut a| {
            a.completed += Duration::seconds(30);
            a
        }));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let [mine, theirs] = world.companies;
        let of = |company: Uuid| -> BTreeSet<Uuid> {
            world.trainees.iter().filter(|(_, c)| *c == company).map(|(t, _)| *t).collect()
        };
        let batches_of = |trainees: &BTreeSet<Uuid>| -> BTreeSet<Uuid> {
            world.batches.iter().filter(|(_, m)| m.is_subset(trainees)).map(|(b, _)| *b).collect()
        };
        let admin = app.user(Role::CompanyAdmin, Some(mine)).await;
        let admin = app.token_of(&admin).await;
        let trainee = past_eula(&app, &world.signed).await;
        let (_, partner) = app
            .game_client(&world.root, json!({ "name": "Analytics partner", "kind": "partner", "companies": [mine] }))
            .await;
        let company_sees = Seen { companies: [mine].into(), batches: batches_of(&of(mine)), trainees: of(mine) };
        let readers = [
            ("company admin", admin.as_str(), company_sees),
            ("partner", partner.as_str(), Seen { companies: [mine].into(), batches: batches_of(&of(mine)), trainees: of(mine) }),
            ("trainee", trainee.as_str(), Seen { companies: [mine].into(), batches: BTreeSet::new(), trainees: [world.signed.id].into() }),
        ];
        let their_trainee = *of(theirs).iter().next().unwrap();
        let their_batch = *batches_of(&of(theirs)).iter().next().unwrap();
        let filters = ["".to_owned(), format!("&company={theirs}"), format!("&batch={their_batch}"), format!("&user={their_trainee}")];
        let levels: BTreeSet<Uuid> = world.levels.iter().map(|l| l.id).collect();
        for (who, token, seen) in &readers {
            let played = sent.iter().filter(|a| seen.trainees.contains(&a.trainee)).count();
            for filter in &filters {
                let outside = !filter.is_empty();
                for view in ["overview", "skill", "difficulty", "level", "approach", "chapter"] {
                    for (group, allowed) in [
                        ("company", &seen.companies),
                        ("batch", &seen.batches),
                        ("trainee", &seen.trainees),
                        ("level", &levels),
                    ] {
                        let path = format!("/api/v1/reports/scores?view={view}&group={group}&per_page=200{filter}");
                        let report = ok(get(&app, token, &path).await, 200).await;
                        let rows: BTreeSet<Uuid> = report["rows"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|r| serde_json::from_value(r["id"].clone()).unwrap())
                            .collect();
                        assert!(rows.is_subset(allowed), "{who}: {path} answered {rows:?}");
                        assert!(!outside || rows.is_empty(), "{who}: {path} shows another company's rows");
                    }
                }
                let path = format!("/api/v1/reports/scores?view=attempts&per_page=200{filter}");
                let attempts = ok(get(&app, token, &path).await, 200).await;
                let expected = if outside { 0 } else { played };
                assert_eq!(attempts["total"], expected, "{who}: {path}");

                let csv = get(&app, token, &format!("/api/v1/reports/scores/export.csv?view=attempts{filter}")).await;
                assert_eq!(csv.status(), 200);
                assert_eq!(csv.text().await.unwrap().lines().count(), expected + 1, "{who}: CSV {filter}");
                let xlsx = get(&app, token, &format!("/api/v1/reports/scores/export.xlsx?view=attempts{filter}")).await;
                assert_eq!(xlsx.status(), 200);
                let bytes = xlsx.bytes().await.unwrap();
                let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
                use calamine::Reader as _;
                let sheet = book.worksheet_range_at(0).unwrap().unwrap();
                // The title and its facts, the header row, then a row per attempt.
                let header = sheet.rows().position(|row| row[0] == "Level" && row[1] == "Trainee").expect("a header row");
                assert_eq!(sheet.height(), header + 1 + expected, "{who}: XLSX {filter}");
                if let Some((_, id)) = filter.split_once('=') {
                    // What is outside the reader's scope stays unnamed: the id they asked for.
                    assert_eq!(sheet.get_value((1, 1)), Some(&calamine::Data::String(id.to_owned())), "{who}: XLSX {filter}");
                }
            }
        }
        // The dashboard: a company admin's idle trainees are their own; activity is the super
        // admin's alone; a trainee learns their seat's last day.
        let never_played = app.trainee_of(&world.root, mine).await;
        let dashboard = ok(get(&app, &admin, "/api/v1/dashboard").await, 200).await;
        let idle: BTreeSet<Uuid> = dashboard["inactive_trainees"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| serde_json::from_value(t["id"].clone()).unwrap())
            .collect();
        assert!(idle.contains(&never_played), "{dashboard}");
        assert!(idle.iter().all(|t| *t == never_played || of(mine).contains(t)), "{dashboard}");
        assert_eq!(dashboard["activity"], json!([]));
        assert_eq!(dashboard["companies"], 1);
        let everything = ok(get(&app, &world.root, "/api/v1/dashboard").await, 200).await;
        assert_eq!(everything["activity"].as_array().unwrap().len(), 2, "{everything}");
        assert_eq!(everything["inactive_trainees"], json!([]));
        assert_eq!(everything["seats"]["sold"], 20);
        let own = ok(get(&app, &trainee, "/api/v1/dashboard").await, 200).await;
        assert!(own["licence_valid_until"].is_string(), "{own}");
        assert_eq!(own["inactive_trainees"], json!([]));
        assert_eq!(own["attempts"], sent.iter().filter(|a| a.trainee == world.signed.id).count());

        // Every download is in the audit log: 3 readers × 4 filters × 2 formats.
        assert_eq!(app.audit_count("report.exported").await, 24);
        // The game's own client reports scores; it reads none.
        assert_problem(get(&app, &world.key, "/api/v1/reports/scores").await, 403, "FORBIDDEN").await;
        assert_problem(get(&app, &world.key, "/api/v1/reports/scores/export.csv").await, 403, "FORBIDDEN").await;
        assert_problem(app.get("/api/v1/reports/scores").await, 401, "UNAUTHENTICATED").await;
    }
}
