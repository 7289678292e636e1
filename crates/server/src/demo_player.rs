//! The demo game as a native app on a trainee's device: it signs the trainee in through the
//! portal the way a real game does (OAuth authorization code with PKCE, a loopback redirect,
//! RFC 8252), keeps its tokens, posts that trainee's attempts, and hands the trainee over to
//! the portal. Driven by `playtrack demo game login | play | open-portal`.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use oauth2::{
    AuthUrl, AuthorizationCode, ClientId, CsrfToken, PkceCodeChallenge, RedirectUrl, RefreshToken, Scope,
    TokenResponse, TokenUrl, basic::BasicClient,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use time::{Duration, OffsetDateTime, format_description::well_known::Rfc3339};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The game app the demo registers (see [`crate::demo_game::play_in_process`]).
pub const DEMO_APP_NAME: &str = "Demo game";
pub const DEMO_REDIRECT: &str = "http://127.0.0.1/callback";

/// What the demo game keeps between runs: where it signed in, and its refresh token (a
/// secret, so the file is the operator's alone).
#[derive(Debug, Serialize, Deserialize)]
struct Saved {
    url: String,
    client_id: String,
    refresh_token: String,
}

/// The client id of the demo's own game app (registered by `serve --demo`).
///
/// # Errors
/// No such app: the portal was not started with `--demo`.
pub async fn demo_client_id(store: &store::Store) -> anyhow::Result<String> {
    use identity::game_apps::GameAppStore;
    let apps = store.game_apps().await?;
    apps.into_iter()
        .find(|a| a.name == DEMO_APP_NAME && a.disabled_at.is_none())
        .map(|a| a.client_id)
        .context("no demo game app: start the portal with `./just run`, or pass --client-id")
}

/// Where the demo game keeps its sign-in.
#[must_use]
pub fn session_file(data_dir: &Path) -> PathBuf {
    data_dir.join("demo-game-session.json")
}

fn oauth_client(
    url: &str,
    client_id: &str,
    redirect: &str,
) -> anyhow::Result<
    BasicClient<
        oauth2::EndpointSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointNotSet,
        oauth2::EndpointSet,
    >,
> {
    Ok(BasicClient::new(ClientId::new(client_id.to_owned()))
        .set_auth_uri(AuthUrl::new(format!("{url}/oauth/authorize"))?)
        .set_token_uri(TokenUrl::new(format!("{url}/oauth/token"))?)
        .set_redirect_uri(RedirectUrl::new(redirect.to_owned())?))
}

fn http() -> anyhow::Result<reqwest::Client> {
    // Never follow redirects with tokens in flight (RFC 6749 §10.4 and good sense).
    Ok(reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?)
}

/// Signs a trainee in: prints the authorization URL (`announce`), waits for the browser to come
/// back to a loopback port, exchanges the code, and keeps the tokens in `file`. Answers the
/// trainee as `GET /game/me` describes them.
///
/// # Errors
/// The trainee denied, the portal refused, or the browser never came back.
pub async fn login(url: &str, client_id: &str, file: &Path, announce: impl FnOnce(&str)) -> anyhow::Result<Value> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.context("opening a loopback port")?;
    let port = listener.local_addr()?.port();
    let redirect = format!("http://127.0.0.1:{port}/callback");
    let client = oauth_client(url, client_id, &redirect)?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (authorize, state) = client
        .authorize_url(CsrfToken::new_random)
        .add_scope(Scope::new("play".into()))
        .add_scope(Scope::new("reports".into()))
        .set_pkce_challenge(challenge)
        .url();
    announce(authorize.as_str());

    let params = receive_redirect(&listener).await?;
    let param = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    if let Some(error) = param("error") {
        bail!("the portal answered {error}: {}", param("error_description").unwrap_or("the trainee said no"));
    }
    if param("state") != Some(state.secret().as_str()) {
        bail!("the browser came back with another state: not this sign-in");
    }
    let code = param("code").context("the browser came back without a code")?;
    let http = http()?;
    let tokens = client
        .exchange_code(AuthorizationCode::new(code.to_owned()))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .map_err(|e| anyhow::anyhow!("exchanging the code: {e}"))?;
    let refresh = tokens.refresh_token().context("the portal gave no refresh token")?;
    save(
        file,
        &Saved { url: url.to_owned(), client_id: client_id.to_owned(), refresh_token: refresh.secret().clone() },
    )?;
    get(&http, &format!("{url}/api/v1/game/me"), tokens.access_token().secret()).await
}

