//! Arranging data for a test: companies, people of each role, EULA versions. Users are made
//! through the store's real repository; the rest through plain statements.

use std::sync::atomic::{AtomicU16, Ordering};

use identity::{Argon2Hasher, NewUser, UserRepository, UserStatus};
use kernel::{CompanyId, Email, Role};
use sea_orm::{
    ConnectionTrait, StatementBuilder,
    sea_query::{Expr, ExprTrait, Query},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::TestApp;

/// Meets the new-password policy.
pub const PASSWORD: &str = "Training-day-42";

static SEQUENCE: AtomicU16 = AtomicU16::new(0);

#[derive(Clone, Debug)]
pub struct TestUser {
    pub id: Uuid,
    pub email: String,
    pub password: String,
}

impl TestApp {
    /// A company with its own industry and country.
    pub async fn company(&self, name: &str, otp_required: bool, session_minutes: i16) -> Uuid {
        let n = SEQUENCE.fetch_add(1, Ordering::Relaxed);
        let (industry, country, company) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        // Two letters from the sequence: unique ISO codes however many companies a test makes.
        let iso: String = [b'A' + (n / 26 % 26) as u8, b'A' + (n % 26) as u8].iter().map(|b| char::from(*b)).collect();
        self.exec(Query::insert().into_table("industries").columns(["id", "name", "active"]).values_panic([
            industry.into(),
            format!("Industry {n}").into(),
            true.into(),
        ]))
        .await;
        self.exec(
            Query::insert().into_table("countries").columns(["id", "name", "iso_code", "active"]).values_panic([
                country.into(),
                format!("Country {n}").into(),
                iso.into(),
                true.into(),
            ]),
        )
        .await;
        self.exec(
            Query::insert()
                .into_table("companies")
                .columns([
                    "id",
                    "name",
                    "email",
                    "contact_person",
                    "industry_id",
                    "country_id",
                    "remark",
                    "session_minutes",
                    "active",
                    "mfa_required",
                    "created_at",
                ])
                .values_panic([
                    company.into(),
                    name.into(),
                    "training@company.example".into(),
                    "Contact".into(),
                    industry.into(),
                    country.into(),
                    "".into(),
                    session_minutes.into(),
                    true.into(),
                    otp_required.into(),
                    OffsetDateTime::now_utc().into(),
                ]),
        )
        .await;
        company
    }

    /// An active user who signs in with [`PASSWORD`].
    pub async fn user(&self, role: Role, company: Option<Uuid>) -> TestUser {
        self.user_with(role, company, false, "en").await
    }

    pub async fn user_with(&self, role: Role, company: Option<Uuid>, otp_required: bool, locale: &str) -> TestUser {
        let email = format!("{}-{}@people.example", role.as_str().to_lowercase(), Uuid::new_v4().simple());
        let store = store::Store::connect(&self._db.url).await.unwrap();
        let user = store
            .create(NewUser {
                email: Email::parse(&email).unwrap(),
                name: format!("Test {}", role.as_str()),
                role,
                company: company.map(CompanyId::from_uuid),
                status: UserStatus::Active,
                password: Some(Argon2Hasher::default().hash_now(PASSWORD).unwrap()),
                mfa_required: otp_required,
                locale: locale.into(),
                created_at: self.clock_now(),
            })
            .await
            .unwrap();
        store.close().await.unwrap();
        TestUser { id: user.id.as_uuid(), email, password: PASSWORD.into() }
    }

    /// Someone an admin invited, who has no password yet.
    pub async fn invited(&self, company: Uuid, name: &str) -> TestUser {
        let email = format!("invited-{}@people.example", Uuid::new_v4().simple());
        let store = store::Store::connect(&self._db.url).await.unwrap();
        let user = store
            .create(NewUser {
                email: Email::parse(&email).unwrap(),
                name: name.into(),
                role: Role::User,
                company: Some(CompanyId::from_uuid(company)),
                status: UserStatus::Invited,
                password: None,
                mfa_required: false,
                locale: "en".into(),
                created_at: self.clock_now(),
            })
            .await
            .unwrap();
        store.close().await.unwrap();
        TestUser { id: user.id.as_uuid(), email, password: String::new() }
    }

    /// A company's own invitation policy: at least `minimum_length` characters and a symbol.
    pub async fn company_policy(&self, company: Uuid, minimum_length: i16) {
        self.exec(
            Query::insert()
                .into_table("password_policies")
                .columns([
                    "id",
                    "company_id",
                    "digits",
                    "letters",
                    "lowercase",
                    "uppercase",
                    "symbols",
                    "special_characters",
                    "minimum_length",
                    "maximum_length",
                    "active",
                ])
                .values_panic([
                    Uuid::now_v7().into(),
                    company.into(),
                    false.into(),
                    true.into(),
                    false.into(),
                    false.into(),
                    true.into(),
                    false.into(),
                    minimum_length.into(),
                    20_i16.into(),
                    true.into(),
                ]),
        )
        .await;
    }

    /// Publishes a new EULA version (English only), as an operator would.
    pub async fn publish_eula(&self, version: i32) {
        let id = Uuid::now_v7();
        self.exec(
            Query::insert().into_table("eula_versions").columns(["id", "version", "published_at"]).values_panic([
                id.into(),
                version.into(),
                OffsetDateTime::now_utc().into(),
            ]),
        )
        .await;
        self.exec(
            Query::insert().into_table("eula_texts").columns(["eula_version_id", "locale", "body"]).values_panic([
                id.into(),
                "en".into(),
                format!("Terms, version {version}").into(),
            ]),
        )
        .await;
    }

    /// Changes a column of a user directly, as an admin screen will.
    pub async fn set_user(&self, user: &TestUser, column: &str, value: &str) {
        self.exec(
            Query::update().table("users").value(column.to_owned(), value).and_where(Expr::col("id").eq(user.id)),
        )
        .await;
    }

    /// How many audit events of `action` exist.
    pub async fn audit_count(&self, action: &str) -> i64 {
        self.rows_where("audit_events", "action", action).await
    }

    /// The reasons the audit events of `action` give, oldest first.
    pub async fn audit_reasons(&self, action: &str) -> Vec<String> {
        let statement = Query::select()
            .column("details")
            .from("audit_events")
            .and_where(Expr::col("action").eq(action))
            .order_by("at", sea_orm::Order::Asc)
            .take();
        let rows = self.db.query_all(&statement).await.unwrap();
        rows.iter()
            .map(|row| {
                let details: serde_json::Value = row.try_get("", "details").unwrap();
                details["reason"].as_str().unwrap_or_default().to_owned()
            })
            .collect()
    }

    /// How many rows of `table` hold `value` in `column`.
    pub async fn rows_where(&self, table: &'static str, column: &'static str, value: &str) -> i64 {
        let statement =
            Query::select().expr(Expr::col("id").count()).from(table).and_where(Expr::col(column).eq(value)).take();
        let row = self.db.query_one(&statement).await.unwrap().unwrap();
        row.try_get_by_index(0).unwrap()
    }

    async fn exec(&self, statement: &mut impl StatementBuilder) {
        self.db.execute(&*statement).await.unwrap();
    }
}
