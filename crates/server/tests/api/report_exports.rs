//! The XLSX export read back as a spreadsheet reads it: a sheet named after the view, the
//! title, the filters in words, who exported it and when above the header row (frozen, with
//! an autofilter); percentages, durations and date-times as Excel's own, with their formats.

use std::io::{Cursor, Read};

use calamine::{Data, Range, Reader as _, StyleRange, Xlsx};
use rand::{SeedableRng, rngs::StdRng};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime};
use uuid::Uuid;

use crate::{
    helpers::{TestApp, spawn_app},
    licences::ok,
    reports::world,
};

/// An export read back: its sheet names, the one sheet's cells and styles, and the sheet's XML.
struct Book {
    names: Vec<String>,
    cells: Range<Data>,
    styles: StyleRange,
    xml: String,
}

async fn xlsx(app: &TestApp, token: &str, query: &str, language: &str) -> Book {
    let response = app
        .client
        .get(app.url(&format!("/api/v1/reports/scores/export.xlsx?{query}")))
        .bearer_auth(token)
        .header("Accept-Language", language)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 200, "{query}");
    let bytes = response.bytes().await.unwrap();
    let mut xml = String::new();
    zip::ZipArchive::new(Cursor::new(bytes.clone()))
        .unwrap()
        .by_name("xl/worksheets/sheet1.xml")
        .unwrap()
        .read_to_string(&mut xml)
        .unwrap();
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes)).unwrap();
    let names = book.sheet_names();
    let cells = book.worksheet_range(&names[0]).unwrap();
    let styles = book.worksheet_style(&names[0]).unwrap();
    Book { names, cells, styles, xml }
}

impl Book {
    fn text(&self, row: u32, column: u32) -> String {
        self.cells.get_value((row, column)).map(ToString::to_string).unwrap_or_default()
    }

    fn format(&self, row: u32, column: u32) -> Option<&str> {
        self.styles.get((row, column))?.number_format.as_ref().map(|f| f.format_code.as_str())
    }

    /// The labels of the facts under the title, down to the header row that starts with `header`.
    fn facts(&self, header: &str) -> Vec<String> {
        (1..).map(|row| self.text(row, 0)).take_while(|label| label != header).collect()
    }

    /// A date-time cell's Excel serial, and that it is no duration.
    fn serial(&self, row: u32, column: u32) -> f64 {
        match self.cells.get_value((row, column)) {
            Some(Data::DateTime(at)) if at.is_datetime() => at.as_f64(),
            other => panic!("({row}, {column}) is {other:?}, not a date"),
        }
    }
}

/// Excel's serial of an instant (days since 1899-12-30, UTC).
fn serial(at: OffsetDateTime) -> f64 {
    (at.unix_timestamp() as f64) / 86_400.0 + 25_569.0
}

async fn me(app: &TestApp, token: &str) -> String {
    let me = app.client.get(app.url("/api/v1/me")).bearer_auth(token).send().await.expect("request");
    ok(me, 200).await["name"].as_str().unwrap().to_owned()
}

async fn report(app: &TestApp, token: &str, query: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/v1/reports/scores?per_page=200&{query}")))
        .bearer_auth(token)
        .send()
        .await;
    ok(response.expect("request"), 200).await
}

