//! The dashboard's answer (`/dashboard/insight`) against the attempts sent and the report views
//! it sums up, for each role, and the licences that end soon.

use std::collections::{BTreeMap, BTreeSet};

use rand::{SeedableRng, rngs::StdRng};
use reqwest::Method;
use serde_json::{Value, json};
use time::Duration;
use uuid::Uuid;

use kernel::Role;

use crate::{
    helpers::spawn_app,
    licences::{call, ok},
    reports::{Sent, World, world},
};

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() < 1e-9)
}

/// One total row of a report view as `token` reads it: its cells by column key.
async fn total(app: &crate::helpers::TestApp, token: &str, view: &str, filter: &str) -> BTreeMap<String, f64> {
    let path = format!("/api/v1/reports/scores?view={view}&group=all{filter}");
    let report = ok(call(app, Method::GET, &path, token, None).await, 200).await;
    let keys: Vec<String> =
        report["columns"].as_array().unwrap().iter().map(|c| c["key"].as_str().unwrap().to_owned()).collect();
    let cells = report["rows"][0]["cells"].as_array().cloned().unwrap_or_default();
    keys.into_iter().zip(cells).filter(|(_, v)| v.is_number()).map(|(k, v)| (k, v.as_f64().unwrap())).collect()
}

/// The weekly percent of the attempts in `sent` by `who`, over eight weeks of seven days
/// ending `today`, oldest first: the oracle of a trend.
fn weekly(world: &World, sent: &[Sent], who: impl Fn(Uuid) -> bool, today: time::Date) -> Vec<Option<f64>> {
    (0..8)
        .rev()
        .map(|back: i64| {
            let (from, to) = (today - Duration::days(7 * back + 6), today - Duration::days(7 * back));
            let (score, max) = sent
                .iter()
                .filter(|a| who(a.trainee) && (from..=to).contains(&a.completed.to_offset(time::UtcOffset::UTC).date()))
                .fold((0.0, 0.0), |(s, m), a| (s + f64::from(a.score), m + f64::from(world.max_of(a))));
            (max > 0.0).then(|| score * 100.0 / max)
        })
        .collect()
}

fn trend_of(summary: &Value) -> Vec<Option<f64>> {
    summary["trend"].as_array().unwrap().iter().map(|week| week["score"].as_f64()).collect()
}

fn same(a: &[Option<f64>], b: &[Option<f64>]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(a, b)| match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() < 1e-9,
            (None, None) => true,
            _ => false,
        })
}

