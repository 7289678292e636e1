//! `playtrack`: serve the portal, migrate, print the API spec, create admins, seed a demo.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::BufRead;

use anyhow::Context;
use clap::Parser;
use identity::{Argon2Hasher, IdentityService};
use kernel::{AnyClock, Clock, Email, SystemClock};
use server::{
    cli::{AdminCommand, Cli, Command, DemoCommand, DeviceCommand},
    config::Config,
    demo,
    startup::Application,
    telemetry,
};
use store::Store;

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("playtrack: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = Config::load(cli.config.as_deref()).context("reading the configuration")?;
    if matches!(cli.command, Command::Openapi) {
        println!("{}", serde_json::to_string_pretty(&http_api::openapi())?);
        return Ok(());
    }
    telemetry::init(&config);
    // Before migrating: a backup is taken as the database stands, a restore needs it empty.
    match &cli.command {
        Command::Backup { to } => {
            let level = store::backup::backup(&config.database_url(), to).await?;
            println!("Backed up to {} at {level}.", to.display());
            return Ok(());
        }
        Command::Restore { from, replace } => {
            let level = store::backup::restore(&config.database_url(), from, *replace).await?;
            println!("Restored {} at {level}.", from.display());
            return Ok(());
        }
        _ => {}
    }
    let store = Store::connect_pooled(&config.database_url(), config.database_connections)
        .await
        .context("opening the database")?;
    store.migrate().await.context("migrating the database")?;
    match cli.command {
        Command::Openapi | Command::Backup { .. } | Command::Restore { .. } => Ok(()),
        Command::Migrate => {
            println!("The database is up to date.");
            Ok(())
        }
        Command::Serve { demo } => serve(&config, store, demo).await,
        Command::Demo { command: DemoCommand::Seed } => match demo::seed(&config, &store, SystemClock.now()).await? {
            Some(logins) => {
                print!("{}", demo::banner(&config, &logins));
                Ok(())
            }
            None => anyhow::bail!("the database already holds users; demo data goes only into an empty one"),
        },
        Command::Demo { command: DemoCommand::Game { device: Some(device), .. } } => {
            on_device(&config, &store, device).await
        }
        Command::Demo { command: DemoCommand::Game { device: None, key, url, weeks, pace_ms } } => {
            let key = key.context("--key: a game API client's secret (or a subcommand: login, play, open-portal)")?;
            let world = store::demo_game::world(&store).await?;
            let url = url.unwrap_or_else(|| config.public_url());
            let pace = std::time::Duration::from_millis(pace_ms);
            let tally = server::demo_game::play_over_http(&url, &key, &world, weeks, pace).await?;
            println!("The demo game reported {weeks} weeks to {url}: {tally}.");
            Ok(())
        }
        Command::Admin { command: AdminCommand::Create { email, name, password_stdin } } => {
            let email = Email::parse(&email)?;
            let (password, generated) = if password_stdin {
                let mut line = String::new();
                std::io::stdin().lock().read_line(&mut line)?;
                (line.trim_end_matches(['\r', '\n']).to_owned(), false)
            } else {
                (server::password::generate(), true)
            };
            anyhow::ensure!(!password.is_empty(), "the password on standard input is empty");
            let admin = IdentityService::new(store, Argon2Hasher::default())
                .create_super_admin(email, name, &password, SystemClock.now())
                .await?;
            println!("Created super admin {} ({}).", admin.email, admin.id);
            if generated {
                println!("Password (shown once): {password}");
            }
            Ok(())
        }
    }
}

/// The demo game on one trainee's device.
async fn on_device(config: &Config, store: &Store, command: DeviceCommand) -> anyhow::Result<()> {
    use server::demo_player;
    let file = demo_player::session_file(&config.data_dir);
    match command {
        DeviceCommand::Login { client_id, url } => {
            let client_id = match client_id {
                Some(id) => id,
                None => demo_player::demo_client_id(store).await?,
            };
            let url = url.unwrap_or_else(|| config.public_url());
            let me = demo_player::login(&url, &client_id, &file, |address| {
                println!("Open this address in a browser and sign in as a trainee:\n{address}");
            })
            .await?;
            println!(
                "Signed in to the game as {} <{}> of {}; licence valid until {}.",
                me["name"].as_str().unwrap_or("?"),
                me["email"].as_str().unwrap_or("?"),
                me["company_name"].as_str().unwrap_or("?"),
                me["licence_valid_until"].as_str().unwrap_or("?"),
            );
        }
        DeviceCommand::Play { levels } => {
            let (me, statuses) = demo_player::play(&file, usize::from(levels)).await?;
            println!(
                "{} played {} levels: {}.",
                me["name"].as_str().unwrap_or("?"),
                statuses.len(),
                statuses.join(", ")
            );
        }
        DeviceCommand::OpenPortal { next } => {
            let link = demo_player::open_portal(&file, next.as_deref()).await?;
            println!("Open within 60 seconds, once:\n{link}");
        }
    }
    Ok(())
}

async fn serve(config: &Config, store: Store, demo: bool) -> anyhow::Result<()> {
    let seeded = if demo { demo::seed(config, &store, SystemClock.now()).await? } else { None };
    let app = Application::with_store(config, store, AnyClock::System(SystemClock)).await?;
    if seeded.is_some() {
        demo::send_invitation(app.identity()).await?;
    }
    let url = config.public_url();
    println!("\nPlaytrack is running: sign in at {url}/signin   (API docs: {url}{})", http_api::API_DOCS_PATH);
    if let Some(token) = app.identity().offer_setup().await? {
        let path = config.data_dir.join(server::SETUP_LINK_FILE);
        server::private_file::write(&path, &format!("{url}/setup?token={token}\n"))?;
        println!(
            "No user exists yet. Create the first super admin with the link in {} (valid 24 h, once).",
            path.display()
        );
    }
    match seeded {
        Some(logins) => print!("{}", demo::banner(config, &logins)),
        None if demo && demo::logins_path(config).exists() => {
            println!("Demo sign-ins and their passwords: {}", demo::logins_path(config).display());
        }
        None => {}
    }
    println!("Stop with Ctrl+C.\n");
    app.run_until_stopped().await
}
