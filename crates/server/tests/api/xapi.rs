//! xAPI over HTTP: statements of the profile become attempts through the game's ingestion,
//! sending one again is harmless and other content conflicts, what xAPI refuses is refused
//! with its status codes (a batch all or nothing), what the profile does not take answers
//! `NOT_SUPPORTED`, and the version header, keys, scope and client kinds are honoured.

use reqwest::{Method, RequestBuilder, Response};
use sea_orm::{
    ConnectionTrait,
    sea_query::{Expr, ExprTrait, Query},
};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};
use uuid::Uuid;

use crate::{
    game::Game,
    helpers::{TestApp, assert_problem, spawn_app},
    licences::ok,
};

const COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";
const LEVELS: &str = "https://playtrack.dev/xapi/levels/";
const CHAPTERS: &str = "https://playtrack.dev/xapi/chapters/";
const DIFFICULTY: &str = "https://playtrack.dev/xapi/extensions/difficulty";
const APPROACH: &str = "https://playtrack.dev/xapi/extensions/approach";
const SKILL_POINTS: &str = "https://playtrack.dev/xapi/extensions/skill-points";

impl TestApp {
    /// A request to the xAPI resource `path` with the client's key and version header.
    fn xapi(&self, method: Method, path: &str, key: &str, version: Option<&str>) -> RequestBuilder {
        let request = self.client.request(method, self.url(&format!("/api/v1/xapi/{path}"))).bearer_auth(key);
        match version {
            Some(version) => request.header("X-Experience-API-Version", version),
            None => request,
        }
    }

    async fn post_statements(&self, key: &str, body: &Value) -> Response {
        self.xapi(Method::POST, "statements", key, Some("1.0.3")).json(body).send().await.expect("request")
    }

    async fn put_statement(&self, key: &str, id: &str, body: &Value) -> Response {
        let path = format!("statements?statementId={id}");
        self.xapi(Method::PUT, &path, key, Some("1.0.3")).json(body).send().await.expect("request")
    }

    async fn get_statement(&self, key: &str, query: &str) -> Response {
        self.xapi(Method::GET, &format!("statements?{query}"), key, Some("1.0.3")).send().await.expect("request")
    }

    async fn email_of(&self, user: Uuid) -> String {
        let query = Query::select().column("email").from("users").and_where(Expr::col("id").eq(user)).take();
        self.db.query_one(&query).await.unwrap().unwrap().try_get("", "email").unwrap()
    }

    /// The attempt recorded under `external_id`, as a row of the columns asked for.
    async fn attempt_row(&self, external_id: &str) -> Option<sea_orm::QueryResult> {
        let query = Query::select()
            .columns([
                "id",
                "user_id",
                "level_id",
                "difficulty",
                "approach_id",
                "score",
                "max_score",
                "duration_seconds",
            ])
            .columns(["started_at", "completed_at"])
            .from("attempts")
            .and_where(Expr::col("external_id").eq(external_id))
            .take();
        self.db.query_one(&query).await.unwrap()
    }
}

impl Game {
    /// A sound statement of the profile: the trainee (an account of the portal) completed the
    /// level an hour ago in ten minutes, scoring `score` of 100.
    fn statement(&self, app: &TestApp, id: Uuid, score: u32) -> Value {
        let completed = app.clock_now() - Duration::hours(1);
        json!({
            "id": id,
            "actor": { "objectType": "Agent", "name": "Tess Trainee", "account": { "homePage": app.config.public_url(), "name": self.trainee } },
            "verb": { "id": COMPLETED, "display": { "en-US": "completed" } },
            "object": {
                "objectType": "Activity", "id": format!("{LEVELS}{}", self.level),
                "definition": { "type": "https://playtrack.dev/xapi/activity-types/level", "name": { "en": "Level 1" } },
            },
            "result": {
                "score": { "raw": score, "min": 0, "max": 100 }, "completion": true, "duration": "PT10M",
                "extensions": { SKILL_POINTS: { self.skills[0].to_string(): score } },
            },
            "context": {
                "contextActivities": { "parent": [{ "id": format!("{CHAPTERS}1") }] },
                "extensions": { DIFFICULTY: "medium", APPROACH: self.approach },
            },
            "timestamp": completed.format(&Rfc3339).unwrap(),
        })
    }
}

fn set(mut value: Value, pointer: &str, new: Value) -> Value {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    value.pointer_mut(parent).unwrap().as_object_mut().unwrap().insert(key.to_owned(), new);
    value
}

