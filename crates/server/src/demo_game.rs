//! The demo game: plays the demo trainees through the catalogue over a few simulated weeks —
//! skills improving, some levels retried, some reports resent as a flaky network would — and
//! reports the plays as the game does. `serve --demo` plays in-process so the demo starts with
//! scores; `playtrack demo game --key …` plays against a running portal over HTTP, so a
//! newcomer can watch attempts arrive.

use std::collections::BTreeMap;

use kernel::{Clock, SkillId};
use scoring::{ApiClientDraft, AttemptReport, CallingClient, ClientKind, ClientScope, Ingestion, Mode, Outcome};
use serde_json::{Value, json};
use store::{Store, demo_game::GameWorld};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};

/// One simulated week of play: what was reported, resends included.
#[derive(Clone, Debug)]
pub struct Week {
    pub reports: Vec<AttemptReport>,
}

/// What the portal answered to a week's reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub stored: usize,
    pub duplicate: usize,
    pub conflict: usize,
    pub invalid: usize,
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} stored, {} duplicate, {} conflict, {} invalid",
            self.stored, self.duplicate, self.conflict, self.invalid
        )
    }
}

/// `weeks` weeks of play ending at `end`, each trainee starting after their seat did. External
/// ids start with `tag`, so another season (another tag) adds new attempts.
#[must_use]
pub fn season(world: &GameWorld, end: OffsetDateTime, weeks: u32, tag: &str, seed: u64) -> Vec<Week> {
    let mut noise = Noise(seed | 1);
    let first_day = end - Duration::weeks(i64::from(weeks));
    let mut weeks_out: Vec<Week> = (0..weeks).map(|_| Week { reports: Vec::new() }).collect();
    if world.levels.is_empty() || world.approaches.is_empty() {
        return weeks_out;
    }
    for (t, (trainee, seat_from)) in world.trainees.iter().enumerate() {
        let talent = 35 + noise.below(25);
        let mut next_level = 0;
        let mut clock = first_day.max(*seat_from) + Duration::hours(1 + i64::from(noise.below(48)));
        for (w, week) in weeks_out.iter_mut().enumerate() {
            let week_end = first_day + Duration::weeks(i64::try_from(w).unwrap_or(0) + 1);
            for _ in 0..(1 + noise.below(3)) {
                let level = &world.levels[next_level % world.levels.len()];
                let tries = 1 + u32::from(noise.below(10) < 3);
                for attempt in 0..tries {
                    let duration = 240 + noise.below(900);
                    let started_at = clock;
                    let completed_at = started_at + Duration::seconds(i64::from(duration));
                    if completed_at >= week_end.min(end) {
                        break;
                    }
                    // Better each week, better on a retry, never above the maximum.
                    let share = (talent + 6 * u32::try_from(w).unwrap_or(0) + 8 * attempt + noise.below(20)).min(100);
                    let score = level.max_score * share / 100;
                    week.reports.push(AttemptReport {
                        external_id: format!("{tag}-{t}-{w}-{next_level}-{attempt}"),
                        trainee: *trainee,
                        level: level.id,
                        difficulty: level.difficulty,
                        approach: world.approaches
                            [usize::try_from(noise.below(world.approaches.len() as u32)).unwrap_or(0)],
                        score,
                        max_score: level.max_score,
                        skill_points: split(score, &level.skills, &mut noise),
                        duration_seconds: duration,
                        started_at,
                        completed_at,
                        chapter: None,
                        statement: None,
                    });
                    clock = completed_at + Duration::minutes(20 + i64::from(noise.below(600)));
                }
                next_level += 1;
            }
            clock = clock.max(week_end) + Duration::hours(i64::from(noise.below(30)));
        }
    }
    for week in &mut weeks_out {
        week.reports.sort_by_key(|r| r.completed_at);
        // The network drops some answers: the game resends those reports.
        let resent: Vec<AttemptReport> = week.reports.iter().filter(|_| noise.below(10) == 0).cloned().collect();
        week.reports.extend(resent);
    }
    weeks_out
}

/// `score` shared among `skills` by their maxima, give or take a fifth, every point given to
/// one of them and none above its maximum (the maxima add up to the level's).
fn split(score: u32, skills: &[(SkillId, u32)], noise: &mut Noise) -> Vec<(SkillId, u32)> {
    let total: u32 = skills.iter().map(|(_, max)| max).sum();
    let mut left = score.min(total);
    let mut points: Vec<(SkillId, u32)> = skills
        .iter()
        .map(|&(skill, max)| {
            let given = (score * max / total.max(1) * (80 + noise.below(41)) / 100).min(max).min(left);
            left -= given;
            (skill, given)
        })
        .collect();
    // What the noise left over goes to skills with room, in order.
    for ((_, given), (_, max)) in points.iter_mut().zip(skills) {
        let more = left.min(max - *given);
        *given += more;
        left -= more;
    }
    points
}

