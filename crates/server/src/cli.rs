//! The command line: `playtrack --help` lists what an operator can do.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "playtrack", version, about = "Playtrack: the portal of game-based corporate training")]
pub struct Cli {
    /// A TOML configuration file (default: ./playtrack.toml when present).
    #[arg(long, global = true, env = "PLAYTRACK_CONFIG")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Migrate the database and serve the portal and its API.
    Serve {
        /// Seed demo data first when the database is empty.
        #[arg(long)]
        demo: bool,
    },
    /// Apply pending database migrations and exit.
    Migrate,
    /// Print the OpenAPI document of this build.
    Openapi,
    /// Copy the whole database, online and consistent, to a new file: on SQLite a database
    /// file, on PostgreSQL a `pg_dump` custom-format archive.
    Backup {
        #[arg(long, value_name = "FILE")]
        to: std::path::PathBuf,
    },
    /// Restore a backup into an empty database (then start the portal: it applies any newer
    /// migrations).
    Restore {
        #[arg(long, value_name = "FILE")]
        from: std::path::PathBuf,
        /// Replace what the database holds.
        #[arg(long)]
        replace: bool,
    },
    /// Manage administrators.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Demo data.
    Demo {
        #[command(subcommand)]
        command: DemoCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create a super admin.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long, default_value = "Administrator")]
        name: String,
        /// Read the password from the first line of standard input instead of generating one.
        #[arg(long)]
        password_stdin: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum DemoCommand {
    /// Seed a demo provider, companies, batches, trainees, levels and attempts into an empty
    /// database.
    Seed,
    /// Act as the game. Without a subcommand: play the demo trainees through a few simulated
    /// weeks and report the attempts to a running portal, a week at a time, as the game's
    /// server does (`--key`). With one: act as the game on one trainee's device.
    #[command(args_conflicts_with_subcommands = true)]
    Game {
        #[command(subcommand)]
        device: Option<DeviceCommand>,
        /// A `game` API client's secret (from the API clients screen).
        #[arg(long, env = "PLAYTRACK_GAME_KEY", hide_env_values = true)]
        key: Option<String>,
        /// The portal's address; by default the configured public URL.
        #[arg(long)]
        url: Option<String>,
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=52))]
        weeks: u32,
        /// Milliseconds between two weeks' reports.
        #[arg(long, default_value_t = 1000)]
        pace_ms: u64,
    },
}

/// The demo game on a trainee's device.
#[derive(Debug, Subcommand)]
pub enum DeviceCommand {
    /// Sign a trainee in through the portal: prints the address to open in a browser, waits
    /// for the portal to send the browser back to a loopback port, and keeps the tokens in
    /// the data folder.
    Login {
        /// The game app's client id; by default the demo's own game app.
        #[arg(long)]
        client_id: Option<String>,
        /// The portal's address; by default the configured public URL.
        #[arg(long)]
        url: Option<String>,
    },
    /// Play a few levels as the signed-in trainee and post the attempts.
    Play {
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..=50))]
        levels: u16,
    },
    /// Print a one-time link (valid 60 s) that opens the portal signed in as the trainee.
    OpenPortal {
        /// A page of the portal to open, such as `/user/score`.
        #[arg(long)]
        next: Option<String>,
    },
}