crate::on_both_databases! {
    /// A company admin sees their own batches only: each with the weekly trend of the attempts
    /// sent, its score and weakest skill as the batch's reports show them (beside the company's),
    /// and the trainees to nudge with the reason; and their own licences that end soon.
    async fn a_company_admin_sees_each_of_their_batches_trend_weakest_skill_and_whom_to_nudge(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let mut sent = world.random(&mut StdRng::seed_from_u64(33), 150, world.start + Duration::days(5));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let (company, other) = (world.companies[0], world.companies[1]);
        let mut mine: BTreeMap<Uuid, BTreeSet<Uuid>> =
            world.batches.iter().filter(|(_, members)| members.iter().all(|t| world.company_of(*t) == company)).map(|(b, m)| (*b, m.clone())).collect();
        // Someone who joins a batch and scores nothing, and someone who never plays.
        let (straggler, idle) = (app.trainee_of(&world.root, company).await, app.trainee_of(&world.root, company).await);
        let batch = *mine.keys().next().unwrap();
        let joined = call(&app, Method::PUT, &format!("/api/v1/batches/{batch}/members/{straggler}"), &world.root, None).await;
        assert!(joined.status().is_success(), "{}", joined.text().await.unwrap());
        mine.get_mut(&batch).unwrap().insert(straggler);
        app.clock.advance(Duration::minutes(20));
        let zeros: Vec<Sent> = (0..3)
            .map(|i| {
                let mut zero = sent[i].clone();
                (zero.trainee, zero.score, zero.completed) = (straggler, 0, app.clock_now() - Duration::minutes(10 + i as i64));
                zero
            })
            .collect();
        assert!(world.send(&app, &zeros, 1_000).await.iter().all(|s| s == "stored"));
        sent.extend(zeros);
        // Licences that end soon, once everyone above holds a seat: none of theirs is taken.
        let soon = (app.clock_now() + Duration::days(20)).date();
        for (owner, until) in [(company, soon), (other, soon - Duration::days(5))] {
            let allocation = json!({ "company_id": owner, "seats": 3, "valid_from": app.clock_now().date().to_string(), "valid_until": until.to_string() });
            ok(call(&app, Method::POST, "/api/v1/licence-allocations", &world.root, Some(allocation)).await, 201).await;
        }
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        let admin = app.token_of(&admin).await;

        let answer = ok(call(&app, Method::GET, "/api/v1/dashboard/insight", &admin, None).await, 200).await;

        assert_eq!((&answer["rows"], &answer["trend_weeks"], &answer["behind_by"]), (&json!("batch"), &json!(8), &json!(10.0)));
        let summaries = answer["summaries"].as_array().unwrap();
        let shown: BTreeSet<Uuid> = summaries.iter().map(|s| s["id"].as_str().unwrap().parse().unwrap()).collect();
        assert_eq!(shown, mine.keys().copied().collect(), "their company's batches, no other's: {answer}");
        let today = app.clock_now().date();
        let company_skills = total(&app, &admin, "skill", "").await;
        for summary in summaries {
            let batch: Uuid = summary["id"].as_str().unwrap().parse().unwrap();
            let members = &mine[&batch];
            let expected = weekly(&world, &sent, |t| members.contains(&t), today);
            assert!(expected.iter().any(Option::is_some), "the batch played within the eight weeks");
            assert!(same(&trend_of(summary), &expected), "{summary}: {expected:?}");
            let played: Vec<f64> = expected.iter().flatten().copied().collect();
            assert!(close(&summary["change"], played[played.len() - 1] - played[0]), "{summary}");
            let filter = format!("&batch={batch}");
            assert!(close(&summary["score"], total(&app, &admin, "overview", &filter).await["score"]), "{summary}");
            let skills = total(&app, &admin, "skill", &filter).await;
            let (weakest, percent) = skills.iter().min_by(|a, b| a.1.total_cmp(b.1)).unwrap();
            let shown = &summary["weakest_skill"];
            assert_eq!(shown["id"].as_str().unwrap(), weakest, "{summary}");
            assert!(close(&shown["score"], *percent) && close(&shown["cohort"], company_skills[weakest]), "{summary}");
            assert_eq!(summary["trainees"], members.len());
        }

        // Nudged: whoever of the company played nothing in 14 days (in a batch or not), and
        // whoever trails a batch of theirs by more than 10 points, as the reports score them.
        let quiet_since = today - Duration::days(13);
        let everyone = world.trainees.iter().filter(|(_, c)| *c == company).map(|(t, _)| *t).chain([straggler, idle]);
        let quiet: BTreeSet<Uuid> = everyone
            .filter(|t| !sent.iter().any(|a| a.trainee == *t && a.completed.to_offset(time::UtcOffset::UTC).date() >= quiet_since))
            .collect();
        let mut behind = BTreeSet::new();
        for (batch, members) in &mine {
            let of_batch = total(&app, &admin, "overview", &format!("&batch={batch}")).await["score"];
            for member in members {
                let own = total(&app, &admin, "overview", &format!("&user={member}")).await;
                if own.get("score").is_some_and(|score| *score < of_batch - 10.0) {
                    behind.insert(*member);
                }
            }
        }
        let nudges = answer["nudges"].as_array().unwrap();
        let by_reason = |reason: &dyn Fn(&Value) -> bool| -> BTreeSet<Uuid> {
            nudges.iter().filter(|n| reason(n)).map(|n| n["id"].as_str().unwrap().parse().unwrap()).collect()
        };
        assert_eq!(by_reason(&|n| n["quiet"] == true), quiet, "{answer}");
        assert_eq!(by_reason(&|n| n["behind"].is_object()), behind, "{answer}");
        assert!(quiet.contains(&idle) && behind.contains(&straggler), "{answer}");

        let seats = ok(call(&app, Method::GET, "/api/v1/dashboard", &admin, None).await, 200).await;
        let expiring = seats["expiring_licences"].as_array().unwrap();
        assert_eq!(expiring.len(), 1, "their own licence only: {seats}");
        assert_eq!((&expiring[0]["valid_until"], &expiring[0]["seats"], &expiring[0]["assigned"]), (&json!(soon.to_string()), &json!(3), &json!(0)));
        let everything = ok(call(&app, Method::GET, "/api/v1/dashboard", &world.root, None).await, 200).await;
        let companies: Vec<&Value> = everything["expiring_licences"].as_array().unwrap().iter().map(|l| &l["company_id"]).collect();
        assert_eq!(companies, [&json!(other), &json!(company)], "the provider's, soonest first");
    }

    /// The provider sees every company beside the whole provider; a trainee their own trend,
    /// weakest skill and the first level they have not played (else their weakest).
    async fn the_provider_sees_every_company_and_a_trainee_their_own_next_level(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let sent = world.random(&mut StdRng::seed_from_u64(34), 120, world.start + Duration::days(5));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let today = app.clock_now().date();

        let answer = ok(call(&app, Method::GET, "/api/v1/dashboard/insight", &world.root, None).await, 200).await;
        assert_eq!(answer["rows"], "company");
        assert_eq!(answer["nudges"], json!([]), "the provider sees companies, not people to nudge");
        let everything = total(&app, &world.root, "skill", "").await;
        for company in world.companies {
            let summary = answer["summaries"].as_array().unwrap().iter().find(|s| s["id"] == json!(company)).unwrap();
            let expected = weekly(&world, &sent, |t| world.company_of(t) == company, today);
            assert!(same(&trend_of(summary), &expected), "{summary}: {expected:?}");
            let skills = total(&app, &world.root, "skill", &format!("&company={company}")).await;
            let (weakest, percent) = skills.iter().min_by(|a, b| a.1.total_cmp(b.1)).unwrap();
            assert_eq!(summary["weakest_skill"]["id"].as_str().unwrap(), weakest, "{summary}");
            assert!(close(&summary["weakest_skill"]["score"], *percent), "{summary}");
            assert!(close(&summary["weakest_skill"]["cohort"], everything[weakest]), "{summary}");
            assert_eq!(summary["trainees"], world.trainees.iter().filter(|(_, c)| *c == company).count());
        }

        let trainee = world.signed_token(&app).await;
        let own = ok(call(&app, Method::GET, "/api/v1/dashboard/insight", &trainee, None).await, 200).await;
        assert_eq!(own["rows"], "own");
        let summary = &own["summaries"][0];
        let me = world.signed_id();
        assert!(same(&trend_of(summary), &weekly(&world, &sent, |t| t == me, today)), "{own}");
        let played: BTreeSet<usize> = sent.iter().filter(|a| a.trainee == me).map(|a| a.level).collect();
        let next = &own["next_level"];
        match world.level_ids().iter().enumerate().find(|(index, _)| !played.contains(index)) {
            Some((_, first)) => assert_eq!((&next["id"], &next["score"]), (&json!(first), &Value::Null), "{own}"),
            None => {
                let levels = total(&app, &trainee, "level", "").await;
                let (weakest, percent) = levels.iter().min_by(|a, b| a.1.total_cmp(b.1)).unwrap();
                assert!(next["id"] == json!(weakest) && close(&next["score"], *percent), "{own}");
            }
        }
    }
}
