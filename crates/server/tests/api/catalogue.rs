//! The level catalogue over HTTP: the super admin edits it entry by entry, deletes only what
//! nothing refers to, retires levels, and exports and imports it as JSON or CSV; everyone
//! signed in reads it.

use kernel::Role;
use reqwest::Method;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::{
    audit::trainee_token,
    helpers::{TestApp, assert_problem, spawn_app},
    licences::{call, ok},
};

fn fields(problem: &Value) -> Vec<(String, String)> {
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

fn pair(field: &str, code: &str) -> (String, String) {
    (field.to_owned(), code.to_owned())
}

fn id(record: &Value) -> String {
    record["id"].as_str().unwrap().to_owned()
}

impl TestApp {
    async fn catalogue(&self, token: &str) -> Value {
        ok(call(self, Method::GET, "/api/v1/catalogue", token, None).await, 200).await
    }

    async fn create(&self, root: &str, path: &str, body: Value) -> Value {
        ok(call(self, Method::POST, path, root, Some(body)).await, 201).await
    }

    /// Sends a file to the import (or its preview) as the browser does.
    async fn upload(
        &self,
        root: &str,
        path: &str,
        content_type: &str,
        file: impl Into<reqwest::Body>,
    ) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .bearer_auth(root)
            .header("content-type", content_type)
            .body(file)
            .send()
            .await
            .unwrap()
    }

    async fn delete_entry(&self, root: &str, path: &str) -> reqwest::Response {
        call(self, Method::DELETE, path, root, None).await
    }

    async fn export(&self, root: &str, format: &str) -> String {
        let response = self.get_as(&format!("/api/v1/catalogue/export?format={format}"), root).await;
        assert_eq!(response.status().as_u16(), 200);
        let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
        assert_eq!(disposition, format!("attachment; filename=\"catalogue.{format}\""));
        response.text().await.unwrap()
    }
}

/// One skill, one approach, chapter 1 and its level 1 training the skill.
async fn small_catalogue(app: &TestApp, root: &str) -> (String, String, String) {
    let skill =
        app.create(root, "/api/v1/skills", json!({ "name": { "en": "Negotiation", "fr": "Négociation" } })).await;
    app.create(root, "/api/v1/approaches", json!({ "name": { "en": "Collaborative" } })).await;
    let chapter = app
        .create(root, "/api/v1/chapters", json!({ "number": 1, "title": { "en": "First day", "ar": "اليوم الأول" } }))
        .await;
    let level = app
        .create(
            root,
            "/api/v1/levels",
            json!({
                "chapter_id": id(&chapter), "number": 1, "title": { "en": "Meet the team" }, "max_score": 100,
                "difficulty": "easy", "skill_ids": [id(&skill)],
            }),
        )
        .await;
    (id(&chapter), id(&level), id(&skill))
}

