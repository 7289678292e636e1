//! Seats that add up and a language that is kept: the counts against the domain's company
//! ledger step by step, one live seat per trainee under races between two real server
//! processes, the migration of old doubles, and a trainee's language reaching their mail.

use kernel::{Actor, AnyClock, BatchId, Role, Scope, UserId};
use licensing::{AllocationFilter, CompanyLedger, LedgerError, Licensing, SummaryGroup};
use reqwest::Method;
use sea_orm::{
    ConnectionTrait,
    sea_query::{Expr, ExprTrait, Query},
};
use serde_json::{Value, json};
use time::Duration;
use uuid::Uuid;

use crate::{
    helpers::{OldSchema, ServerProcess, TestApp, assert_problem, spawn_app},
    licences::{call, day, ok},
};

/// Rounds of each race: before the fix, every single one gave a trainee two seats.
const ROUNDS: usize = 25;

fn uuid(value: &Value) -> Uuid {
    serde_json::from_value(value.clone()).expect("an id")
}

fn unique(name: &str) -> String {
    format!("{name}-{}@orbis.example", Uuid::now_v7().simple())
}

impl TestApp {
    /// The trainee's live seats (neither revoked nor replaced) as (seat, allocation).
    async fn live_seats(&self, user: Uuid) -> Vec<(Uuid, Uuid)> {
        let statement = Query::select()
            .columns(["id", "allocation_id"])
            .from("seats")
            .and_where(Expr::col("user_id").eq(user))
            .and_where(Expr::col("revoked_at").is_null())
            .and_where(Expr::col("replaced_at").is_null())
            .take();
        let rows = self.db.query_all(&statement).await.unwrap();
        rows.iter().map(|r| (r.try_get("", "id").unwrap(), r.try_get("", "allocation_id").unwrap())).collect()
    }

    async fn allocation(&self, root: &str, company: Uuid, seats: u32, batch: Option<Uuid>, days: (i64, i64)) -> Uuid {
        let body = json!({
            "company_id": company, "batch_id": batch, "seats": seats,
            "valid_from": day(self, days.0), "valid_until": day(self, days.1),
        });
        uuid(&ok(call(self, Method::POST, "/api/v1/licence-allocations", root, Some(body)).await, 201).await["id"])
    }

    async fn subject_of_mail_to(&self, address: &str) -> String {
        self.mail.wait_for(address, 1).await[0].subject.clone()
    }
}

async fn preview(app: &TestApp, token: &str, csv: String) -> Value {
    let response = app
        .client
        .post(app.url("/api/v1/users/import/preview"))
        .bearer_auth(token)
        .header("content-type", "text/csv")
        .body(csv)
        .send()
        .await
        .unwrap();
    ok(response, 200).await
}

