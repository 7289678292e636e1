//! `demo seed`: a realistic provider in an empty database, and never over real data.

use sea_orm::{ConnectionTrait, Database, Statement};
use store::Store;

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
