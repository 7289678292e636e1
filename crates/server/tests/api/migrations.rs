//! Migrations on a database that already holds plays. Migration 19: each trained skill gets an
//! even share of its level's maximum (raised to the most points any attempt reported in it
//! there), every attempt's skill points take that maximum, and results and rollups are folded
//! again. Migration 20: instants sent with an offset are kept in UTC on SQLite.

use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::helpers::{OldSchema, ServerProcess};

crate::on_both_databases! {
    async fn existing_catalogues_and_results_move_to_skill_maxima_and_utc_exactly(db: TestDb) {
        // Up to migration 11: attempts, but no results yet (migration 12 folds them).
        let old = &OldSchema::at(&db.url, 10).await;
        let now = old.now;
        let company = old.company("Meridian").await;
        let (trainee, client) = (old.trainee(company, "Asha").await, Uuid::now_v7());
        old.insert(
            "api_clients",
            &["id", "name", "kind", "all_companies", "secret_hash", "secret_hint", "rate_limit_per_minute", "created_at"],
            vec![client.into(), "Game".into(), "game".into(), true.into(), "0".repeat(64).into(), "ptk_".into(), 600.into(), now.into()],
        )
        .await;
        // Ids made one after another sort in that order, as the shares are handed out.
        let skills = [Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7()];
        for (skill, name) in skills.iter().zip(["Listening", "Negotiation", "Planning"]) {
            old.insert("skills", &["id", "name"], vec![(*skill).into(), name.into()]).await;
        }
        let (approach, chapter, wide, narrow) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        old.insert("approaches", &["id", "name"], vec![approach.into(), "Direct".into()]).await;
        old.insert("chapters", &["id", "number", "title"], vec![chapter.into(), 1.into(), "Chapter".into()]).await;
        for (level, number, max, trained) in [(wide, 1, 100, &skills[..]), (narrow, 2, 60, &skills[..2])] {
            old.insert(
                "levels",
                &["id", "chapter_id", "number", "title", "max_score", "difficulty"],
                vec![level.into(), chapter.into(), number.into(), "Level".into(), max.into(), "medium".into()],
            )
            .await;
            for skill in trained {
                old.insert("level_skills", &["level_id", "skill_id"], vec![level.into(), (*skill).into()]).await;
            }
        }
        // Sent with the game's offsets, which SQLite kept as text.
        let attempt = |level: Uuid, n: i64, score: i32, max: i32, points: Vec<(usize, i32)>| {
            let id = Uuid::now_v7();
            // The last play's text (-12:00) sorts before the one an hour earlier (+14:00).
            let (at, hours) = match n {
                1 => (now - Duration::days(9), -7),
                2 => (now - Duration::days(7) - Duration::hours(1), 14),
                _ => (now - Duration::days(7), -12),
            };
            let at = at.to_offset(time::UtcOffset::from_hms(hours, 0, 0).unwrap());
            async move {
                old.insert(
                    "attempts",
                    &["id", "api_client_id", "external_id", "user_id", "company_id", "level_id", "difficulty", "approach_id", "score", "max_score", "duration_seconds", "started_at", "completed_at", "received_at", "content_hash"],
                    vec![id.into(), client.into(), format!("play-{n}").into(), trainee.into(), company.into(), level.into(), "medium".into(), approach.into(), score.into(), max.into(), 60.into(), (at - Duration::minutes(1)).into(), at.into(), at.into(), "0".repeat(64).into()],
                )
                .await;
                for (skill, p) in points {
                    old.insert("attempt_skill_points", &["attempt_id", "skill_id", "points"], vec![id.into(), skills[skill].into(), p.into()]).await;
                }
            }
        };
        // The wide level: first all three skills, then a better play that reports only the first.
        attempt(wide, 1, 80, 100, vec![(0, 30), (1, 25), (2, 25)]).await;
        attempt(wide, 2, 90, 100, vec![(0, 34)]).await;
        // The narrow level: 45 of its 60 points in the first skill, above an even share of 30.
        attempt(narrow, 3, 50, 60, vec![(0, 45), (1, 5)]).await;

        old.migrate().await;
        let latest: OffsetDateTime = now - Duration::days(7);

                let int = |row: &sea_orm::QueryResult, column: &str| -> i64 {
            row.try_get::<i64>("", column).or_else(|_| row.try_get::<i32>("", column).map(i64::from)).unwrap()
        };
        let mut maxima: Vec<(Uuid, Uuid, i64)> = old.rows("SELECT level_id, skill_id, max_points FROM level_skills")
            .await
            .iter()
            .map(|r| (r.try_get("", "level_id").unwrap(), r.try_get("", "skill_id").unwrap(), int(r, "max_points")))
            .collect();
        maxima.sort_unstable();
        let mut expected = vec![
            (wide, skills[0], 34),
            (wide, skills[1], 33),
            (wide, skills[2], 33),
            (narrow, skills[0], 45),
            (narrow, skills[1], 30),
        ];
        expected.sort_unstable();
        assert_eq!(maxima, expected, "even shares, the remainder to the first skill, raised to what was reported");

        // Per skill, best mode: the wide level's best play reported only the first skill.
        let best: Vec<(Uuid, f64, f64)> = old.rows(
            "SELECT item, best_score AS score, best_max AS max FROM trainee_rollups WHERE split = 'skill' AND best_results > 0 ORDER BY item",
        )
        .await
        .iter()
        .map(|r| (r.try_get("", "item").unwrap(), r.try_get("", "score").unwrap(), r.try_get("", "max").unwrap()))
        .collect();
        assert_eq!(
            best,
            [(skills[0], 34.0 + 45.0, 34.0 + 45.0), (skills[1], 5.0, 30.0)],
            "a skill's points over its own maxima, nothing for a skill the counted play did not report"
        );
        let first = old.rows("SELECT item, first_score AS score, first_max AS max FROM company_level_rollups WHERE split = 'skill' AND first_results > 0 ORDER BY level_id, item").await;
        let first: Vec<(f64, f64)> = first.iter().map(|r| (r.try_get("", "score").unwrap(), r.try_get("", "max").unwrap())).collect();
        // The wide level's id sorts first: it was made first.
        let want = [(30.0, 34.0), (25.0, 33.0), (25.0, 33.0), (45.0, 45.0), (5.0, 30.0)];
        assert_eq!(first, want, "every first play, each skill against its own maximum");

        // Every instant in UTC on SQLite (text ending in Z), the same instants everywhere.
        if old.connection.get_database_backend() == sea_orm::DbBackend::Sqlite {
            for (table, column) in [("attempts", "completed_at"), ("attempts", "started_at"), ("level_results", "latest_at"), ("level_results", "first_at")] {
                let offset = old.rows(&format!("SELECT COUNT(*) AS n FROM {table} WHERE {column} NOT LIKE '%Z'")).await;
                assert_eq!(int(&offset[0], "n"), 0, "{table}.{column} in UTC");
            }
        }
        let last: Vec<OffsetDateTime> = old.rows("SELECT last_played FROM trainee_rollups WHERE split = ''")
            .await
            .iter()
            .map(|r| r.try_get("", "last_played").unwrap())
            .collect();
        assert_eq!(last, [latest], "the last play is the latest instant, whatever offset it was sent with");
    }
}

/// Three processes starting at once on an empty PostgreSQL database: one migrates while the
/// others wait for its lock, and all three serve.
#[tokio::test]
async fn three_processes_starting_at_once_on_an_empty_database_all_serve() {
    let Some(db) = crate::helpers::TestDb::postgres().await else { return };
    let mut processes: Vec<_> = (0..3).map(|_| ServerProcess::spawn(&db.url, &db.data_dir, &[], None)).collect();
    let client = reqwest::Client::new();
    for process in &mut processes {
        assert!(process.until_up(&client).await, "{} did not start", process.address);
        let ready = client.get(process.url("/api/v1/readyz")).send().await.unwrap();
        assert_eq!(ready.status(), 200, "{}", process.address);
    }
}
