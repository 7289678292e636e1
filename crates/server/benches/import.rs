//! `just bench`: importing 1,000 trainees into a company's seats (`POST /api/v1/users/import`,
//! each row an invited trainee with a seat and an invitation queued) against the real server
//! (release build, embedded SQLite). The baseline, measured in the same run on the same
//! database: 1,000 plain `INSERT`s in one transaction. Prints the figures and their ratio;
//! asserts nothing (this machine is noisy, people compare the figures).

use std::time::{Duration, Instant};

mod support;

use sea_orm::{ConnectionTrait, Database, TransactionTrait};
use serde_json::{Value, json};
use support::PASSWORD;

const TRAINEES: usize = 1_000;
const ROUNDS: usize = 3;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let server = support::start(1).await?;
    let api = Api { client: reqwest::Client::new(), base: server.base.clone(), token: String::new() };
    let token = api.call("/api/v1/auth/login", json!({ "email": server.admins[0], "password": PASSWORD })).await?;
    let api = Api { token: token["token"].as_str().unwrap_or_default().to_owned(), ..api };

    let plain = Database::connect(&server.database_url).await?;
    plain.execute_unprepared("CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, name TEXT, email TEXT)").await?;
    println!("Playtrack import benchmark: {TRAINEES} trainees a round, {ROUNDS} rounds, SQLite, {}", support::BUILD);
    for round in 0..ROUNDS {
        let baseline = {
            let started = Instant::now();
            let tx = plain.begin().await?;
            for n in 0..TRAINEES {
                let row = round * TRAINEES + n;
                tx.execute_unprepared(&format!(
                    "INSERT INTO bench_rows VALUES ({row}, 'Trainee {row}', 't{row}@x.example')"
                ))
                .await?;
            }
            tx.commit().await?;
            started.elapsed()
        };
        let company = api.company(round).await?;
        let rows: Vec<Value> = (0..TRAINEES)
            .map(|n| json!({ "line": n + 2, "name": format!("Trainee {n}"), "email": format!("trainee-{round}-{n}@company.example") }))
            .collect();
        let started = Instant::now();
        let imported = api.call("/api/v1/users/import", json!({ "company_id": company, "rows": rows })).await?;
        let import = started.elapsed();
        anyhow::ensure!(imported["imported"] == TRAINEES, "imported {}", imported["imported"]);
        println!(
            "round {round}: import {:>8.1} ms   baseline (plain INSERTs) {:>7.1} ms   ratio {:>6.1}",
            ms(import),
            ms(baseline),
            import.as_secs_f64() / baseline.as_secs_f64()
        );
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

struct Api {
    client: reqwest::Client,
    base: String,
    token: String,
}

impl Api {
    async fn call(&self, path: &str, body: Value) -> anyhow::Result<Value> {
        let response =
            self.client.post(format!("{}{path}", self.base)).bearer_auth(&self.token).json(&body).send().await?;
        let status = response.status();
        let body: Value = response.json().await?;
        anyhow::ensure!(status.is_success(), "{path} answered {status}: {body}");
        Ok(body)
    }

    /// A company of its own industry and country, with seats for every trainee of a round.
    async fn company(&self, round: usize) -> anyhow::Result<Value> {
        let industry = self.call("/api/v1/industries", json!({ "name": format!("Industry {round}") })).await?;
        let iso = format!("Q{}", char::from(b'A' + u8::try_from(round)?));
        let country =
            self.call("/api/v1/countries", json!({ "name": format!("Country {round}"), "iso_code": iso })).await?;
        let company = self
            .call(
                "/api/v1/companies",
                json!({ "name": format!("Company {round}"), "email": "ops@company.example", "contact_person": "Ops",
                        "industry_id": industry["id"], "country_id": country["id"], "remark": "", "session_minutes": 30 }),
            )
            .await?;
        let today = time::OffsetDateTime::now_utc().date();
        self.call(
            "/api/v1/licence-allocations",
            json!({ "company_id": company["id"], "seats": TRAINEES, "valid_from": today.to_string(),
                    "valid_until": (today + time::Duration::days(365)).to_string() }),
        )
        .await?;
        Ok(company["id"].clone())
    }
}
