// A real SMTP server on loopback for the browser journeys: it accepts every mail the portal
// sends and serves what it received as JSON, so a test reads the OTP a person would read.
//
//   SMTP  127.0.0.1:$SMTP_SINK_SMTP_PORT (default 4181)   no TLS, no AUTH: a local relay
//   HTTP  127.0.0.1:$SMTP_SINK_HTTP_PORT (default 4182)
//         GET    /healthz             → 200 "ok"
//         GET    /messages?to=<addr>  → [{ to, from, subject, text, html, receivedAt }], newest first
//         DELETE /messages            → forgets everything
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const HOST = '127.0.0.1';
const SMTP_PORT = Number(process.env.SMTP_SINK_SMTP_PORT ?? 4181);
const HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? 4182);
/** Enough for any test run; the oldest go first beyond it. */
const MAX_MESSAGES = 1_000;

/** @type {{ to: string[], from: string, subject: string, text: string, html: string, receivedAt: string }[]} */
let messages = [];

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  // A plain local relay, as `PLAYTRACK_SMTP_URL=smtp://127.0.0.1:<port>` expects.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        messages.push({
          to: session.envelope.rcptTo.map(({ address }) => address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        });
        if (messages.length > MAX_MESSAGES) messages = messages.slice(-MAX_MESSAGES);
        callback();
      },
      (error) => callback(error),
    );
  },
});

smtp.on('error', (error) => console.error('smtp-sink:', error.message));

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}:${HTTP_PORT}`);
  const send = (status, body, type = 'application/json') => {
    response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(type === 'application/json' ? JSON.stringify(body) : body);
  };
  if (request.method === 'GET' && url.pathname === '/healthz') return send(200, 'ok', 'text/plain');
  if (url.pathname === '/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = messages.filter((message) => !to || message.to.includes(to));
    return send(200, found.slice().reverse());
  }
  if (url.pathname === '/messages' && request.method === 'DELETE') {
    messages = [];
    return send(204, '', 'text/plain');
  }
  return send(404, { error: 'not found' });
});

smtp.listen(SMTP_PORT, HOST, () => {
  api.listen(HTTP_PORT, HOST, () => {
    console.log(`smtp-sink: SMTP on ${HOST}:${SMTP_PORT}, messages on http://${HOST}:${HTTP_PORT}/messages`);
  });
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    api.close();
    smtp.close(() => process.exit(0));
  });
}