/// Accepts the browser's one request to the loopback port and answers it with a page saying
/// the game has the sign-in; returns the query parameters it carried.
async fn receive_redirect(listener: &tokio::net::TcpListener) -> anyhow::Result<Vec<(String, String)>> {
    loop {
        let (mut stream, _) = listener.accept().await?;
        let mut request = Vec::new();
        let mut buffer = [0_u8; 4096];
        while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 16 << 10 {
            let read = stream.read(&mut buffer).await?;
            if read == 0 {
                break;
            }
            request.extend_from_slice(&buffer[..read]);
        }
        let line = String::from_utf8_lossy(&request).lines().next().unwrap_or_default().to_owned();
        let target = line.split(' ').nth(1).unwrap_or_default();
        let Some(query) = target.strip_prefix("/callback?") else {
            // A browser asking for /favicon.ico, say: not the redirect.
            stream.write_all(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await?;
            continue;
        };
        let page = "<!doctype html><meta charset=utf-8><title>Demo game</title>\
                    <p>The demo game has your sign-in. You can close this tab.</p>";
        let answer = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
            page.len()
        );
        stream.write_all(answer.as_bytes()).await?;
        return Ok(url::form_urlencoded::parse(query.as_bytes()).into_owned().collect());
    }
}

/// A fresh access token from the kept refresh token, which rotates (the new one is kept).
async fn access(file: &Path) -> anyhow::Result<(Saved, String)> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("{} not found: sign in first with `playtrack demo game login`", file.display()))?;
    let mut saved: Saved = serde_json::from_str(&text).context("the demo game's saved sign-in")?;
    let client = oauth_client(&saved.url, &saved.client_id, DEMO_REDIRECT)?;
    let tokens = client
        .exchange_refresh_token(&RefreshToken::new(saved.refresh_token.clone()))
        .request_async(&http()?)
        .await
        .map_err(|e| anyhow::anyhow!("the sign-in has ended ({e}); sign in again with `playtrack demo game login`"))?;
    if let Some(refresh) = tokens.refresh_token() {
        saved.refresh_token.clone_from(refresh.secret());
        save(file, &saved)?;
    }
    Ok((saved, tokens.access_token().secret().clone()))
}

fn save(file: &Path, saved: &Saved) -> anyhow::Result<()> {
    crate::private_file::write(file, &serde_json::to_string_pretty(saved)?)
}

async fn get(http: &reqwest::Client, url: &str, token: &str) -> anyhow::Result<Value> {
    let response = http.get(url).bearer_auth(token).send().await?;
    answer(response).await
}

async fn answer(response: reqwest::Response) -> anyhow::Result<Value> {
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        bail!("the portal answered {status}: {}", body["code"].as_str().unwrap_or("?"));
    }
    Ok(body)
}

/// Plays `levels` levels as the signed-in trainee (the first levels in play, scores rising)
/// and posts them; answers each attempt's status, in order.
///
/// # Errors
/// The sign-in has ended, or the portal refused the batch.
pub async fn play(file: &Path, levels: usize) -> anyhow::Result<(Value, Vec<String>)> {
    let (saved, token) = access(file).await?;
    let http = http()?;
    let me = get(&http, &format!("{}/api/v1/game/me", saved.url), &token).await?;
    let catalogue = get(&http, &format!("{}/api/v1/catalogue", saved.url), &token).await?;
    let in_play: Vec<&Value> =
        catalogue["levels"].as_array().into_iter().flatten().filter(|l| l["retired_at"].is_null()).collect();
    let approach = catalogue["approaches"][0]["id"].clone();
    let now = OffsetDateTime::now_utc();
    let at = |moment: OffsetDateTime| moment.format(&Rfc3339).unwrap_or_default();
    let attempts: Vec<Value> = in_play
        .iter()
        .take(levels)
        .enumerate()
        .map(|(n, level)| {
            let max = level["max_score"].as_u64().unwrap_or(0);
            let score = max * (60 + 10 * n as u64).min(100) / 100;
            let skills = level["skill_ids"].as_array().cloned().unwrap_or_default();
            let each = score / skills.len().max(1) as u64;
            let points: serde_json::Map<String, Value> =
                skills.iter().filter_map(|s| s.as_str()).map(|s| (s.to_owned(), json!(each))).collect();
            let started = now - Duration::minutes(10 * (levels - n) as i64);
            json!({
                "external_id": format!("device-{}-{n}", now.unix_timestamp_nanos()),
                "trainee": me["user_id"], "level": level["id"], "difficulty": level["difficulty"],
                "approach": approach, "score": score, "max_score": max, "skill_points": points,
                "duration_seconds": 300, "started_at": at(started), "completed_at": at(started + Duration::minutes(5)),
            })
        })
        .collect();
    let response = http
        .post(format!("{}/api/v1/game/attempts", saved.url))
        .bearer_auth(&token)
        .json(&json!({ "attempts": attempts }))
        .send()
        .await?;
    let outcome = answer(response).await?;
    let statuses = outcome["results"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| r["status"].as_str().unwrap_or("?").to_owned())
        .collect();
    Ok((me, statuses))
}

/// A one-time link that opens the portal signed in as the trainee, at `next` if given.
///
/// # Errors
/// The sign-in has ended, or the portal refused (`next` not a portal path).
pub async fn open_portal(file: &Path, next: Option<&str>) -> anyhow::Result<String> {
    let (saved, token) = access(file).await?;
    let response = http()?
        .post(format!("{}/api/v1/game/handoff", saved.url))
        .bearer_auth(&token)
        .json(&json!({ "next": next }))
        .send()
        .await?;
    let link = answer(response).await?;
    Ok(link["url"].as_str().context("the portal gave no link")?.to_owned())
}