fn errors(problem: &Value) -> Vec<(String, String)> {
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

fn header<'a>(response: &'a Response, name: &str) -> Option<&'a str> {
    response.headers().get(name).and_then(|v| v.to_str().ok())
}

crate::on_both_databases! {
    async fn a_completed_statement_becomes_an_attempt_and_resending_it_is_harmless(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let id = Uuid::now_v7();
        let statement = game.statement(&app, id, 70);
        let answer = app.post_statements(&game.key, &statement).await;
        assert_eq!(header(&answer, "x-experience-api-version"), Some("1.0.3"));
        let consistent = header(&answer, "x-experience-api-consistent-through").unwrap();
        assert!(OffsetDateTime::parse(consistent, &Rfc3339).is_ok(), "{consistent}");
        assert_eq!(ok(answer, 200).await, json!([id]));

        let row = app.attempt_row(&id.to_string()).await.expect("the attempt is recorded under the statement id");
        let completed = app.clock_now() - Duration::hours(1);
        assert_eq!(row.try_get::<Uuid>("", "user_id").unwrap(), game.trainee);
        assert_eq!(row.try_get::<Uuid>("", "level_id").unwrap(), game.level);
        assert_eq!(row.try_get::<Uuid>("", "approach_id").unwrap(), game.approach);
        assert_eq!(row.try_get::<String>("", "difficulty").unwrap(), "medium");
        assert_eq!((row.try_get::<i32>("", "score").unwrap(), row.try_get::<i32>("", "max_score").unwrap()), (70, 100));
        assert_eq!(row.try_get::<i32>("", "duration_seconds").unwrap(), 600);
        assert_eq!(row.try_get::<OffsetDateTime>("", "completed_at").unwrap(), completed);
        assert_eq!(row.try_get::<OffsetDateTime>("", "started_at").unwrap(), completed - Duration::minutes(10));
        let counts = (app.count("attempts").await, app.count("attempt_skill_points").await, app.count("xapi_statements").await);
        assert_eq!(counts, (1, 1, 1));
        let seat = Query::select().column("activated_at").from("seats").and_where(Expr::col("user_id").eq(game.trainee)).take();
        let activated: Option<OffsetDateTime> = app.db.query_one(&seat).await.unwrap().unwrap().try_get("", "activated_at").unwrap();
        assert_eq!(activated, Some(completed), "the first play activates the seat");

        // Sent again after a lost answer, with another display and time zone: nothing changes.
        ok(app.post_statements(&game.key, &statement).await, 200).await;
        let mut resent = set(statement.clone(), "/verb/display", json!({ "fr": "terminé" }));
        resent["timestamp"] = json!(completed.to_offset(time::macros::offset!(+2)).format(&Rfc3339).unwrap());
        assert_eq!(ok(app.post_statements(&game.key, &resent).await, 200).await, json!([id]));
        assert_eq!(app.count("attempts").await, 1);

        // The same id with other content conflicts, in any case of the id.
        let changed = set(statement.clone(), "/result/completion", json!(false));
        let refused = assert_problem(app.post_statements(&game.key, &changed).await, 409, "CONFLICT").await;
        assert!(refused["detail"].as_str().unwrap().contains(&id.to_string()), "{refused}");
        let upper = set(game.statement(&app, id, 71), "/id", json!(id.to_string().to_uppercase()));
        assert_problem(app.post_statements(&game.key, &upper).await, 409, "CONFLICT").await;
        assert_eq!(app.count("attempts").await, 1);
        let row = app.attempt_row(&id.to_string()).await.unwrap();
        assert_eq!(row.try_get::<i32>("", "score").unwrap(), 70, "the first content stays");
    }

    async fn a_statement_put_by_id_is_read_back_as_stored(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let id = Uuid::now_v7();
        let mut statement = game.statement(&app, id, 55);
        statement.as_object_mut().unwrap().remove("id");
        let put = app.put_statement(&game.key, &id.to_string(), &statement).await;
        assert_eq!(put.status().as_u16(), 204);
        assert_eq!(header(&put, "x-experience-api-version"), Some("1.0.3"));
        assert_eq!(app.put_statement(&game.key, &id.to_string(), &statement).await.status().as_u16(), 204, "again: no change");

        let got = app.get_statement(&game.key, &format!("statementId={id}")).await;
        assert!(header(&got, "last-modified").is_some());
        let got = ok(got, 200).await;
        assert_eq!(got["id"], id.to_string());
        assert_eq!(got["version"], "1.0.0");
        assert_eq!(got["verb"], statement["verb"]);
        assert_eq!(got["result"], statement["result"]);
        assert_eq!(got["stored"], app.clock_now().format(&Rfc3339).unwrap());
        assert_eq!(got["authority"]["objectType"], "Agent");
        assert_eq!(got["authority"]["account"]["homePage"], app.config.public_url());
        let ids_only = ok(app.get_statement(&game.key, &format!("statementId={id}&format=ids")).await, 200).await;
        assert!(ids_only["verb"].get("display").is_none() && ids_only["object"].get("definition").is_none(), "{ids_only}");

        let changed = set(statement.clone(), "/result/score/raw", json!(56));
        assert_problem(app.put_statement(&game.key, &id.to_string(), &changed).await, 409, "CONFLICT").await;
        let other = set(statement.clone(), "/id", json!(Uuid::now_v7()));
        let refused = assert_problem(app.put_statement(&game.key, &id.to_string(), &other).await, 400, "MALFORMED_REQUEST").await;
        assert_eq!(errors(&refused), [("id".to_owned(), "MALFORMED".to_owned())]);
        let no_id = app.xapi(Method::PUT, "statements", &game.key, Some("1.0.3")).json(&statement).send().await.unwrap();
        assert_problem(no_id, 400, "MALFORMED_REQUEST").await;
        let batch = json!([statement]);
        assert_problem(app.put_statement(&game.key, &Uuid::now_v7().to_string(), &batch).await, 400, "MALFORMED_REQUEST").await;

        // Unknown, another client's, voided, or a query: none is answered.
        assert_problem(app.get_statement(&game.key, &format!("statementId={}", Uuid::now_v7())).await, 404, "NOT_FOUND").await;
        let (_, other_key) = app.game_client(&game.root, json!({ "name": "Other studio", "kind": "game", "all_companies": true })).await;
        assert_problem(app.get_statement(&other_key, &format!("statementId={id}")).await, 404, "NOT_FOUND").await;
        assert_problem(app.get_statement(&game.key, &format!("voidedStatementId={id}")).await, 404, "NOT_FOUND").await;
        assert_problem(app.get_statement(&game.key, "").await, 400, "NOT_SUPPORTED").await;
        assert_problem(app.get_statement(&game.key, &format!("statementId={id}&voidedStatementId={id}")).await, 400, "MALFORMED_REQUEST").await;
        assert_problem(app.get_statement(&game.key, "statementId=42").await, 400, "MALFORMED_REQUEST").await;
        assert_problem(app.get_statement(&game.key, &format!("statementId={id}&attachments=true")).await, 400, "NOT_SUPPORTED").await;
        assert_problem(app.get_statement(&game.key, "verb=x").await, 400, "MALFORMED_REQUEST").await;
    }

    async fn the_version_header_is_required_and_answered(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let statement = game.statement(&app, Uuid::now_v7(), 10);
        for version in [None, Some("0.95"), Some("1.1.0"), Some("3.0.0")] {
            let answer = app.xapi(Method::POST, "statements", &game.key, version).json(&statement).send().await.unwrap();
            assert_eq!(header(&answer, "x-experience-api-version"), Some("2.0.0"));
            let refused = assert_problem(answer, 400, "XAPI_VERSION").await;
            assert!(refused["detail"].is_string());
        }
        let get = app.xapi(Method::GET, "statements?statementId=x", &game.key, None).send().await.unwrap();
        assert_problem(get, 400, "XAPI_VERSION").await;
        assert_eq!(app.count("attempts").await, 0);

        let id = Uuid::now_v7();
        let two = app.xapi(Method::POST, "statements", &game.key, Some("2.0.0")).json(&game.statement(&app, id, 10)).send().await.unwrap();
        assert_eq!(header(&two, "x-experience-api-version"), Some("2.0.0"));
        ok(two, 200).await;
        let got = app.xapi(Method::GET, &format!("statements?statementId={id}"), &game.key, Some("1.0")).send().await.unwrap();
        assert_eq!(header(&got, "x-experience-api-version"), Some("1.0.3"));
        assert_eq!(ok(got, 200).await["version"], "2.0.0", "kept with the version it came with");

        // The about resource needs neither key nor header.
        let about = app.client.get(app.url("/api/v1/xapi/about")).send().await.unwrap();
        assert_eq!(header(&about, "x-experience-api-version"), Some("2.0.0"));
        assert_eq!(ok(about, 200).await, json!({ "version": ["1.0.3", "2.0.0"] }));
    }

    async fn what_xapi_or_the_profile_refuses_is_named_and_nothing_is_stored(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let sound = game.statement(&app, Uuid::now_v7(), 10);

        let experienced = set(sound.clone(), "/verb/id", json!("http://adlnet.gov/expapi/verbs/experienced"));
        let refused = assert_problem(app.post_statements(&game.key, &experienced).await, 400, "NOT_SUPPORTED").await;
        assert_eq!(errors(&refused), [("verb.id".to_owned(), "UNSUPPORTED".to_owned())]);
        assert!(refused["detail"].as_str().unwrap().contains("experienced"), "{refused}");
        let elsewhere = set(sound.clone(), "/actor/account/homePage", json!("https://lms.example"));
        assert_problem(app.post_statements(&game.key, &elsewhere).await, 400, "NOT_SUPPORTED").await;

        for (statement, field) in [
            (set(sound.clone(), "/id", json!("not-a-uuid")), "id"),
            (set(sound.clone(), "/actor/mbox", json!("mailto:tess@orbis.example")), "actor"),
            (set(sound.clone(), "/result/score/raw", json!("10")), "result.score.raw"),
            (set(sound.clone(), "/result/response", Value::Null), "result.response"),
            (set(sound.clone(), "/verb/Id", json!(COMPLETED)), "verb.Id"),
        ] {
            let refused = assert_problem(app.post_statements(&game.key, &statement).await, 400, "MALFORMED_REQUEST").await;
            assert_eq!(errors(&refused), [(field.to_owned(), "MALFORMED".to_owned())], "{statement}");
        }
        let mut no_actor = sound.clone();
        no_actor.as_object_mut().unwrap().remove("actor");
        assert_problem(app.post_statements(&game.key, &no_actor).await, 400, "MALFORMED_REQUEST").await;
        let twice = r#"{"actor": {"mbox": "mailto:a@b.example"}, "actor": {"mbox": "mailto:c@d.example"}, "verb": {"id": "https://x.example/v"}, "object": {"id": "https://x.example/o"}}"#;
        let twice = app.xapi(Method::POST, "statements", &game.key, Some("1.0.3")).header("content-type", "application/json").body(twice).send().await.unwrap();
        assert_problem(twice, 400, "MALFORMED_REQUEST").await;
        let attachments = app.xapi(Method::POST, "statements", &game.key, Some("1.0.3")).header("content-type", "multipart/mixed; boundary=x").body("--x--").send().await.unwrap();
        assert_problem(attachments, 400, "NOT_SUPPORTED").await;

        // Rules of the portal: a wrong chapter, a score above the level's maximum.
        let chapter = set(sound.clone(), "/context/contextActivities/parent", json!([{ "id": format!("{CHAPTERS}7") }]));
        let refused = assert_problem(app.post_statements(&game.key, &chapter).await, 400, "STATEMENT_REJECTED").await;
        assert_eq!(errors(&refused), [("context.contextActivities.parent".to_owned(), "CHAPTER_MISMATCH".to_owned())]);
        assert_eq!(app.count("attempts").await, 0);
    }

    async fn a_batch_is_kept_whole_or_not_at_all(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let ids: Vec<Uuid> = (0..3).map(|_| Uuid::now_v7()).collect();
        let good = |i: usize| game.statement(&app, ids[i], 10 + u32::try_from(i).unwrap());

        let too_high = set(good(2), "/result/score/raw", json!(101));
        let too_high = set(too_high, "/result/score/max", json!(120));
        let refused = assert_problem(app.post_statements(&game.key, &json!([good(0), good(1), too_high])).await, 400, "STATEMENT_REJECTED").await;
        assert_eq!(errors(&refused), [("[2].result.score.max".to_owned(), "MAX_SCORE_MISMATCH".to_owned())]);
        let malformed = set(good(2), "/timestamp", json!("yesterday"));
        let refused = assert_problem(app.post_statements(&game.key, &json!([good(0), malformed])).await, 400, "MALFORMED_REQUEST").await;
        assert_eq!(errors(&refused), [("[1].timestamp".to_owned(), "MALFORMED".to_owned())]);
        assert_problem(app.post_statements(&game.key, &json!([good(0), good(0)])).await, 400, "MALFORMED_REQUEST").await;
        assert_eq!((app.count("attempts").await, app.count("xapi_statements").await), (0, 0), "nothing of a refused batch");

        assert_eq!(ok(app.post_statements(&game.key, &json!([good(0), good(1)])).await, 200).await, json!([ids[0], ids[1]]));
        // A conflict with what was recorded before refuses the new statement beside it too.
        let conflicting = set(good(1), "/result/score/raw", json!(99));
        assert_problem(app.post_statements(&game.key, &json!([good(2), conflicting])).await, 409, "CONFLICT").await;
        assert_eq!(app.count("attempts").await, 2);
        assert!(app.attempt_row(&ids[2].to_string()).await.is_none());
        // Statements without an id get one; the answer lists every id in order.
        let mut anonymous = good(2);
        anonymous.as_object_mut().unwrap().remove("id");
        let answer = ok(app.post_statements(&game.key, &json!([good(0), anonymous])).await, 200).await;
        assert_eq!(answer[0], json!(ids[0]));
        let assigned = answer[1].as_str().unwrap();
        assert!(app.attempt_row(assigned).await.is_some());
        assert_eq!(app.count("attempts").await, 3);
        assert_eq!(ok(app.post_statements(&game.key, &json!([])).await, 200).await, json!([]));
    }

    async fn an_mbox_names_a_trainee_of_the_clients_scope(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let email = app.email_of(game.trainee).await;
        let id = Uuid::now_v7();
        let by_mail = set(game.statement(&app, id, 30), "/actor", json!({ "mbox": format!("mailto:{}", email.to_uppercase()) }));
        ok(app.post_statements(&game.key, &by_mail).await, 200).await;
        let row = app.attempt_row(&id.to_string()).await.unwrap();
        assert_eq!(row.try_get::<Uuid>("", "user_id").unwrap(), game.trainee);

        let stranger = set(game.statement(&app, Uuid::now_v7(), 30), "/actor", json!({ "mbox": "mailto:nobody@orbis.example" }));
        let refused = assert_problem(app.post_statements(&game.key, &stranger).await, 400, "STATEMENT_REJECTED").await;
        assert_eq!(errors(&refused), [("actor".to_owned(), "UNKNOWN".to_owned())]);

        // A client of another company sees neither form of the trainee.
        let elsewhere = app.company("Elsewhere", false, 30).await;
        let (_, scoped) = app.game_client(&game.root, json!({ "name": "Scoped", "kind": "game", "companies": [elsewhere] })).await;
        for statement in [set(by_mail.clone(), "/id", json!(Uuid::now_v7())), game.statement(&app, Uuid::now_v7(), 30)] {
            let refused = assert_problem(app.post_statements(&scoped, &statement).await, 400, "STATEMENT_REJECTED").await;
            assert_eq!(errors(&refused), [("actor".to_owned(), "UNKNOWN".to_owned())]);
        }
        assert_eq!(app.count("attempts").await, 1);
    }

    async fn only_game_clients_write_with_a_bearer_or_basic_key(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let (_, partner) = app.game_client(&game.root, json!({ "name": "Partner", "kind": "partner", "all_companies": true })).await;
        let statement = game.statement(&app, Uuid::now_v7(), 10);
        assert_problem(app.post_statements(&partner, &statement).await, 403, "FORBIDDEN").await;
        let put = app.put_statement(&partner, &Uuid::now_v7().to_string(), &statement).await;
        assert_problem(put, 403, "FORBIDDEN").await;

        for key in ["", "ptk_not-a-key", game.root.as_str()] {
            let answer = app.post_statements(key, &statement).await;
            assert!(header(&answer, "www-authenticate").unwrap().starts_with("Basic"));
            assert_eq!(header(&answer, "x-experience-api-version"), Some("1.0.3"));
            assert_problem(answer, 401, "UNAUTHENTICATED").await;
        }
        let basic = |user: &str, password: Option<&str>| {
            app.client
                .post(app.url("/api/v1/xapi/statements"))
                .basic_auth(user, password)
                .header("X-Experience-API-Version", "1.0.3")
        };
        let as_user = basic(&game.key, Some("")).json(&game.statement(&app, Uuid::now_v7(), 20)).send().await.unwrap();
        ok(as_user, 200).await;
        let as_password = basic("studio", Some(&game.key)).json(&game.statement(&app, Uuid::now_v7(), 21)).send().await.unwrap();
        ok(as_password, 200).await;
        let wrong = basic("studio", Some("secret")).json(&statement).send().await.unwrap();
        assert_problem(wrong, 401, "UNAUTHENTICATED").await;
        assert_eq!(app.count("attempts").await, 2);
    }
}
