//! The store keeps the promises of the ports it implements, on both databases.

use identity::{CreateUserError, NewUser, UserRepository, UserStatus};
use kernel::{Email, Role};
use store::Store;

fn new_user(email: &str, role: Role) -> NewUser {
    NewUser {
        email: Email::parse(email).unwrap(),
        name: "Someone".into(),
        role,
        company: None,
        status: UserStatus::Active,
        password: None,
        mfa_required: false,
        locale: "en".into(),
        created_at: time::OffsetDateTime::now_utc(),
    }
}

crate::on_both_databases! {
    async fn one_email_is_one_account_whatever_its_spelling(db: TestDb) {
        let store = Store::connect(&db.url).await.unwrap();
        store.migrate().await.unwrap();
        store.create(new_user("ops@provider.example", Role::SuperAdmin)).await.unwrap();

        let again = store.create(new_user(" OPS@Provider.Example", Role::SuperAdmin)).await;

        assert!(matches!(again, Err(CreateUserError::EmailTaken(e)) if e.as_str() == "ops@provider.example"));
    }

    async fn a_company_role_without_a_company_is_refused(db: TestDb) {
        let store = Store::connect(&db.url).await.unwrap();
        store.migrate().await.unwrap();

        let result = store.create(new_user("trainee@customer.example", Role::User)).await;

        assert!(matches!(result, Err(CreateUserError::CompanyRequired { role: Role::User })));
    }

    async fn migrating_twice_changes_nothing(db: TestDb) {
        let store = Store::connect(&db.url).await.unwrap();
        store.migrate().await.unwrap();

        store.migrate().await.unwrap();
        store.ping().await.unwrap();
    }
}