crate::on_both_databases! {
    async fn a_trainee_is_invited_in_the_language_chosen_for_them(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Orbis", false, 30).await;
        app.seats_for(&root, company, 9).await;
        let admin = app.user_with(Role::CompanyAdmin, Some(company), false, "it").await;
        let admin = app.token_of(&admin).await;
        let create = |email: &str, locale: Option<&str>| {
            let mut body = json!({ "role": "USER", "name": "Lena Roy", "email": email });
            if let Some(locale) = locale {
                body["locale"] = json!(locale);
            }
            call(&app, Method::POST, "/api/v1/users", &admin, Some(body))
        };

        // The form's language reaches the trainee and their invitation.
        let lena = unique("lena");
        let created = ok(create(&lena, Some("fr")).await, 201).await;
        assert_eq!(created["locale"], "fr");
        assert_eq!(app.subject_of_mail_to(&lena).await, "Invitation à la formation Playtrack");
        // Naming none, the trainee gets the admin's language.
        let omar = unique("omar");
        assert_eq!(ok(create(&omar, None).await, 201).await["locale"], "it");
        assert_eq!(app.subject_of_mail_to(&omar).await, "Sei invitato alla formazione Playtrack");
        // An unknown language is refused on its field, and nobody is created.
        let refused = assert_problem(create(&unique("zed"), Some("klingon")).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(refused["errors"], json!([{ "field": "locale", "code": "UNKNOWN_LANGUAGE" }]));
        let trainees = ok(call(&app, Method::GET, "/api/v1/users?role=USER", &admin, None).await, 200).await;
        assert_eq!(trainees["total"], 2);

        // The import file's optional language column, checked row by row.
        let (asha, ravi, chen) = (unique("asha"), unique("ravi"), unique("chen"));
        let csv = format!("Name,E-mail,Language\nAsha,{asha},AR\nRavi,{ravi},\nChen,{chen},Klingon\n");
        let checked = preview(&app, &admin, csv).await;
        let verdicts: Vec<(&Value, &Value)> = checked["rows"].as_array().unwrap().iter().map(|r| (&r["locale"], &r["problems"])).collect();
        let unknown = json!([{ "field": "locale", "code": "UNKNOWN_LANGUAGE" }]);
        assert_eq!(verdicts, [(&json!("ar"), &json!([])), (&json!("it"), &json!([])), (&json!("Klingon"), &unknown)], "each row's language, the admin's by default");
        let rows: Vec<Value> = checked["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| json!({ "line": r["line"], "name": r["name"], "email": r["email"], "batch": r["batch"], "locale": r["locale"] }))
            .collect();
        let all = json!({ "rows": rows });
        let rejected = assert_problem(call(&app, Method::POST, "/api/v1/users/import", &admin, Some(all)).await, 422, "IMPORT_REJECTED").await;
        assert_eq!(rejected["errors"], json!([{ "field": "rows.4.locale", "code": "UNKNOWN_LANGUAGE" }]));
        let valid = json!({ "rows": rows[..2] });
        let imported = ok(call(&app, Method::POST, "/api/v1/users/import", &admin, Some(valid)).await, 201).await;
        let mut locales = Vec::new();
        for id in imported["user_ids"].as_array().unwrap() {
            let user = ok(call(&app, Method::GET, &format!("/api/v1/users/{}", id.as_str().unwrap()), &admin, None).await, 200).await;
            locales.push(user["locale"].as_str().unwrap().to_owned());
        }
        assert_eq!(locales, ["ar", "it"]);
        assert_eq!(app.subject_of_mail_to(&asha).await, "دعوة للانضمام إلى تدريب Playtrack");
        assert_eq!(app.subject_of_mail_to(&ravi).await, "Sei invitato alla formazione Playtrack");
    }

    async fn the_counts_add_up_and_a_seat_shows_its_trainees_batch(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Meridian", false, 30).await;
        let (batch, allocation) = app.seats_for(&root, company, 9).await;
        let licensing = Licensing::new(store::Store::connect(&app._db.url).await.unwrap(), AnyClock::Manual(app.clock.clone()));
        let mut trainees = Vec::new();
        for name in ["Asha", "Ravi", "Lena", "Omar", "Chen", "Dara", "Ines", "Meera"] {
            let body = json!({ "role": "USER", "name": name, "email": unique(name), "company_id": company, "batch_id": batch });
            trainees.push(uuid(&ok(call(&app, Method::POST, "/api/v1/users", &root, Some(body)).await, 201).await["id"]));
        }
        for trainee in &trainees[..7] {
            licensing.start_game(UserId::from(*trainee)).await.unwrap();
        }

        // Seven who play and one still invited: eight assigned, seven of them activated.
        let counts = app.summary(&root, company).await;
        let numbers = ["purchased", "assigned", "activated", "available", "expired"].map(|c| counts[c].as_u64().unwrap());
        assert_eq!(numbers, [9, 8, 7, 1, 0], "{counts}");
        let held = ok(call(&app, Method::GET, &format!("/api/v1/licence-allocations/{allocation}"), &root, None).await, 200).await;
        assert_eq!(held["counts"], counts);

        // The seats are of a company-wide licence, and each names its trainee's batch.
        let seats = ok(call(&app, Method::GET, &format!("/api/v1/seats?batch_id={batch}&per_page=50"), &root, None).await, 200).await;
        assert_eq!(seats["total"], 8, "the batch filter finds the batch's trainees");
        for seat in seats["items"].as_array().unwrap() {
            assert_eq!((&seat["allocation_batch_id"], &seat["user_batch_ids"]), (&Value::Null, &json!([batch])));
        }
    }

    /// The store, under a fixed sequence of assign / revoke / disable / play / time passing
    /// over three allocations of one company (one ending early, one reserved for a batch, one
    /// starting late), counts exactly what the domain's company ledger (whose invariants are
    /// property-tested) says it must, and holds one live seat per trainee at most.
    async fn the_stored_seats_agree_with_the_company_ledger_step_by_step(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Meridian", false, 30).await;
        let batch = json!({ "company_id": company, "name": "Cohort A" });
        let batch = uuid(&ok(call(&app, Method::POST, "/api/v1/batches", &root, Some(batch)).await, 201).await["id"]);
        let ids = [
            app.allocation(&root, company, 3, None, (0, 40)).await,
            app.allocation(&root, company, 2, Some(batch), (0, 120)).await,
            app.allocation(&root, company, 5, None, (60, 400)).await,
        ];
        let licensing = Licensing::new(store::Store::connect(&app._db.url).await.unwrap(), AnyClock::Manual(app.clock.clone()));
        let actor = Actor { user: UserId::new(), scope: Scope::All, ip: None };
        let mut allocations = Vec::new();
        for id in ids {
            allocations.push(licensing.allocation(Scope::All, id.into()).await.unwrap().allocation);
        }
        let mut ledger = CompanyLedger::new(allocations);
        let mut trainees = Vec::new();
        for i in 0..6_usize {
            let trainee = app.invited(company, &format!("Trainee {i}")).await.id;
            if i.is_multiple_of(2) {
                ok(call(&app, Method::PUT, &format!("/api/v1/batches/{batch}/members/{trainee}"), &root, None).await, 204).await;
            }
            trainees.push(trainee);
        }
        let batches_of = |i: usize| if i.is_multiple_of(2) { vec![BatchId::from(batch)] } else { Vec::new() };
        // A fixed-seed generator: the same steps on every run and on both databases.
        let mut seed: u64 = 0x5eed_1e55;
        let mut next = |bound: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            usize::try_from((seed >> 33) % bound).unwrap()
        };
        for step in 0..220 {
            let i = next(6);
            let (trainee, user) = (trainees[i], UserId::from(trainees[i]));
            let now = app.clock_now();
            match next(9) {
                0..=2 => {
                    let stored = licensing.assign_seat(&actor, user).await;
                    let expected = ledger.assign(user, &batches_of(i), now);
                    assert_eq!(stored.is_ok(), expected.is_ok(), "step {step}: assign {stored:?} vs {expected:?}");
                }
                3 => match app.live_seats(trainee).await.first() {
                    Some((seat, _)) => {
                        let stored = licensing.revoke_seat(&actor, (*seat).into()).await;
                        let expected = ledger.release(user);
                        assert_eq!(stored.is_ok(), expected.is_ok(), "step {step}: revoke {stored:?} vs {expected:?}");
                    }
                    None => assert_eq!(ledger.release(user), Err(LedgerError::NoSeat), "step {step}: revoke"),
                },
                4 => {
                    let released = licensing.release_unused(&actor, user, Some(company.into())).await.unwrap();
                    assert_eq!(released == 1, ledger.release(user).is_ok(), "step {step}: release");
                }
                5 | 6 => {
                    let stored = licensing.start_game(user).await;
                    let expected = ledger.activate(user, now);
                    assert_eq!(stored.is_ok(), expected.is_ok(), "step {step}: play {stored:?} vs {expected:?}");
                }
                _ => app.clock.advance(Duration::days(i64::try_from(next(20)).unwrap())),
            }
            let now = app.clock_now();
            let filter = AllocationFilter { company: Some(company.into()), ..AllocationFilter::default() };
            let lines = licensing.summary(Scope::All, SummaryGroup::Company, &filter).await.unwrap();
            assert_eq!(lines[0].seats, ledger.summary(now), "step {step}: the company's counts");
            for expected in ledger.ledgers() {
                let stored = licensing.allocation(Scope::All, expected.allocation().id).await.unwrap();
                assert_eq!(stored.summary(now), expected.summary(now), "step {step}: an allocation's counts");
            }
            for (i, trainee) in trainees.iter().enumerate() {
                let live: Vec<Uuid> = app.live_seats(*trainee).await.into_iter().map(|(_, a)| a).collect();
                let expected: Vec<Uuid> = ledger.seat_of(UserId::from(*trainee)).map(|(a, _)| a.id.as_uuid()).into_iter().collect();
                assert_eq!(live, expected, "step {step}: trainee {i}'s live seat");
            }
        }
        assert!(app.clock_now().date() > ledger.ledgers()[1].allocation().valid_until, "the run reached the expiries");
        let replaced = Query::select().expr(Expr::col("id").count()).from("seats").and_where(Expr::col("replaced_at").is_not_null()).take();
        let replaced: i64 = app.db.query_one(&replaced).await.unwrap().unwrap().try_get_by_index(0).unwrap();
        assert!(replaced > 0, "the run moved a trainee from an expired seat to a new one");
    }

    /// Two processes on one database, as behind a load balancer, each asked to seat the same
    /// trainee at the same moment. Each round adds a one-seat licence that ends before every
    /// other, so both try it first, and the one that finds it taken tries the next licence.
    async fn two_processes_seating_one_trainee_at_once_give_them_one_seat(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Meridian", false, 30).await;
        app.allocation(&root, company, 100, None, (0, 365)).await;
        let other = ServerProcess::start(&app).await;
        for round in 0..ROUNDS {
            app.allocation(&root, company, 1, None, (0, 300 - i64::try_from(round).unwrap())).await;
            let trainee = app.invited(company, "Asha Rao").await.id;
            let body = json!({ "user_id": trainee });
            let (here, there) = tokio::join!(
                app.client.post(app.url("/api/v1/seats")).bearer_auth(&root).json(&body).send(),
                app.client.post(other.url("/api/v1/seats")).bearer_auth(&root).json(&body).send(),
            );
            let mut answers = Vec::new();
            for response in [here.unwrap(), there.unwrap()] {
                let status = response.status().as_u16();
                let body: Value = response.json().await.unwrap();
                answers.push((status, body["seat_id"].clone()));
            }
            let live = app.live_seats(trainee).await;
            assert_eq!(live.len(), 1, "round {round}: {answers:?}");
            answers.sort_by_key(|(status, _)| *status);
            assert_eq!(answers.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [200, 201], "round {round}: one takes, one finds it");
            assert!(answers.iter().all(|(_, seat)| *seat == json!(live[0].0)), "round {round}: both name the one seat");
        }
        let counts = app.summary(&root, company).await;
        assert_eq!(counts["assigned"], ROUNDS, "{counts}");
    }

    /// Two processes revoking one unused seat at once: both succeed, the seat is revoked
    /// once, and it returns to the pool once.
    async fn two_processes_revoking_one_seat_at_once_both_succeed(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let company = app.company("Meridian", false, 30).await;
        app.allocation(&root, company, 2, None, (0, 365)).await;
        let other = ServerProcess::start(&app).await;
        for round in 0..ROUNDS {
            let trainee = app.invited(company, "Ravi Menon").await.id;
            let assigned = ok(call(&app, Method::POST, "/api/v1/seats", &root, Some(json!({ "user_id": trainee }))).await, 201).await;
            let seat = assigned["seat_id"].as_str().unwrap().to_owned();
            let path = format!("/api/v1/seats/{seat}");
            let (here, there) = tokio::join!(
                app.client.delete(app.url(&path)).bearer_auth(&root).send(),
                app.client.delete(other.url(&path)).bearer_auth(&root).send(),
            );
            let statuses = [here.unwrap().status().as_u16(), there.unwrap().status().as_u16()];
            assert_eq!(statuses, [204, 204], "round {round}");
            assert!(app.live_seats(trainee).await.is_empty(), "round {round}");
            let counts = app.summary(&root, company).await;
            assert_eq!((counts["assigned"].as_u64(), counts["available"].as_u64()), (Some(0), Some(2)), "round {round}: given back once");
        }
        assert_eq!(app.audit_count("seat.revoked").await, i64::try_from(ROUNDS).unwrap(), "one revocation a round");
    }

    /// A database of the old schema, where a renewed trainee kept their expired seat beside the
    /// new one and a lost race left a trainee two, migrates to one live seat per trainee, with
    /// every allocation's count recounted — and from then on the database refuses a second.
    async fn old_double_seats_migrate_to_one_live_seat_per_trainee(db: TestDb) {
        let old = &OldSchema::at(&db.url, 5).await;
        let (now, db) = (old.now, &old.connection);
        let today = now.date();
        let company = old.company("Meridian").await;
        let [asha, ravi, chen] = [old.trainee(company, "asha").await, old.trainee(company, "ravi").await, old.trainee(company, "chen").await];
        let (ended, valid, other) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        for (allocation, until, taken) in [(ended, today - Duration::days(1), 1), (valid, today + Duration::days(90), 3), (other, today + Duration::days(90), 1)] {
            old.insert(
                "licence_allocations",
                &["id", "company_id", "seats", "taken", "valid_from", "valid_until", "created_at"],
                vec![allocation.into(), company.into(), 5_i32.into(), taken.into(), (today - Duration::days(400)).into(), until.into(), now.into()],
            )
            .await;
        }
        let seat = move |allocation: Uuid, user: Uuid, assigned: i64, activated: bool| {
            let id = Uuid::now_v7();
            let assigned_at = now - Duration::days(assigned);
            let activated_at = activated.then_some(assigned_at);
            async move {
                old.insert("seats", &["id", "allocation_id", "user_id", "assigned_at", "activated_at"], vec![id.into(), allocation.into(), user.into(), assigned_at.into(), activated_at.into()]).await;
                id
            }
        };
        let asha_expired = seat(ended, asha, 300, true).await;
        let asha_renewed = seat(valid, asha, 10, false).await;
        let ravi_lost = seat(valid, ravi, 5, false).await;
        let ravi_won = seat(other, ravi, 4, false).await;
        let chen_only = seat(valid, chen, 3, true).await;

        old.migrate().await;

        let read = move |columns: &'static str| {
            async move {
                let rows = old.rows(&format!("SELECT id, {columns} FROM seats ORDER BY id")).await;
                rows.into_iter().map(|r| (r.try_get_by_index::<Uuid>(0).unwrap(), r.try_get_by_index::<bool>(1).unwrap())).collect::<std::collections::HashMap<_, _>>()
            }
        };
        let live = read("revoked_at IS NULL AND replaced_at IS NULL").await;
        let replaced = read("replaced_at IS NOT NULL").await;
        let revoked = read("revoked_at IS NOT NULL").await;
        assert_eq!(
            [asha_expired, asha_renewed, ravi_lost, ravi_won, chen_only].map(|s| (live[&s], replaced[&s], revoked[&s])),
            [(false, true, false), (true, false, false), (false, false, true), (true, false, false), (true, false, false)],
            "the expired seat is replaced, the lost race's seat goes back, everyone keeps one"
        );
        let taken = Query::select().columns(["id", "taken"]).from("licence_allocations").take();
        let taken: std::collections::HashMap<Uuid, i32> = db.query_all(&taken).await.unwrap().iter().map(|r| (r.try_get("", "id").unwrap(), r.try_get("", "taken").unwrap())).collect();
        assert_eq!([ended, valid, other].map(|a| taken[&a]), [0, 2, 1], "every count is the live seats it holds");
        let second = Query::insert()
            .into_table("seats")
            .columns(["id", "allocation_id", "user_id", "assigned_at"])
            .values_panic([Uuid::now_v7().into(), other.into(), chen.into(), now.into()])
            .take();
        assert!(db.execute(&second).await.is_err(), "a second live seat for Chen is refused");
    }
}
