//! The game's attempts over HTTP: every per-item outcome, clients of the wrong kind, scope or
//! revoked, the rate limit, and API clients managed by the super admin.

use reqwest::Method;
use sea_orm::{
    ConnectionTrait, DbBackend, TransactionTrait,
    sea_query::{Expr, ExprTrait, Query},
};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use crate::{
    helpers::{TestApp, assert_problem, spawn_app},
    licences::{call, ok},
};

/// A company with seats, a trainee holding one since yesterday, a one-level catalogue and a
/// game client's secret.
pub struct Game {
    pub root: String,
    pub company: Uuid,
    pub trainee: Uuid,
    pub level: Uuid,
    pub approach: Uuid,
    /// The level trains the first; the second exists but is not trained by it.
    pub skills: [Uuid; 2],
    pub key: String,
}

impl TestApp {
    async fn insert(&self, table: &str, columns: &[&str], values: Vec<Expr>) {
        let statement = Query::insert()
            .into_table(table.to_owned())
            .columns(columns.iter().map(|c| c.to_string()))
            .values_panic(values)
            .take();
        self.db.execute(&statement).await.unwrap();
    }

    /// A level worth 100 points in chapter `chapter`, training `skill`.
    pub async fn level(&self, chapter: i32, skill: Uuid) -> Uuid {
        let (chapter_id, level) = (Uuid::now_v7(), Uuid::now_v7());
        self.insert("chapters", &["id", "number", "title"], vec![chapter_id.into(), chapter.into(), "Chapter".into()])
            .await;
        self.insert(
            "levels",
            &["id", "chapter_id", "number", "title", "max_score", "difficulty"],
            vec![level.into(), chapter_id.into(), 1.into(), "Level".into(), 100.into(), "medium".into()],
        )
        .await;
        self.insert(
            "level_skills",
            &["level_id", "skill_id", "max_points"],
            vec![level.into(), skill.into(), 100.into()],
        )
        .await;
        level
    }

    pub async fn named(&self, table: &str) -> Uuid {
        let id = Uuid::now_v7();
        self.insert(table, &["id", "name"], vec![id.into(), format!("{table} {}", id.simple()).into()]).await;
        id
    }

    pub async fn trainee_of(&self, root: &str, company: Uuid) -> Uuid {
        let body = json!({
            "email": format!("t-{}@orbis.example", Uuid::now_v7().simple()), "name": "Tess Trainee",
            "role": "USER", "company_id": company,
        });
        let created = ok(call(self, Method::POST, "/api/v1/users", root, Some(body)).await, 201).await;
        serde_json::from_value(created["id"].clone()).unwrap()
    }

    pub async fn game_client(&self, root: &str, body: Value) -> (Uuid, String) {
        let created = ok(call(self, Method::POST, "/api/v1/api-clients", root, Some(body)).await, 201).await;
        (
            serde_json::from_value(created["client"]["id"].clone()).unwrap(),
            created["secret"].as_str().unwrap().to_owned(),
        )
    }

    pub async fn game(&self) -> Game {
        let root = self.super_admin().await;
        let company = self.company("Orbis", false, 30).await;
        self.seats_for(&root, company, 5).await;
        let trainee = self.trainee_of(&root, company).await;
        let skills = [self.named("skills").await, self.named("skills").await];
        let level = self.level(1, skills[0]).await;
        let approach = self.named("approaches").await;
        let (_, key) =
            self.game_client(&root, json!({ "name": "The game", "kind": "game", "all_companies": true })).await;
        // The seat was taken now; the plays below happen after it (and need a new session).
        self.clock.advance(Duration::days(1));
        let root = self.super_admin().await;
        Game { root, company, trainee, level, approach, skills, key }
    }

    pub async fn post_attempts(&self, key: &str, attempts: Vec<Value>) -> reqwest::Response {
        self.client
            .post(self.url("/api/v1/game/attempts"))
            .bearer_auth(key)
            .json(&json!({ "attempts": attempts }))
            .send()
            .await
            .expect("request")
    }

    pub async fn count(&self, table: &str) -> i64 {
        let statement =
            Query::select().expr(Expr::col(sea_orm::sea_query::Asterisk).count()).from(table.to_owned()).take();
        let row = self.db.query_one(&statement).await.unwrap().unwrap();
        row.try_get_by_index::<i64>(0).unwrap()
    }
}

fn at(moment: OffsetDateTime) -> String {
    moment.format(&Rfc3339).unwrap()
}

