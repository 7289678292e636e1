//! The world the ingestion and load benchmarks send attempts into: a company with a seat for
//! each trainee, a catalogue whose levels train five skills each, and a game client.

use sea_orm::{
    ConnectionTrait, DatabaseConnection,
    sea_query::{Expr, ExprTrait, Query},
};
use serde_json::{Value, json};
use time::OffsetDateTime;
use uuid::Uuid;

use super::PASSWORD;

pub const TRAINEES: usize = 500;
pub const SKILLS: usize = 5;
/// Each skill's maximum at every level: an even share of the level's 100 points.
pub const SKILL_MAX: i32 = 100 / SKILLS as i32;
pub const LEVELS: usize = 10;

/// A company with a seat for each trainee (taken two days ago), a level catalogue whose levels
/// train five skills each, and a game client allowed enough requests a minute.
pub struct World {
    pub client: reqwest::Client,
    pub key: String,
    pub trainees: Vec<Uuid>,
    pub levels: Vec<Uuid>,
    pub skills: Vec<Uuid>,
    pub approach: Uuid,
    pub api_client: Uuid,
    pub company: Uuid,
}

impl World {
    /// Built through the server at `base` as the super admin `admin` (who signs in with
    /// [`PASSWORD`]), the catalogue written into `db` directly.
    pub async fn build(base: &str, admin: &str, db: &DatabaseConnection) -> anyhow::Result<Self> {
        let client = reqwest::Client::new();
        let call = |path: &str, token: Option<&str>, body: Value| {
            let request = client.post(format!("{}{path}", base)).json(&body);
            let request = match token {
                Some(token) => request.bearer_auth(token),
                None => request,
            };
            async move {
                let response = request.send().await?;
                let status = response.status();
                let body: Value = response.json().await?;
                anyhow::ensure!(status.is_success(), "{status}: {body}");
                anyhow::Ok(body)
            }
        };
        let login = call("/api/v1/auth/login", None, json!({ "email": admin, "password": PASSWORD })).await?;
        let token = login["token"].as_str().unwrap_or_default().to_owned();
        let token = Some(token.as_str());
        let industry = call("/api/v1/industries", token, json!({ "name": "Games" })).await?;
        let country = call("/api/v1/countries", token, json!({ "name": "Benchland", "iso_code": "QB" })).await?;
        let company = call(
            "/api/v1/companies",
            token,
            json!({ "name": "Bench Co", "email": "ops@bench.example", "contact_person": "Ops",
                    "industry_id": industry["id"], "country_id": country["id"], "remark": "", "session_minutes": 30 }),
        )
        .await?;
        let today = OffsetDateTime::now_utc().date();
        call(
            "/api/v1/licence-allocations",
            token,
            json!({ "company_id": company["id"], "seats": TRAINEES, "valid_from": today.to_string(),
                    "valid_until": (today + time::Duration::days(365)).to_string() }),
        )
        .await?;
        let rows: Vec<Value> = (0..TRAINEES)
            .map(|n| json!({ "line": n + 2, "name": format!("Trainee {n}"), "email": format!("t{n}@bench.example") }))
            .collect();
        call("/api/v1/users/import", token, json!({ "company_id": company["id"], "rows": rows })).await?;
        let issued = call(
            "/api/v1/api-clients",
            token,
            json!({ "name": "Bench game", "kind": "game", "all_companies": true, "rate_limit_per_minute": 100_000 }),
        )
        .await?;

        // The seats were taken two days ago, so the plays of the last day fall inside them.
        let before = OffsetDateTime::now_utc() - time::Duration::days(2);
        db.execute(&Query::update().table("seats").value("assigned_at", before).take()).await?;
        db.execute(&Query::update().table("licence_allocations").value("valid_from", before.date()).take()).await?;
        let skills = insert_named(db, "skills", SKILLS).await?;
        let approach = insert_named(db, "approaches", 1).await?[0];
        let chapter = Uuid::now_v7();
        let mut insert = Query::insert();
        insert.into_table("chapters").columns(["id", "number", "title"]).values([
            chapter.into(),
            1.into(),
            "Bench".into(),
        ])?;
        db.execute(&insert).await?;
        let mut levels = Vec::new();
        for number in 1..=LEVELS {
            let level = Uuid::now_v7();
            let mut insert = Query::insert();
            insert
                .into_table("levels")
                .columns(["id", "chapter_id", "number", "title", "max_score", "difficulty"])
                .values([
                    level.into(),
                    chapter.into(),
                    i32::try_from(number)?.into(),
                    format!("Level {number}").into(),
                    100.into(),
                    "medium".into(),
                ])?;
            db.execute(&insert).await?;
            let mut trains = Query::insert();
            trains.into_table("level_skills").columns(["level_id", "skill_id", "max_points"]);
            for skill in &skills {
                trains.values([level.into(), (*skill).into(), SKILL_MAX.into()])?;
            }
            db.execute(&trains).await?;
            levels.push(level);
        }
        let trainees: Vec<Uuid> = db
            .query_all(&Query::select().column("id").from("users").and_where(Expr::col("role").eq("USER")).take())
            .await?
            .iter()
            .map(|row| row.try_get("", "id"))
            .collect::<Result<_, _>>()?;
        let api_client = Uuid::parse_str(issued["client"]["id"].as_str().unwrap_or_default())?;
        let company = Uuid::parse_str(company["id"].as_str().unwrap_or_default())?;
        Ok(Self {
            client,
            key: issued["secret"].as_str().unwrap_or_default().to_owned(),
            trainees,
            levels,
            skills,
            approach,
            api_client,
            company,
        })
    }

