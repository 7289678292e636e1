// A real OpenID Connect provider (npm `oidc-provider`) on loopback, for Playtrack's SSO tests
// and for trying SSO by hand:
//
//   node tools/oidc/provider.mjs tools/oidc/example.json      (OIDC_PORT=… for a fixed port)
//
// The file names the clients and the accounts (`login` of the development login form →
// claims). The first line on stdout is `{"issuer": "http://127.0.0.1:<port>"}`.
//
// Tests misbehave the provider on purpose through `POST /test/*` (loopback only):
//   /test/rotate          signs with a new key from now on; the old one leaves the JWKS
//   /test/stale-key       signs with a key the JWKS no longer lists (rotated out)
//   /test/nonce           puts another nonce into ID tokens than the one asked for
//   /test/short-id-token  issues ID tokens that expire after 60 s
//   /test/reset           behaves again
import Provider from 'oidc-provider';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { generateKeyPairSync, randomUUID } from 'node:crypto';

const config = JSON.parse(readFileSync(process.argv[2] ?? new URL('./example.json', import.meta.url), 'utf8'));

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

const publicPart = ({ d, p, q, dp, dq, qi, ...rest }) => rest;

let issuer;
let current = signingKey();
let stale = null;
let tamperNonce = false;
let shortIdToken = false;
let provider;

function build(signWith) {
  const next = new Provider(issuer, {
    clients: config.clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...client,
    })),
    jwks: { keys: [signWith] },
    pkce: { required: () => true },
    ttl: { IdToken: shortIdToken ? 60 : 3600 },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'upn'],
    },
    // Entra and others put the e-mail into the ID token; so does this provider.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const claims = config.accounts[id];
      return claims ? { accountId: id, claims: async () => ({ sub: id, ...claims }) } : undefined;
    },
    // First-party clients only: no consent screen.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  next.proxy = false;
  return next;
}

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, issuer);
  if (req.method === 'POST' && url.pathname.startsWith('/test/')) {
    switch (url.pathname) {
      case '/test/rotate':
        current = signingKey();
        stale = null;
        break;
      case '/test/stale-key':
        stale = signingKey();
        break;
      case '/test/nonce':
        tamperNonce = true;
        break;
      case '/test/short-id-token':
        shortIdToken = true;
        break;
      case '/test/reset':
        stale = null;
        tamperNonce = false;
        shortIdToken = false;
        break;
      default:
        return json(res, 404, { error: 'unknown test switch' });
    }
    provider = build(stale ?? current);
    return json(res, 200, { ok: true });
  }
  // The JWKS lists only the current key, whatever signs.
  if (url.pathname === '/jwks') {
    return json(res, 200, { keys: [publicPart(current)] });
  }
  if (tamperNonce && url.pathname === '/auth' && url.searchParams.has('nonce')) {
    url.searchParams.set('nonce', 'not-the-one-asked-for');
    req.url = `${url.pathname}?${url.searchParams}`;
  }
  provider.callback()(req, res);
});

// A free port, or OIDC_PORT (the browser journeys register a fixed issuer).
server.listen(Number(process.env.OIDC_PORT ?? 0), '127.0.0.1', () => {
  issuer = `http://127.0.0.1:${server.address().port}`;
  provider = build(current);
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});