impl Game {
    /// A sound attempt played an hour before `now`, worth `score` points.
    pub fn attempt(&self, external_id: &str, score: u32, now: OffsetDateTime) -> Value {
        json!({
            "external_id": external_id, "trainee": self.trainee, "level": self.level, "difficulty": "medium",
            "approach": self.approach, "score": score, "max_score": 100,
            "skill_points": { self.skills[0].to_string(): score }, "duration_seconds": 600,
            "started_at": at(now - Duration::hours(1)), "completed_at": at(now - Duration::minutes(50)),
        })
    }
}

fn statuses(answer: &Value) -> Vec<&str> {
    answer["results"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect()
}

fn errors(answer: &Value, index: usize) -> Vec<(String, String)> {
    answer["results"][index]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

fn with(mut attempt: Value, field: &str, value: Value) -> Value {
    attempt[field] = value;
    attempt
}

crate::on_both_databases! {
    async fn every_item_of_a_mixed_batch_gets_its_own_answer(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let now = app.clock_now();
        let first = game.attempt("play-1", 70, now);
        let batch = vec![
            first.clone(),
            first.clone(),
            with(first.clone(), "score", json!(71)),
            with(game.attempt("play-2", 10, now), "level", json!(Uuid::now_v7())),
            with(game.attempt("play-3", 10, now), "score", json!(101)),
            with(game.attempt("play-4", 10, now), "score", json!("ten")),
            with(game.attempt("play-5", 10, now), "completed_at", json!(at(now + Duration::hours(2)))),
            with(game.attempt("play-6", 10, now), "skill_points", json!({ game.skills[1].to_string(): 10 })),
            with(game.attempt("play-7", 10, now), "started_at", json!(at(now - Duration::days(2)))),
            game.attempt("play-8", 90, now),
            // JSON Schema's `integer` takes `40.0` as it takes `40`; a fraction is no score.
            with(
                with(game.attempt("play-9", 40, now), "score", json!(40.0)),
                "skill_points",
                json!({ game.skills[0].to_string(): 40.0 }),
            ),
            with(game.attempt("play-10", 40, now), "score", json!(40.5)),
        ];
        let answer = ok(app.post_attempts(&game.key, batch.clone()).await, 200).await;
        assert_eq!(
            statuses(&answer),
            [
                "stored", "duplicate", "conflict", "invalid", "invalid", "invalid", "invalid", "invalid", "invalid", "stored",
                "stored", "invalid"
            ]
        );
        assert_eq!((answer["stored"].as_u64(), answer["invalid"].as_u64()), (Some(3), Some(7)));
        assert_eq!(answer["results"][1]["attempt_id"], answer["results"][0]["attempt_id"], "the duplicate names the kept attempt");
        assert_eq!(errors(&answer, 3), [("level".to_owned(), "UNKNOWN".to_owned())]);
        assert_eq!(errors(&answer, 4), [("score".to_owned(), "ABOVE_MAXIMUM".to_owned())]);
        assert_eq!(errors(&answer, 5), [("score".to_owned(), "MALFORMED".to_owned())]);
        assert!(Value::is_null(&answer["results"][5]["detail"]) && answer["results"][5]["errors"][0]["detail"].is_string());
        assert_eq!(errors(&answer, 6), [("completed_at".to_owned(), "IN_FUTURE".to_owned())]);
        assert_eq!(errors(&answer, 7), [(format!("skill_points.{}", game.skills[1]), "NOT_TRAINED".to_owned())]);
        assert_eq!(errors(&answer, 8), [("started_at".to_owned(), "BEFORE_SEAT".to_owned())]);
        assert_eq!(errors(&answer, 11), [("score".to_owned(), "MALFORMED".to_owned())]);
        assert_eq!((app.count("attempts").await, app.count("attempt_skill_points").await), (3, 3));

        // The first attempt activated the trainee's seat, at the moment it was completed.
        let seat = Query::select().column("activated_at").from("seats").and_where(Expr::col("user_id").eq(game.trainee)).take();
        let activated: Option<OffsetDateTime> = app.db.query_one(&seat).await.unwrap().unwrap().try_get("", "activated_at").unwrap();
        assert_eq!(activated, Some(now - Duration::minutes(50)));

        // The game resends everything after a lost answer: nothing new, nothing lost.
        let again = ok(app.post_attempts(&game.key, batch).await, 200).await;
        assert_eq!(statuses(&again)[..3], ["duplicate", "duplicate", "conflict"]);
        assert_eq!(statuses(&again)[9..11], ["duplicate", "duplicate"]);
        assert_eq!(app.count("attempts").await, 3);
    }

    async fn each_seat_of_a_batch_is_activated_by_its_own_first_play(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let other = app.trainee_of(&game.root, game.company).await;
        app.clock.advance(Duration::days(1));
        let now = app.clock_now();
        let mut others = game.attempt("other", 50, now - Duration::hours(3));
        others["trainee"] = json!(other);
        let batch = vec![game.attempt("late", 60, now), others, game.attempt("early", 70, now - Duration::hours(5))];
        let answer = ok(app.post_attempts(&game.key, batch).await, 200).await;
        assert_eq!(statuses(&answer), ["stored", "stored", "stored"]);
        for (trainee, first_play) in [(game.trainee, now - Duration::hours(5)), (other, now - Duration::hours(3))] {
            let seat = Query::select().column("activated_at").from("seats").and_where(Expr::col("user_id").eq(trainee)).take();
            let activated: Option<OffsetDateTime> = app.db.query_one(&seat).await.unwrap().unwrap().try_get("", "activated_at").unwrap();
            assert_eq!(activated, Some(first_play - Duration::minutes(50)));
        }
    }

    async fn a_batch_the_database_cannot_take_in_time_is_refused_for_now_and_stored_when_sent_again(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let batch = vec![game.attempt("play-1", 70, app.clock_now())];
        // Another writer holds what recording needs past the server's 5-second lock timeout.
        let blocker = app.db.begin().await.unwrap();
        let hold = match blocker.get_database_backend() {
            DbBackend::Postgres => "LOCK TABLE attempts IN EXCLUSIVE MODE",
            _ => "UPDATE companies SET name = name",
        };
        blocker.execute_unprepared(hold).await.unwrap();
        let refused = app.post_attempts(&game.key, batch.clone()).await;
        assert_eq!(refused.headers()["retry-after"], "1");
        assert_problem(refused, 503, "DATABASE_UNAVAILABLE").await;
        blocker.rollback().await.unwrap();

        let answer = ok(app.post_attempts(&game.key, batch).await, 200).await;
        assert_eq!(statuses(&answer), ["stored"]);
        assert_eq!(app.count("attempts").await, 1);
    }

    async fn a_batch_must_be_a_batch_of_at_most_a_thousand(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let now = app.clock_now();
        let many = (0..1001).map(|i| game.attempt(&format!("p{i}"), 1, now)).collect();
        assert_problem(app.post_attempts(&game.key, many).await, 400, "MALFORMED_REQUEST").await;
        let not_a_batch = app.client.post(app.url("/api/v1/game/attempts")).bearer_auth(&game.key).json(&json!([1, 2])).send().await.unwrap();
        assert_problem(not_a_batch, 400, "MALFORMED_REQUEST").await;
        let huge = format!("{{\"attempts\": [\"{}\"]}}", "x".repeat(5 << 20));
        let huge = app.client.post(app.url("/api/v1/game/attempts")).bearer_auth(&game.key).body(huge).send().await.unwrap();
        assert_problem(huge, 413, "PAYLOAD_TOO_LARGE").await;
        let thousand = (0..1000).map(|i| game.attempt(&format!("p{i}"), 1, now)).collect();
        let answer = ok(app.post_attempts(&game.key, thousand).await, 200).await;
        assert_eq!(answer["stored"], 1000);
        assert_eq!(app.count("attempts").await, 1000);
    }

    async fn clients_of_the_wrong_kind_scope_or_revoked_are_refused(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let now = app.clock_now();
        let (_, partner) = app.game_client(&game.root, json!({ "name": "Partner", "kind": "partner", "all_companies": true })).await;
        assert_problem(app.post_attempts(&partner, vec![game.attempt("a", 1, now)]).await, 403, "FORBIDDEN").await;

        let elsewhere = app.company("Elsewhere", false, 30).await;
        let (_, scoped) = app.game_client(&game.root, json!({ "name": "Scoped", "kind": "game", "companies": [elsewhere] })).await;
        let answer = ok(app.post_attempts(&scoped, vec![game.attempt("a", 1, now)]).await, 200).await;
        assert_eq!(errors(&answer, 0), [("trainee".to_owned(), "UNKNOWN".to_owned())], "outside the scope is unknown");
        let (_, mine) = app.game_client(&game.root, json!({ "name": "Mine", "kind": "game", "companies": [game.company] })).await;
        assert_eq!(statuses(&ok(app.post_attempts(&mine, vec![game.attempt("a", 1, now)]).await, 200).await), ["stored"]);

        for key in ["", "ptk_not-a-key", game.root.as_str()] {
            assert_problem(app.post_attempts(key, vec![]).await, 401, "UNAUTHENTICATED").await;
        }
        let (id, key) = app.game_client(&game.root, json!({ "name": "Rotating", "kind": "game", "all_companies": true })).await;
        let rotated = ok(call(&app, Method::POST, &format!("/api/v1/api-clients/{id}/rotate"), &game.root, None).await, 200).await;
        let new_key = rotated["secret"].as_str().unwrap();
        assert_ne!(new_key, key);
        assert_problem(app.post_attempts(&key, vec![]).await, 401, "UNAUTHENTICATED").await;
        ok(app.post_attempts(new_key, vec![]).await, 200).await;
        ok(call(&app, Method::POST, &format!("/api/v1/api-clients/{id}/revoke"), &game.root, None).await, 200).await;
        assert_problem(app.post_attempts(new_key, vec![]).await, 401, "UNAUTHENTICATED").await;
        let again = call(&app, Method::POST, &format!("/api/v1/api-clients/{id}/rotate"), &game.root, None).await;
        assert_problem(again, 404, "NOT_FOUND").await;
    }

    async fn the_super_admin_alone_manages_clients_whose_secret_is_shown_once(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let admin = app.user(kernel::Role::CompanyAdmin, Some(game.company)).await;
        let admin = app.token_of(&admin).await;
        assert_problem(call(&app, Method::GET, "/api/v1/api-clients", &admin, None).await, 403, "FORBIDDEN").await;
        let create = json!({ "name": "Mine", "kind": "game", "all_companies": true });
        assert_problem(call(&app, Method::POST, "/api/v1/api-clients", &admin, Some(create)).await, 403, "FORBIDDEN").await;
        let bad = json!({ "name": " ", "kind": "game", "companies": [], "rate_limit_per_minute": 0 });
        let refused = assert_problem(call(&app, Method::POST, "/api/v1/api-clients", &game.root, Some(bad)).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(refused["errors"].as_array().unwrap().len(), 3, "{refused}");
        let unknown = json!({ "name": "Ghost", "kind": "game", "companies": [Uuid::now_v7()] });
        let refused = assert_problem(call(&app, Method::POST, "/api/v1/api-clients", &game.root, Some(unknown)).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(refused["errors"][0]["code"], "UNKNOWN");

        ok(app.post_attempts(&game.key, vec![game.attempt("a", 1, app.clock_now())]).await, 200).await;
        let list = ok(call(&app, Method::GET, "/api/v1/api-clients", &game.root, None).await, 200).await;
        let client = &list["items"][0];
        assert_eq!((client["name"].as_str(), client["use_count"].as_u64()), (Some("The game"), Some(1)));
        assert_eq!(client["last_used_at"].as_str(), Some(at(app.clock_now()).as_str()));
        assert_eq!(client["secret_hint"].as_str().unwrap(), &game.key[game.key.len() - 4..]);
        assert!(!list.to_string().contains(&game.key), "the list never shows a secret");
        let stored: Vec<String> = app
            .db
            .query_all(&Query::select().column("secret_hash").from("api_clients").take())
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get("", "secret_hash").unwrap())
            .collect();
        assert!(stored.iter().all(|hash| hash.len() == 43 && !hash.contains(&game.key[4..])), "only hashes are kept");
        assert_eq!(app.audit_count("api_client.created").await, 1);
    }

    async fn each_client_has_its_own_rate_limit(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let (_, slow) = app.game_client(&game.root, json!({ "name": "Slow", "kind": "game", "all_companies": true, "rate_limit_per_minute": 3 })).await;
        // Into a fresh minute, so the three fit in one window.
        let now = app.clock_now();
        app.clock.advance(Duration::seconds(60 - i64::from(now.second())));
        for _ in 0..3 {
            ok(app.post_attempts(&slow, vec![]).await, 200).await;
        }
        let refused = app.post_attempts(&slow, vec![]).await;
        assert_eq!(refused.headers()["retry-after"], "60");
        assert_problem(refused, 429, "RATE_LIMITED").await;
        ok(app.post_attempts(&game.key, vec![]).await, 200).await;
        app.clock.advance(Duration::minutes(1));
        ok(app.post_attempts(&slow, vec![]).await, 200).await;
    }
}