    /// The `n`th attempt: trainee, level, score, and when it was played.
    pub fn attempt(&self, n: usize) -> (Uuid, Uuid, u32, OffsetDateTime) {
        let completed = OffsetDateTime::now_utc() - time::Duration::hours(12)
            + time::Duration::milliseconds(i64::try_from(n).unwrap_or(0));
        (
            self.trainees[n % self.trainees.len()],
            self.levels[n % LEVELS],
            u32::try_from(n % 101).unwrap_or(0),
            completed,
        )
    }

    /// The request bodies, built before the clock starts.
    /// `count` attempts in request bodies of `batch`.
    pub fn bodies(&self, count: usize, batch: usize, tag: &str) -> Vec<Vec<u8>> {
        (0..count).step_by(batch).map(|first| self.body(first..(first + batch).min(count), tag)).collect()
    }

    /// The request body reporting the attempts `numbers` (see [`Self::attempt`]).
    pub fn body(&self, numbers: std::ops::Range<usize>, tag: &str) -> Vec<u8> {
        let at =
            |moment: OffsetDateTime| moment.format(&time::format_description::well_known::Rfc3339).unwrap_or_default();
        let attempts: Vec<Value> = numbers
            .map(|n| {
                let (trainee, level, score, completed) = self.attempt(n);
                let points: serde_json::Map<String, Value> =
                    self.skills.iter().map(|s| (s.to_string(), json!(score / SKILLS as u32))).collect();
                json!({
                    "external_id": format!("{tag}-{n}"), "trainee": trainee, "level": level, "difficulty": "medium",
                    "approach": self.approach, "score": score, "max_score": 100, "skill_points": points,
                    "duration_seconds": 300, "started_at": at(completed - time::Duration::minutes(5)),
                    "completed_at": at(completed),
                })
            })
            .collect();
        serde_json::to_vec(&json!({ "attempts": attempts })).unwrap_or_default()
    }

    pub async fn post(&self, base: &str, body: Vec<u8>) -> anyhow::Result<Value> {
        let response = self
            .client
            .post(format!("{base}/api/v1/game/attempts"))
            .bearer_auth(&self.key)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await?;
        let status = response.status();
        let answer: Value = response.json().await?;
        anyhow::ensure!(status.is_success(), "{status}: {answer}");
        Ok(answer)
    }
}

async fn insert_named(db: &DatabaseConnection, table: &str, count: usize) -> anyhow::Result<Vec<Uuid>> {
    let ids: Vec<Uuid> = (0..count).map(|_| Uuid::now_v7()).collect();
    let rows = ids.iter().enumerate().map(|(n, id)| vec![(*id).into(), format!("{table} {n}").into()]).collect();
    super::insert(db, table, &["id", "name"], rows).await?;
    Ok(ids)
}