crate::on_both_databases! {
    async fn the_super_admin_edits_the_catalogue_and_everyone_reads_it(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let (chapter, level, skill) = small_catalogue(&app, &root).await;

        let company = app.company("Orbis", false, 30).await;
        let admin = app.user(Role::CompanyAdmin, Some(company)).await;
        for token in [app.token_of(&admin).await, trainee_token(&app, company).await] {
            let read = app.catalogue(&token).await;
            assert_eq!(read["chapters"][0]["title"], json!({ "en": "First day", "ar": "اليوم الأول" }));
            assert_eq!(read["levels"][0]["skill_ids"], json!([skill]));
            assert_eq!(read["skills"][0]["name"]["fr"], "Négociation");
            let refused = call(&app, Method::POST, "/api/v1/chapters", &token, Some(json!({ "number": 2, "title": { "en": "Mine" } }))).await;
            assert_problem(refused, 403, "FORBIDDEN").await;
            assert_problem(app.get_as("/api/v1/catalogue/export", &token).await, 403, "FORBIDDEN").await;
        }
        assert_problem(app.get("/api/v1/catalogue").await, 401, "UNAUTHENTICATED").await;

        // Titles need English, known languages and short printable text; numbers a range.
        let bad = call(&app, Method::POST, "/api/v1/chapters", &root, Some(json!({
            "number": 0, "title": { "en": " ", "de": "Kapitel", "zh": "x".repeat(201) }
        }))).await;
        let problem = assert_problem(bad, 422, "VALIDATION_FAILED").await;
        assert_eq!(fields(&problem), [pair("title.en", "REQUIRED"), pair("title.de", "UNKNOWN_LANGUAGE"), pair("title.zh", "TOO_LONG"), pair("number", "OUT_OF_RANGE")]);
        let taken = call(&app, Method::POST, "/api/v1/chapters", &root, Some(json!({ "number": 1, "title": { "en": "Again" } }))).await;
        assert_eq!(fields(&assert_problem(taken, 422, "VALIDATION_FAILED").await), [pair("number", "TAKEN")]);
        let huge = call(&app, Method::POST, "/api/v1/chapters", &root, Some(json!({ "number": 1u64 << 40, "title": { "en": "Huge" } }))).await;
        assert_eq!(fields(&assert_problem(huge, 422, "VALIDATION_FAILED").await), [pair("number", "OUT_OF_RANGE")]);
        let same_skill = call(&app, Method::POST, "/api/v1/skills", &root, Some(json!({ "name": { "en": "NEGOTIATION" } }))).await;
        assert_eq!(fields(&assert_problem(same_skill, 422, "VALIDATION_FAILED").await), [pair("name.en", "TAKEN")]);
        let level_body = |skills: Value, score: u64| json!({
            "chapter_id": chapter, "number": 2, "title": { "en": "The missing delivery" }, "max_score": score,
            "difficulty": "hard", "skill_ids": skills,
        });
        let unknown = call(&app, Method::POST, "/api/v1/levels", &root, Some(level_body(json!([Uuid::now_v7()]), 100))).await;
        assert_eq!(fields(&assert_problem(unknown, 422, "VALIDATION_FAILED").await), [pair("skills", "UNKNOWN")]);
        let empty = call(&app, Method::POST, "/api/v1/levels", &root, Some(level_body(json!([]), 0))).await;
        assert_eq!(fields(&assert_problem(empty, 422, "VALIDATION_FAILED").await), [pair("max_score", "OUT_OF_RANGE"), pair("skills", "REQUIRED")]);

        // Edits: a level moves its title and retires; restored, it is in play again.
        let retire = json!({
            "chapter_id": chapter, "number": 1, "title": { "en": "Meet the team", "it": "Conosci la squadra" },
            "max_score": 120, "difficulty": "medium", "skill_ids": [skill], "retired": true,
        });
        let retired = ok(call(&app, Method::PUT, &format!("/api/v1/levels/{level}"), &root, Some(retire.clone())).await, 200).await;
        assert!(retired["retired_at"].is_string());
        let again = ok(call(&app, Method::PUT, &format!("/api/v1/levels/{level}"), &root, Some(retire.clone())).await, 200).await;
        assert_eq!(again["retired_at"], retired["retired_at"], "retiring twice keeps the first date");
        let mut restore = retire;
        restore["retired"] = json!(false);
        let restored = ok(call(&app, Method::PUT, &format!("/api/v1/levels/{level}"), &root, Some(restore)).await, 200).await;
        assert!(restored["retired_at"].is_null());
        assert_eq!(app.catalogue(&root).await["levels"][0]["title"]["it"], "Conosci la squadra");
        let absent = call(&app, Method::PUT, &format!("/api/v1/chapters/{}", Uuid::now_v7()), &root, Some(json!({ "number": 5, "title": { "en": "X" } }))).await;
        assert_problem(absent, 404, "NOT_FOUND").await;
        assert_eq!(app.audit_count("catalogue.changed").await, 7);
    }

    async fn what_something_refers_to_is_not_deleted_and_a_retired_level_takes_no_attempts(db: TestDb) {
        let app = spawn_app(db).await;
        let game = app.game().await;
        let root = &game.root;
        let answer = ok(app.post_attempts(&game.key, vec![game.attempt("p1", 50, app.clock_now())]).await, 200).await;
        assert_eq!(answer["stored"], 1);

        assert_problem(app.delete_entry(root, &format!("/api/v1/levels/{}", game.level)).await, 409, "IN_USE").await;
        let chapter = app.catalogue(root).await["chapters"][0]["id"].as_str().unwrap().to_owned();
        assert_problem(app.delete_entry(root, &format!("/api/v1/chapters/{chapter}")).await, 409, "IN_USE").await;
        assert_problem(app.delete_entry(root, &format!("/api/v1/skills/{}", game.skills[0])).await, 409, "IN_USE").await;
        assert_problem(app.delete_entry(root, &format!("/api/v1/approaches/{}", game.approach)).await, 409, "IN_USE").await;
        assert_eq!(app.count("levels").await, 1, "nothing was deleted");

        // Retired, the level keeps its attempt and refuses new ones.
        let level = app.catalogue(root).await["levels"][0].clone();
        let retire = json!({
            "chapter_id": chapter, "number": 1, "title": level["title"], "max_score": 100, "difficulty": "medium",
            "skill_ids": level["skill_ids"], "retired": true,
        });
        ok(call(&app, Method::PUT, &format!("/api/v1/levels/{}", game.level), root, Some(retire)).await, 200).await;
        app.clock.advance(time::Duration::hours(2));
        let late = ok(app.post_attempts(&game.key, vec![game.attempt("p2", 50, app.clock_now())]).await, 200).await;
        assert_eq!(late["results"][0]["errors"][0]["code"], "RETIRED");
        assert_eq!(app.count("attempts").await, 1);
        // Two hours on, the super admin signs in again.
        let root = &app.super_admin().await;

        // What nothing refers to goes: an unused skill, a new level, then its empty chapter.
        assert_eq!(app.delete_entry(root, &format!("/api/v1/skills/{}", game.skills[1])).await.status(), 204);
        let spare = app.create(root, "/api/v1/chapters", json!({ "number": 9, "title": { "en": "Spare" } })).await;
        let extra = app.create(root, "/api/v1/levels", json!({
            "chapter_id": id(&spare), "number": 1, "title": { "en": "Extra" }, "max_score": 10, "difficulty": "easy",
            "skill_ids": [game.skills[0]],
        })).await;
        assert_eq!(app.delete_entry(root, &format!("/api/v1/levels/{}", id(&extra))).await.status(), 204);
        assert_eq!(app.delete_entry(root, &format!("/api/v1/chapters/{}", id(&spare))).await.status(), 204);
        assert_problem(app.delete_entry(root, &format!("/api/v1/chapters/{}", id(&spare))).await, 404, "NOT_FOUND").await;
        let company_admin = app.user(Role::CompanyAdmin, Some(game.company)).await;
        let token = app.token_of(&company_admin).await;
        assert_problem(call(&app, Method::DELETE, &format!("/api/v1/levels/{}", game.level), &token, None).await, 403, "FORBIDDEN").await;
    }

    async fn an_exported_catalogue_imports_back_unchanged_in_both_formats(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        small_catalogue(&app, &root).await;
        // A title that a spreadsheet would run as a formula is exported as text and read back as written.
        app.create(&root, "/api/v1/chapters", json!({ "number": 2, "title": { "en": "=HYPERLINK(\"x\")", "zh": "第二章" } })).await;

        let csv = app.export(&root, "csv").await;
        assert!(csv.starts_with("\u{feff}type,chapter,number,en,zh,ar,it,es,fr,max_score,difficulty,skills,retired\n"), "{csv}");
        assert!(csv.contains("level,1,1,Meet the team,,,,,,100,easy,Negotiation=100,false"), "{csv}");
        assert!(csv.contains("'=HYPERLINK"), "{csv}");
        let json = app.export(&root, "json").await;
        for (content_type, file) in [("text/csv", csv), ("application/json", json)] {
            let plan = ok(app.upload(&root, "/api/v1/catalogue/import/preview", content_type, file.clone()).await, 200).await;
            assert_eq!((plan["unchanged"].as_u64(), plan["created"].as_u64(), plan["invalid"].as_u64()), (Some(5), Some(0), Some(0)), "{plan}");
            ok(app.upload(&root, "/api/v1/catalogue/import", content_type, file).await, 200).await;
        }
        assert_eq!(app.count("chapters").await, 2);
        assert_eq!(app.catalogue(&root).await["chapters"][1]["title"]["en"], "=HYPERLINK(\"x\")");
    }

    async fn an_import_is_previewed_entry_by_entry_and_taken_all_or_nothing(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        small_catalogue(&app, &root).await;
        let file = "\u{feff}Type;Chapter;Number;EN;FR;Max_score;Difficulty;Skills\n\
            skill;;;Leadership;Leadership;;;\n\
            chapter;;1;First day on the floor;Premier jour;;;\n\
            chapter;;3;Leading others;;;;\n\
            level;3;1;Giving feedback;;80;HARD;leadership=50|Negotiation\n\
            level;1;1;Meet the team;;100;easy;Negotiation\n";
        let plan = ok(app.upload(&root, "/api/v1/catalogue/import/preview", "text/csv", file).await, 200).await;
        let actions: Vec<(&str, &str, &str)> = plan["entries"].as_array().unwrap().iter()
            .map(|e| (e["kind"].as_str().unwrap(), e["key"].as_str().unwrap(), e["action"].as_str().unwrap()))
            .collect();
        assert_eq!(actions, [("skill", "Leadership", "create"), ("chapter", "1", "update"), ("chapter", "3", "create"), ("level", "3.1", "create"), ("level", "1.1", "unchanged")]);
        assert_eq!(app.count("chapters").await, 1, "a preview writes nothing");

        let broken = format!("{file}level;3;1;Twice;;80;hard;Leadership\nlevel;7;x;Nowhere;;ten;brutal;Cooking\nbadge;;;Gold;;;;\n");
        let plan = ok(app.upload(&root, "/api/v1/catalogue/import/preview", "text/csv", broken.clone()).await, 200).await;
        assert_eq!(plan["invalid"], 3);
        let problems: Vec<(u64, Vec<(String, String)>)> = plan["entries"].as_array().unwrap().iter()
            .filter(|e| !e["problems"].as_array().unwrap().is_empty())
            .map(|e| (e["line"].as_u64().unwrap(), fields(&json!({ "errors": e["problems"] }))))
            .collect();
        assert_eq!(problems, [
            (7, vec![pair("number", "DUPLICATE")]),
            (8, vec![pair("number", "NOT_A_NUMBER"), pair("max_score", "NOT_A_NUMBER"), pair("chapter", "UNKNOWN"), pair("difficulty", "UNKNOWN"), pair("skills", "UNKNOWN")]),
            (9, vec![pair("type", "UNKNOWN")]),
        ]);
        let refused = assert_problem(app.upload(&root, "/api/v1/catalogue/import", "text/csv", broken).await, 422, "IMPORT_REJECTED").await;
        assert!(fields(&refused).contains(&pair("entries.9.type", "UNKNOWN")));
        assert_eq!((app.count("chapters").await, app.count("skills").await), (1, 1), "nothing of a refused import is kept");

        let done = ok(app.upload(&root, "/api/v1/catalogue/import", "text/csv", file).await, 200).await;
        assert_eq!((done["created"].as_u64(), done["updated"].as_u64()), (Some(3), Some(1)));
        let catalogue = app.catalogue(&root).await;
        assert_eq!(catalogue["chapters"][0]["title"], json!({ "en": "First day on the floor", "fr": "Premier jour" }));
        assert_eq!(catalogue["levels"][1]["skill_ids"].as_array().unwrap().len(), 2, "skills named in any case");
        let mut maxima: Vec<u64> =
            catalogue["levels"][1]["skill_max_points"].as_object().unwrap().values().map(|m| m.as_u64().unwrap()).collect();
        maxima.sort_unstable();
        assert_eq!(maxima, [40, 50], "a maximum as the file gives it, else an even share of the level's 80");
        assert_eq!(catalogue["levels"][1]["difficulty"], "hard");
        assert_eq!(app.audit_count("catalogue.imported").await, 1);

        for (file, code) in [
            (&b"\xff\xfe not text"[..], "FILE_UNREADABLE"),
            (b"\x00\x01\x02garbage", "FILE_UNREADABLE"),
            (b"{\"chapters\": [{\"number\": \"one\"}]}", "FILE_UNREADABLE"),
            (b"kind,en\nskill,Focus\n", "COLUMN_MISSING"),
        ] {
            let problem = assert_problem(app.upload(&root, "/api/v1/catalogue/import/preview", "text/csv", file.to_vec()).await, 422, "VALIDATION_FAILED").await;
            assert_eq!(fields(&problem), [pair("file", code)]);
        }
        let many = format!("type,en\n{}", "skill,x\n".repeat(5_001));
        let problem = assert_problem(app.upload(&root, "/api/v1/catalogue/import/preview", "text/csv", many).await, 422, "VALIDATION_FAILED").await;
        assert_eq!(fields(&problem), [pair("file", "TOO_MANY_ROWS")]);
        let huge = app.upload(&root, "/api/v1/catalogue/import/preview", "text/csv", "x".repeat(5 << 20)).await;
        assert_problem(huge, 413, "PAYLOAD_TOO_LARGE").await;
    }

    async fn racing_writers_take_a_number_once(db: TestDb) {
        let app = spawn_app(db).await;
        let root = app.super_admin().await;
        let tries = (0..8).map(|i| call(&app, Method::POST, "/api/v1/chapters", &root, Some(json!({ "number": 4, "title": { "en": format!("Try {i}") } }))));
        let statuses: Vec<u16> = futures_util::future::join_all(tries).await.iter().map(|r| r.status().as_u16()).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
        assert!(statuses.iter().all(|s| [201, 422].contains(s)), "{statuses:?}");
        assert_eq!(app.count("chapters").await, 1);
    }
}
