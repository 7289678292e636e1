//! `demo seed`: a realistic provider in an empty database, and never over real data.

use std::collections::{BTreeMap, BTreeSet};

use sea_orm::{ConnectionTrait, Database, QueryResult, Statement};
use store::Store;
use time::{Duration, OffsetDateTime};

use crate::helpers::TestDb;

async fn count(db: &TestDb, sql: &str) -> i64 {
    let connection = Database::connect(&db.url).await.unwrap();
    let row = connection
        .query_one_raw(Statement::from_string(connection.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index(0).unwrap()
}

async fn rows(db: &TestDb, sql: &str) -> Vec<QueryResult> {
    let connection = Database::connect(&db.url).await.unwrap();
    connection.query_all_raw(Statement::from_string(connection.get_database_backend(), sql)).await.unwrap()
}

fn at(row: &QueryResult, column: &str) -> OffsetDateTime {
    row.try_get("", column).unwrap()
}

fn text(row: &QueryResult, column: &str) -> String {
    row.try_get("", column).unwrap()
}

fn number(row: &QueryResult, column: &str) -> i32 {
    row.try_get("", column).unwrap()
}

/// A trainee's plays: when each was completed, and its percent of the level's maximum.
type Plays = BTreeMap<String, Vec<(OffsetDateTime, f64)>>;

async fn plays(db: &TestDb) -> Plays {
    let sql = "SELECT u.email, a.completed_at, a.score, a.max_score FROM attempts a JOIN users u ON u.id = a.user_id";
    let mut plays = Plays::new();
    for row in rows(db, sql).await {
        let percent = f64::from(number(&row, "score")) * 100.0 / f64::from(number(&row, "max_score"));
        plays.entry(text(&row, "email")).or_default().push((at(&row, "completed_at"), percent));
    }
    for list in plays.values_mut() {
        list.sort_by_key(|(completed, _)| *completed);
    }
    plays
}

fn average(percents: impl IntoIterator<Item = f64>) -> f64 {
    let (sum, n) = percents.into_iter().fold((0.0, 0_u32), |(sum, n), p| (sum + p, n + 1));
    assert!(n > 0, "an average of nothing");
    sum / f64::from(n)
}

crate::on_both_databases! {
    async fn the_demo_holds_every_role_a_catalogue_and_attempts(db: TestDb) {
        let config = db.config();
        let store = Store::connect(&db.url).await.unwrap();
        store.migrate().await.unwrap();

        let logins = server::demo::seed(&config, &store, time::OffsetDateTime::now_utc()).await.unwrap().expect("an empty database is seeded");

        assert_eq!(count(&db, "SELECT COUNT(*) FROM users WHERE role = 'SUPER_ADMIN'").await, 1);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM companies").await, 2);
        assert_eq!(count(&db, "SELECT COUNT(DISTINCT company_id) FROM users WHERE role = 'COMPANY_ADMIN'").await, 2);
        assert!(count(&db, "SELECT COUNT(*) FROM batches").await >= 2);
        let trainees = count(&db, "SELECT COUNT(*) FROM users WHERE role = 'USER'").await;
        assert!(trainees >= 6);
        assert_eq!(count(&db, "SELECT COUNT(DISTINCT user_id) FROM batch_members").await, trainees, "every trainee is in a batch");
        let seated = "SELECT COUNT(DISTINCT user_id) FROM seats WHERE revoked_at IS NULL AND replaced_at IS NULL";
        assert_eq!(count(&db, seated).await, trainees, "every trainee holds a seat, the invited one too");
        assert!(count(&db, "SELECT COUNT(*) FROM levels").await >= 6);
        // The demo game played every trainee who signed in through the ingestion path.
        assert!(count(&db, "SELECT COUNT(*) FROM attempts").await >= trainees * 4);
        assert_eq!(count(&db, "SELECT COUNT(DISTINCT user_id) FROM attempts").await, trainees - 1, "all but the invited one");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM seats WHERE activated_at IS NOT NULL").await, trainees - 1, "first plays activate seats");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM attempts WHERE score > max_score").await, 0);
        let retried = "SELECT COUNT(*) FROM (SELECT user_id FROM attempts GROUP BY user_id, level_id HAVING COUNT(*) > 1) r";
        assert!(count(&db, retried).await > 0, "some levels were played again");
        let skill_sums = "SELECT COUNT(*) FROM attempts a WHERE a.score <> (SELECT SUM(p.points) FROM attempt_skill_points p WHERE p.attempt_id = a.id)";
        assert_eq!(count(&db, skill_sums).await, 0, "every point belongs to a skill");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM audit_events WHERE action = 'api_client.created'").await, 1);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM users WHERE password_hash NOT LIKE '$argon2id$%'").await, 0);

        let file = std::fs::read_to_string(server::demo::logins_path(&config)).unwrap();
        assert_eq!(logins.len() as i64, count(&db, "SELECT COUNT(*) FROM users WHERE status = 'active'").await);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM users WHERE status = 'invited' AND password_hash IS NULL").await, 1);
        for login in &logins {
            assert!(file.contains(login.email.as_str()) && file.contains(&login.password), "{} is in the logins file", login.email);
        }
    }

    async fn the_demo_tells_a_story_in_order_and_up_to_date(db: TestDb) {
        let config = db.config();
        let store = Store::connect(&db.url).await.unwrap();
        store.migrate().await.unwrap();
        let now = OffsetDateTime::now_utc();
        server::demo::seed(&config, &store, now).await.unwrap().expect("an empty database is seeded");
        let plays = plays(&db).await;

        // Dates in order: the company, its batch and licence, the trainee, their seat, their
        // first play; none of it after now.
        let sql = "SELECT u.email, u.created_at AS created, c.created_at AS company, s.assigned_at AS seat, \
                   l.created_at AS licence, b.created_at AS batch, m.added_at AS added \
                   FROM users u JOIN companies c ON c.id = u.company_id JOIN seats s ON s.user_id = u.id \
                   JOIN licence_allocations l ON l.id = s.allocation_id JOIN batch_members m ON m.user_id = u.id \
                   JOIN batches b ON b.id = m.batch_id WHERE u.role = 'USER'";
        let trainees = rows(&db, sql).await;
        assert_eq!(trainees.len() as i64, count(&db, "SELECT COUNT(*) FROM users WHERE role = 'USER'").await, "one seat and batch each");
        for row in &trainees {
            let email = text(row, "email");
            let (company, batch, licence) = (at(row, "company"), at(row, "batch"), at(row, "licence"));
            let (created, added, seat) = (at(row, "created"), at(row, "added"), at(row, "seat"));
            assert!(company < batch && company < licence, "{email}: the company came first");
            assert!(batch < created && licence < created, "{email}: batch and licence before the trainee");
            assert!(created <= added && created <= seat && seat < now, "{email}: created, then in a batch and seated");
            if let Some(((first, _), (last, _))) = plays.get(&email).and_then(|p| p.first().zip(p.last())) {
                assert!(seat < *first, "{email}: seated before the first play");
                assert!(*last <= now, "{email}: no play in the future");
            }
        }
        let sql = "SELECT u.email, u.created_at AS created, c.created_at AS company FROM users u \
                   JOIN companies c ON c.id = u.company_id WHERE u.role = 'COMPANY_ADMIN'";
        for row in rows(&db, sql).await {
            assert!(at(&row, "company") < at(&row, "created"), "{}: the company before its admin", text(&row, "email"));
        }
        let provider = rows(&db, "SELECT created_at FROM users WHERE role = 'SUPER_ADMIN'").await;
        let companies = rows(&db, "SELECT created_at FROM companies").await;
        assert!(companies.iter().all(|c| at(&provider[0], "created_at") < at(c, "created_at")), "the provider first");

        // Every trainee who signed in played for at least eight weeks, getting better.
        assert_eq!(plays.len() as i64, count(&db, "SELECT COUNT(*) FROM users WHERE role = 'USER' AND status = 'active'").await);
        let attempts = count(&db, "SELECT COUNT(*) FROM attempts").await;
        assert!((300..=600).contains(&attempts), "{attempts} attempts: enough for charts, quick to seed");
        for (email, list) in &plays {
            let (first, last) = (list[0].0, list[list.len() - 1].0);
            assert!(last - first >= Duration::weeks(8), "{email} played from {first} to {last}");
            let weeks: BTreeSet<i64> = list.iter().map(|(completed, _)| (now - *completed).whole_weeks()).collect();
            assert!(weeks.len() >= 8, "{email} played in {} weeks", weeks.len());
            let early = average(list.iter().filter(|(c, _)| *c < first + Duration::weeks(3)).map(|(_, p)| *p));
            let late = average(list.iter().filter(|(c, _)| *c > last - Duration::weeks(3)).map(|(_, p)| *p));
            assert!(late >= early + 10.0, "{email}: {early:.1} % in the first three weeks, {late:.1} % in the last");
        }
        // A retry goes better than the try before it, on average by a margin.
        let sql = "SELECT u.email, a.level_id, a.completed_at, a.score FROM attempts a JOIN users u ON u.id = a.user_id";
        let mut by_level: BTreeMap<(String, String), Vec<(OffsetDateTime, i32)>> = BTreeMap::new();
        for row in rows(&db, sql).await {
            let level: uuid::Uuid = row.try_get("", "level_id").unwrap();
            by_level.entry((text(&row, "email"), level.to_string())).or_default().push((at(&row, "completed_at"), number(&row, "score")));
        }
        let (mut better, mut retries) = (0, 0);
        for list in by_level.values_mut() {
            list.sort();
            for pair in list.windows(2) {
                retries += 1;
                better += i32::from(pair[1].1 > pair[0].1);
            }
        }
        assert!(retries > 30 && better * 10 >= retries * 9, "{better} of {retries} retries did better");

        // Meridian's new joiners are well behind its relationship managers.
        let sql = "SELECT b.name, u.email FROM batch_members m JOIN batches b ON b.id = m.batch_id JOIN users u ON u.id = m.user_id";
        let mut batches: BTreeMap<String, Vec<f64>> = BTreeMap::new();
        for row in rows(&db, sql).await {
            let played = plays.get(&text(&row, "email")).into_iter().flatten().map(|(_, p)| *p);
            batches.entry(text(&row, "name")).or_default().extend(played);
        }
        let behind = average(batches[store::demo::BEHIND_BATCH].iter().copied());
        let ahead = average(batches["Relationship managers"].iter().copied());
        assert!(ahead - behind >= 12.0, "{behind:.1} % behind, {ahead:.1} % ahead");

        // One trainee has gone quiet: nothing in the last fourteen days; the others play on.
        let quiet: Vec<&String> = plays.iter().filter(|(_, list)| list[list.len() - 1].0 < now - Duration::days(14)).map(|(email, _)| email).collect();
        assert_eq!(quiet, vec![store::demo::GONE_QUIET]);

        // One licence runs out within thirty days, with its seats in use.
        let today = now.date();
        let expiring: Vec<QueryResult> = rows(&db, "SELECT valid_until, taken FROM licence_allocations").await.into_iter().filter(|row| {
            let until: time::Date = row.try_get("", "valid_until").unwrap();
            until > today && until <= today + Duration::days(30)
        }).collect();
        assert_eq!(expiring.len(), 1);
        assert!(number(&expiring[0], "taken") > 0, "its seats are in use");
    }

    async fn the_demo_never_seeds_over_existing_users(db: TestDb) {
        let config = db.config();
        let store = Store::connect(&db.url).await.unwrap();
        store.migrate().await.unwrap();
        server::demo::seed(&config, &store, time::OffsetDateTime::now_utc()).await.unwrap();
        let users = count(&db, "SELECT COUNT(*) FROM users").await;

        let again = server::demo::seed(&config, &store, time::OffsetDateTime::now_utc()).await.unwrap();

        assert!(again.is_none());
        assert_eq!(count(&db, "SELECT COUNT(*) FROM users").await, users);
    }
}

#[cfg(unix)]
#[tokio::test]
async fn only_the_operator_can_read_the_demo_passwords() {
    use std::os::unix::fs::PermissionsExt;
    let db = TestDb::sqlite();
    let store = Store::connect(&db.url).await.unwrap();
    store.migrate().await.unwrap();

    server::demo::seed(&db.config(), &store, time::OffsetDateTime::now_utc()).await.unwrap();

    let mode = std::fs::metadata(server::demo::logins_path(&db.config())).unwrap().permissions().mode();
    assert_eq!(mode & 0o077, 0, "mode {mode:o}");
}
