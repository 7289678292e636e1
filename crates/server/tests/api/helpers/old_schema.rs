//! A database stopped at an earlier migration and filled row by row as that schema stood, to
//! test what the later migrations do to data that already exists.

use migration::MigratorTrait;
use sea_orm::{ConnectionTrait, DatabaseConnection, QueryResult, Statement, sea_query::Query};
use time::OffsetDateTime;
use uuid::Uuid;

pub struct OldSchema {
    pub connection: DatabaseConnection,
    /// When the rows were made (whole seconds, as the columns keep them).
    pub now: OffsetDateTime,
}

impl OldSchema {
    /// The database at `url` with the first `migrations` migrations applied.
    pub async fn at(url: &str, migrations: u32) -> Self {
        let connection = sea_orm::Database::connect(url).await.expect("connect");
        migration::Migrator::up(&connection, Some(migrations)).await.expect("the earlier migrations");
        Self { connection, now: OffsetDateTime::now_utc().replace_nanosecond(0).expect("whole seconds") }
    }

    pub async fn insert(&self, table: &'static str, columns: &[&'static str], values: Vec<sea_orm::Value>) {
        let statement = Query::insert()
            .into_table(table)
            .columns(columns.to_vec())
            .values_panic(values.into_iter().map(Into::into))
            .take();
        self.connection.execute(&statement).await.unwrap_or_else(|e| panic!("insert into {table}: {e}"));
    }

    /// A company (with the industry and country it needs) named `name`.
    pub async fn company(&self, name: &str) -> Uuid {
        let (industry, country, company) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        self.insert("industries", &["id", "name"], vec![industry.into(), "Banking".into()]).await;
        self.insert("countries", &["id", "name", "iso_code"], vec![country.into(), "India".into(), "IN".into()]).await;
        self.insert(
            "companies",
            &[
                "id",
                "name",
                "email",
                "contact_person",
                "industry_id",
                "country_id",
                "remark",
                "session_minutes",
                "created_at",
            ],
            vec![
                company.into(),
                name.into(),
                "ops@meridian.example".into(),
                "Priya".into(),
                industry.into(),
                country.into(),
                "".into(),
                30_i16.into(),
                self.now.into(),
            ],
        )
        .await;
        company
    }

    /// An active trainee of `company` whose address is `<name>@meridian.example`.
    pub async fn trainee(&self, company: Uuid, name: &str) -> Uuid {
        let user = Uuid::now_v7();
        self.insert(
            "users",
            &["id", "email", "name", "role", "company_id", "status", "created_at"],
            vec![
                user.into(),
                format!("{}@meridian.example", name.to_lowercase()).into(),
                name.into(),
                "USER".into(),
                company.into(),
                "active".into(),
                self.now.into(),
            ],
        )
        .await;
        user
    }

    /// Every migration after the earlier ones.
    pub async fn migrate(&self) {
        migration::Migrator::up(&self.connection, None).await.expect("the later migrations");
    }

    pub async fn rows(&self, sql: &str) -> Vec<QueryResult> {
        let statement = Statement::from_string(self.connection.get_database_backend(), sql.to_owned());
        self.connection.query_all_raw(statement).await.unwrap_or_else(|e| panic!("{sql}: {e}"))
    }
}