crate::on_both_databases! {
    async fn an_xlsx_names_its_view_and_filters_above_a_frozen_filtered_header_with_real_percentages(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let sent = world.random(&mut StdRng::seed_from_u64(21), 80, world.start + Duration::days(2));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let company = world.companies[0];
        let batch = *world
            .batches
            .iter()
            .find(|(_, trainees)| trainees.iter().any(|t| world.trainees.contains(&(*t, company))))
            .unwrap()
            .0;
        let (from, to) = ((world.start + Duration::days(3)).date(), (world.start + Duration::days(40)).date());
        let query = format!("view=skill&company={company}&batch={batch}&from={from}&to={to}&attempt=latest");
        let table = report(&app, &world.root, &query).await;
        let rows = table["rows"].as_array().unwrap();
        assert!(rows.len() > 1, "{table}");
        let batches = report(&app, &world.root, &format!("view=overview&group=batch&company={company}")).await;
        let batch_name = batches["rows"].as_array().unwrap().iter().find(|r| r["id"] == json!(batch)).unwrap()["label"].clone();
        let exported = app.clock_now();
        let book = xlsx(&app, &world.root, &query, "en").await;

        assert_eq!(book.names, ["Scores by skill"]);
        assert_eq!(book.text(0, 0), "Scores by skill");
        let facts = book.facts("Trainee");
        assert_eq!(facts, ["Company", "Batch", "From", "To", "Attempt counted", "Measure", "Exported by", "Exported at"]);
        assert_eq!(book.text(1, 1), "Orbis");
        assert_eq!(json!(book.text(2, 1)), batch_name);
        for (row, day) in [(3, from), (4, to)] {
            assert_eq!(book.serial(row, 1), serial(day.midnight().assume_utc()), "{day}");
            assert_eq!(book.format(row, 1), Some("yyyy-mm-dd"));
        }
        assert_eq!(book.text(5, 1), "Latest");
        assert_eq!(book.text(6, 1), "In percent");
        assert_eq!(book.text(7, 1), me(&app, &world.root).await);
        assert!((book.serial(8, 1) - serial(exported)).abs() < 1.0 / 24.0, "exported now");
        assert_eq!(book.format(8, 1), Some("yyyy-mm-dd hh:mm \"UTC\""));

        // The header row, then the rows as the table has them; percentages as shares of one.
        let header = 9;
        let labels: Vec<String> = (0..=table["columns"].as_array().unwrap().len() as u32).map(|c| book.text(header, c)).collect();
        let mut expected = vec![table["row_header"].as_str().unwrap().to_owned()];
        expected.extend(table["columns"].as_array().unwrap().iter().map(|c| c["label"].as_str().unwrap().to_owned()));
        assert_eq!(labels, expected);
        let mut percentages = 0;
        for (row, answered) in (header + 1..).zip(rows) {
            assert_eq!(book.text(row, 0), answered["label"].as_str().unwrap());
            for (column, cell) in (1..).zip(answered["cells"].as_array().unwrap()) {
                let Some(percent) = cell.as_f64() else { continue };
                let Some(Data::Float(share)) = book.cells.get_value((row, column)) else {
                    panic!("({row}, {column}) is not a number")
                };
                assert!((share - percent / 100.0).abs() < 1e-9 && *share <= 1.0, "{share} for {percent} %");
                assert_eq!(book.format(row, column), Some("0.0%"));
                percentages += 1;
            }
        }
        assert!(percentages > 3, "only {percentages} percentages");
        assert_eq!(book.cells.height() as u32, header + 1 + rows.len() as u32);

        // The header row frozen under the title and facts; the autofilter over it and the rows.
        let last_column = char::from(b'A' + u8::try_from(expected.len() - 1).unwrap());
        assert!(book.xml.contains(r#"<pane ySplit="10" topLeftCell="A11" activePane="bottomLeft" state="frozen"/>"#), "{}", book.xml);
        let autofilter = format!(r#"<autoFilter ref="A10:{last_column}{}"/>"#, 10 + rows.len());
        assert!(book.xml.contains(&autofilter), "{autofilter} in {}", book.xml);

        // In French, the points measure by chapter.
        let book = xlsx(&app, &world.root, "view=chapter&measure=absolute", "fr-FR,fr;q=0.9").await;
        assert_eq!(book.names, ["Résultats par chapitre"]);
        assert_eq!(book.facts("Entreprise")[..2], ["Tentative retenue", "Mesure"]);
        assert_eq!(book.text(1, 1), "La meilleure");
        assert_eq!(book.text(2, 1), "En points");
    }

    async fn an_xlsx_of_attempts_has_real_dates_and_durations_and_names_the_partner_who_exported_it(db: TestDb) {
        let app = spawn_app(db).await;
        let world = world(&app).await;
        let sent = world.random(&mut StdRng::seed_from_u64(22), 40, world.start + Duration::days(2));
        assert!(world.send(&app, &sent, 0).await.iter().all(|s| s == "stored"));
        let [mine, _] = world.companies;
        let (_, partner) = app
            .game_client(&world.root, json!({ "name": "Analytics partner", "kind": "partner", "companies": [mine] }))
            .await;
        let table = report(&app, &partner, "view=attempts&sort=completed_at&order=asc").await;
        let rows = table["rows"].as_array().unwrap();
        assert!(!rows.is_empty());
        let book = xlsx(&app, &partner, "view=attempts&sort=completed_at&order=asc", "fr").await;

        assert_eq!(book.names, ["Tentatives"]);
        assert_eq!(book.text(0, 0), "Tentatives");
        assert_eq!(book.facts("Niveau"), ["Exporté par", "Exporté le"], "no counted attempt nor measure: every attempt is there");
        assert_eq!(book.text(1, 1), "Analytics partner");
        let header = 3;
        let labels: Vec<String> = (0..9).map(|c| book.text(header, c)).collect();
        assert_eq!(labels, ["Niveau", "Apprenant", "Difficulté", "Approche", "Score", "Maximum", "Pourcentage", "Durée", "Terminé"]);
        for (row, answered) in (header + 1..).zip(rows) {
            let cells = answered["cells"].as_array().unwrap();
            let Some(Data::Float(share)) = book.cells.get_value((row, 6)) else { panic!("no percentage in row {row}") };
            assert!((share - cells[5].as_f64().unwrap() / 100.0).abs() < 1e-9);
            assert_eq!(book.format(row, 6), Some("0.0%"));
            // One second, as the attempts were sent: a duration of 0:00:01.
            match book.cells.get_value((row, 7)) {
                Some(Data::DateTime(duration)) if duration.is_duration() => {
                    assert!((duration.as_f64() * 86_400.0 - cells[6].as_f64().unwrap()).abs() < 1e-6);
                }
                other => panic!("the duration in row {row} is {other:?}"),
            }
            assert_eq!(book.format(row, 7), Some("[h]:mm:ss"));
            let completed = OffsetDateTime::parse(cells[7].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
            assert!((book.serial(row, 8) - serial(completed)).abs() < 1e-6);
            assert_eq!(book.format(row, 8), Some("yyyy-mm-dd hh:mm \"UTC\""));
        }
        assert_eq!(book.cells.height(), header as usize + 1 + rows.len());

        // A trainee the partner sees results of is named; one of another company is not.
        let own = sent.iter().find(|a| world.trainees.contains(&(a.trainee, mine))).unwrap().trainee;
        let name = report(&app, &world.root, &format!("view=overview&group=trainee&company={mine}")).await["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == json!(own))
            .unwrap()["label"]
            .as_str()
            .unwrap()
            .to_owned();
        let book = xlsx(&app, &partner, &format!("view=overview&user={own}"), "en").await;
        assert_eq!((book.text(1, 0), book.text(1, 1)), ("Trainee".to_owned(), name));
        let theirs: Uuid = world.trainees.iter().find(|(_, c)| *c != mine).unwrap().0;
        let book = xlsx(&app, &partner, &format!("view=overview&user={theirs}"), "en").await;
        assert_eq!(book.text(1, 1), theirs.to_string());
    }
}