/// Plays a season in-process through the ingestion service, as the demo's own game client
/// (created by the first super admin; its secret is never shown).
///
/// # Errors
/// Database failures.
pub async fn play_in_process(store: &Store, clock: kernel::AnyClock, weeks: u32) -> anyhow::Result<Tally> {
    let world = store::demo_game::world(store).await?;
    let Some(admin) = world.super_admin else { return Ok(Tally::default()) };
    let actor = kernel::Actor { user: admin, scope: kernel::Scope::All, ip: None };
    let draft = ApiClientDraft {
        name: "Demo training game".into(),
        kind: ClientKind::Game,
        scope: ClientScope::All,
        rate_limit_per_minute: None,
    };
    let issued = scoring::ApiClients::new(store.clone(), clock.clone())
        .create(&actor, draft)
        .await
        .map_err(|e| anyhow::anyhow!("the demo game client: {e}"))?;
    // The game on trainees' devices signs them in through the portal and reports as the
    // same client (`playtrack demo game login`).
    let app = identity::game_apps::GameAppDraft {
        name: crate::demo_player::DEMO_APP_NAME.into(),
        redirect_uris: vec![crate::demo_player::DEMO_REDIRECT.into()],
        scopes: vec!["play".into(), "reports".into()],
        api_client: Some(issued.client.id),
        disabled: false,
    };
    identity::game_apps::GameApps::new(store.clone(), clock.clone())
        .save(&actor, None, app)
        .await
        .map_err(|e| anyhow::anyhow!("the demo game app: {e}"))?;
    let client =
        CallingClient { id: issued.client.id, kind: ClientKind::Game, scope: ClientScope::All, acting_for: None };
    let ingestion = Ingestion::new(store.clone(), clock.clone());
    let mut tally = Tally::default();
    for week in season(&world, clock.now(), weeks, "demo", 0x5eed_cafe) {
        for batch in week.reports.chunks(scoring::MAX_BATCH) {
            let outcomes = ingestion.ingest(&client, batch.iter().cloned().map(Ok).collect(), Mode::EachItem).await?;
            for outcome in outcomes {
                count(&mut tally, &outcome);
            }
        }
    }
    Ok(tally)
}

fn count(tally: &mut Tally, outcome: &Outcome) {
    *match outcome {
        Outcome::Stored(_) => &mut tally.stored,
        Outcome::Duplicate(_) => &mut tally.duplicate,
        Outcome::Conflict(_) => &mut tally.conflict,
        Outcome::Invalid(_) => &mut tally.invalid,
    } += 1;
}

/// A report as the game sends it over HTTP.
#[must_use]
pub fn as_json(report: &AttemptReport) -> Value {
    let at = |moment: OffsetDateTime| moment.format(&Rfc3339).unwrap_or_default();
    let points: BTreeMap<String, u32> =
        report.skill_points.iter().map(|(skill, points)| (skill.to_string(), *points)).collect();
    json!({
        "external_id": report.external_id,
        "trainee": report.trainee,
        "level": report.level,
        "difficulty": report.difficulty.as_str(),
        "approach": report.approach,
        "score": report.score,
        "max_score": report.max_score,
        "skill_points": points,
        "duration_seconds": report.duration_seconds,
        "started_at": at(report.started_at),
        "completed_at": at(report.completed_at),
    })
}

/// Plays a season against a running portal over HTTP with a game client's `key`, a week at a
/// time, `pace` apart, printing what the portal answered.
///
/// # Errors
/// The portal unreachable, or answering other than 200.
pub async fn play_over_http(
    url: &str,
    key: &str,
    world: &GameWorld,
    weeks: u32,
    pace: std::time::Duration,
) -> anyhow::Result<Tally> {
    let client = reqwest::Client::new();
    let tag = format!("demo-{}", OffsetDateTime::now_utc().unix_timestamp());
    let mut total = Tally::default();
    for (w, week) in season(world, OffsetDateTime::now_utc(), weeks, &tag, 0x5eed_cafe).into_iter().enumerate() {
        let mut tally = Tally::default();
        for batch in week.reports.chunks(scoring::MAX_BATCH) {
            let attempts: Vec<Value> = batch.iter().map(as_json).collect();
            let response = client
                .post(format!("{}/api/v1/game/attempts", url.trim_end_matches('/')))
                .bearer_auth(key)
                .json(&json!({ "attempts": attempts }))
                .send()
                .await?;
            let status = response.status();
            let answer: Value = response.json().await.unwrap_or(Value::Null);
            anyhow::ensure!(status.is_success(), "the portal answered {status}: {answer}");
            for (field, slot) in [
                ("stored", &mut tally.stored),
                ("duplicate", &mut tally.duplicate),
                ("conflict", &mut tally.conflict),
                ("invalid", &mut tally.invalid),
            ] {
                *slot += usize::try_from(answer[field].as_u64().unwrap_or(0))?;
            }
        }
        println!("week {} of {weeks}: {tally}", w + 1);
        for (sum, part) in [
            (&mut total.stored, tally.stored),
            (&mut total.duplicate, tally.duplicate),
            (&mut total.conflict, tally.conflict),
            (&mut total.invalid, tally.invalid),
        ] {
            *sum += part;
        }
        tokio::time::sleep(pace).await;
    }
    Ok(total)
}

/// A small deterministic generator (xorshift): demo data needs variety, not cryptography.
struct Noise(u64);

impl Noise {
    fn below(&mut self, bound: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        u32::try_from(self.0 % u64::from(bound.max(1))).unwrap_or(0)
    }
}
