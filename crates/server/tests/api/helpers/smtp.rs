//! A real SMTP server on loopback that keeps what it receives, so tests read the mail a user
//! would read. It speaks just enough SMTP for a client that sends and quits.

use std::sync::{Arc, Mutex};

use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    net::TcpListener,
};

/// A received message, decoded as a mail program shows it.
#[derive(Clone, Debug)]
pub struct ReceivedMail {
    pub to: Vec<String>,
    pub subject: String,
    /// The text/plain part.
    pub text: String,
    /// The text/html part.
    pub html: String,
}

impl ReceivedMail {
    fn parse(to: Vec<String>, raw: &str) -> Self {
        let parsed = mailparse::parse_mail(raw.as_bytes()).expect("a MIME message");
        let subject = parsed
            .headers
            .iter()
            .find(|h| h.get_key().eq_ignore_ascii_case("subject"))
            .map(|h| h.get_value())
            .unwrap_or_default();
        let part = |mime: &str| {
            parsed
                .subparts
                .iter()
                .find(|p| p.ctype.mimetype == mime)
                .map(|p| p.get_body().expect("a decodable body"))
                .unwrap_or_default()
        };
        Self { to, subject, text: part("text/plain"), html: part("text/html") }
    }

    /// The first run of exactly six digits in the text (the sign-in code).
    pub fn otp_code(&self) -> Option<String> {
        let bytes = self.text.as_bytes();
        (0..bytes.len().saturating_sub(5)).find_map(|i| {
            let run = &bytes[i..i + 6];
            let bounded =
                (i == 0 || !bytes[i - 1].is_ascii_digit()) && bytes.get(i + 6).is_none_or(|b| !b.is_ascii_digit());
            (bounded && run.iter().all(u8::is_ascii_digit)).then(|| String::from_utf8_lossy(run).into_owned())
        })
    }
}

#[derive(Clone, Debug)]
pub struct SmtpSink {
    pub port: u16,
    received: Arc<Mutex<Vec<ReceivedMail>>>,
}

impl SmtpSink {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind the SMTP sink");
        let port = listener.local_addr().unwrap().port();
        let received = Arc::new(Mutex::new(Vec::new()));
        let store = received.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(session(socket, store.clone()));
            }
        });
        Self { port, received }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every mail received, oldest first.
    pub fn all(&self) -> Vec<ReceivedMail> {
        self.received.lock().unwrap().clone()
    }

    /// Mail to `address`, oldest first.
    pub fn to(&self, address: &str) -> Vec<ReceivedMail> {
        self.received.lock().unwrap().iter().filter(|m| m.to.iter().any(|t| t == address)).cloned().collect()
    }

    /// Waits (up to 10 s: mail leaves through the outbox worker) until `address` has
    /// received `count` mails, and answers them.
    pub async fn wait_for(&self, address: &str, count: usize) -> Vec<ReceivedMail> {
        for _ in 0..500 {
            let received = self.to(address);
            if received.len() >= count {
                return received;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("{address} did not receive {count} mail(s); got {}", self.to(address).len())
    }

    /// The code in the `nth` (from 1) mail to `address`.
    pub async fn code(&self, address: &str, nth: usize) -> String {
        let mail = &self.wait_for(address, nth).await[nth - 1];
        mail.otp_code().unwrap_or_else(|| panic!("no code in mail {nth} to {address}: {}", mail.text))
    }

    /// The first link in the `nth` (from 1) mail to `address`.
    pub async fn link(&self, address: &str, nth: usize) -> String {
        let mail = &self.wait_for(address, nth).await[nth - 1];
        let start = mail.text.find("http").unwrap_or_else(|| panic!("no link in: {}", mail.text));
        mail.text[start..].split_whitespace().next().unwrap_or_default().to_owned()
    }
}

async fn session(socket: tokio::net::TcpStream, store: Arc<Mutex<Vec<ReceivedMail>>>) {
    let (reader, mut writer) = socket.into_split();
    let mut lines = BufReader::new(reader).lines();
    let mut to = Vec::new();
    if writer.write_all(b"220 sink ESMTP\r\n").await.is_err() {
        return;
    }
    while let Ok(Some(line)) = lines.next_line().await {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250-sink\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("RCPT TO:") {
            to.push(line[8..].trim().trim_matches(['<', '>']).to_ascii_lowercase());
            b"250 OK\r\n"
        } else if upper.starts_with("DATA") {
            if writer.write_all(b"354 go ahead\r\n").await.is_err() {
                return;
            }
            let mut data = String::new();
            while let Ok(Some(line)) = lines.next_line().await {
                if line == "." {
                    break;
                }
                // SMTP doubles a leading dot; undo it.
                data.push_str(line.strip_prefix('.').unwrap_or(&line));
                data.push_str("\r\n");
            }
            store.lock().unwrap().push(ReceivedMail::parse(std::mem::take(&mut to), &data));
            b"250 queued\r\n"
        } else if upper.starts_with("QUIT") {
            let _ = writer.write_all(b"221 bye\r\n").await;
            return;
        } else {
            b"250 OK\r\n"
        };
        if writer.write_all(reply).await.is_err() {
            return;
        }
    }
}
