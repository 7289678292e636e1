//! The demo game: plays the demo trainees through the catalogue over simulated weeks — each
//! trainee better week after week and on a retry, stronger in one skill and weaker in another,
//! the demo's new joiners well behind the others, one trainee gone quiet, some reports resent
//! as a flaky network would — and reports the plays as the game does. `serve --demo` plays in-process so the demo starts with
//! scores; `playtrack demo game --key …` plays against a running portal over HTTP, so a
//! newcomer can watch attempts arrive.

use std::collections::BTreeMap;

use kernel::{Clock, SkillId};
use scoring::{
    ApiClientDraft, AttemptReport, CallingClient, ClientKind, ClientScope, Difficulty, Ingestion, Mode, Outcome,
};
use serde_json::{Value, json};
use store::{
    Store,
    demo_game::{DemoLevel, DemoTrainee, GameWorld},
};
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

/// How one trainee plays: how good they were when they got their seat, their stronger and
/// weaker skill, and when they stopped playing.
struct Player {
    /// Percent of a level's maximum they scored on their first day, before the level's
    /// difficulty and the day's form.
    talent: i64,
    seat_from: OffsetDateTime,
    strong: Option<SkillId>,
    weak: Option<SkillId>,
    /// No play ends at or after this.
    until: OffsetDateTime,
}

/// Points of percent a trainee gains with every day since their seat (3.5 a week).
const LEARNING_PER_DAY_PERCENT: (i64, i64) = (1, 2);
/// How far the demo's new joiners ([`store::demo::BEHIND_BATCH`]) start behind the others.
const BEHIND_BY: i64 = 19;
/// The trainee gone quiet ([`store::demo::GONE_QUIET`]) last played this long before the end.
const QUIET_FOR_DAYS: i64 = 16;

impl Player {
    fn of(index: usize, trainee: &DemoTrainee, skills: &[SkillId], end: OffsetDateTime, noise: &mut Noise) -> Self {
        let behind = trainee.batch.as_deref() == Some(store::demo::BEHIND_BATCH);
        let skill = |offset: usize| (!skills.is_empty()).then(|| skills[(index + offset) % skills.len()]);
        Self {
            talent: 44 + i64::from(noise.below(8)) - if behind { BEHIND_BY } else { 0 },
            seat_from: trainee.seat_from,
            strong: skill(0),
            weak: skill(2).filter(|_| skills.len() > 1),
            until: if trainee.email == store::demo::GONE_QUIET { end - Duration::days(QUIET_FOR_DAYS) } else { end },
        }
    }

    /// The percent of `level`'s maximum a first try started `at` earns: more every day since
    /// the seat, less on harder levels, give or take the day's form.
    fn share(&self, level: &DemoLevel, at: OffsetDateTime, noise: &mut Noise) -> u32 {
        let (per, days) = LEARNING_PER_DAY_PERCENT;
        let learnt = (at - self.seat_from).whole_days().max(0) * per / days;
        let difficulty = match level.difficulty {
            Difficulty::Easy => 2,
            Difficulty::Medium => 0,
            Difficulty::Hard => -3,
        };
        let form = i64::from(noise.below(11)) - 5;
        u32::try_from((self.talent + learnt + difficulty + form).clamp(5, 98)).unwrap_or(50)
    }

    /// Each trained skill's points for a play at `share` percent: the stronger skill above it,
    /// the weaker below, each within its maximum; the score is their sum (never above the
    /// level's maximum), or `share` of the maximum for a level that trains no skill.
    fn play(&self, level: &DemoLevel, share: u32, noise: &mut Noise) -> (u32, Vec<(SkillId, u32)>) {
        if level.skills.is_empty() {
            return (level.max_score * share / 100, Vec::new());
        }
        let mut room = level.max_score;
        let points: Vec<(SkillId, u32)> = level
            .skills
            .iter()
            .map(|&(skill, max)| {
                let lean = if Some(skill) == self.strong {
                    10
                } else if Some(skill) == self.weak {
                    -12
                } else {
                    0
                };
                let percent = (i64::from(share) + lean + i64::from(noise.below(7)) - 3).clamp(0, 100);
                let given = (u32::try_from(percent).unwrap_or(0) * max / 100).min(room);
                room -= given;
                (skill, given)
            })
            .collect();
        (points.iter().map(|(_, p)| p).sum(), points)
    }
}

/// The skills the levels train, in the order they first appear.
fn skills_in_play(world: &GameWorld) -> Vec<SkillId> {
    let mut skills = Vec::new();
    for (skill, _) in world.levels.iter().flat_map(|level| &level.skills) {
        if !skills.contains(skill) {
            skills.push(*skill);
        }
    }
    skills
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
    let skills = skills_in_play(world);
    for (t, trainee) in world.trainees.iter().enumerate() {
        let player = Player::of(t, trainee, &skills, end, &mut noise);
        let mut next_level = 0;
        let mut clock = first_day.max(trainee.seat_from) + Duration::hours(1 + i64::from(noise.below(48)));
        for (w, week) in weeks_out.iter_mut().enumerate() {
            let week_start = first_day + Duration::weeks(i64::try_from(w).unwrap_or(0));
            let week_end = week_start + Duration::weeks(1);
            let sessions = 1 + noise.below(3);
            for session in 0..sessions {
                // Sessions spread over the week, a level each (and its retry).
                let slot = i64::from(168 / sessions);
                let planned = week_start + Duration::hours(i64::from(session) * slot + i64::from(noise.below(24)));
                clock = clock.max(planned);
                let level = &world.levels[next_level % world.levels.len()];
                let tries = 1 + u32::from(noise.below(10) < 3);
                let mut share = player.share(level, clock, &mut noise);
                for attempt in 0..tries {
                    let duration = 240 + noise.below(900);
                    let started_at = clock;
                    let completed_at = started_at + Duration::seconds(i64::from(duration));
                    if completed_at >= week_end.min(player.until) {
                        break;
                    }
                    // A retry goes better than the try before it.
                    if attempt > 0 {
                        share = (share + 5 + noise.below(6)).min(100);
                    }
                    let (score, skill_points) = player.play(level, share, &mut noise);
                    week.reports.push(AttemptReport {
                        external_id: format!("{tag}-{t}-{w}-{next_level}-{attempt}"),
                        trainee: trainee.id,
                        level: level.id,
                        difficulty: level.difficulty,
                        approach: world.approaches
                            [usize::try_from(noise.below(world.approaches.len() as u32)).unwrap_or(0)],
                        score,
                        max_score: level.max_score,
                        skill_points,
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
    // Counted in the reports before the portal says where to sign in.
    while store.fold_queued().await? > 0 {}
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
