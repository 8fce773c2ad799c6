import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local push service for tests: an HTTPS server with a certificate made at test time (the app
 * trusts it through the agent it is given, nothing global), recording every request and
 * answering 201 unless told otherwise. Browsers are simulated by real P-256 key pairs, and the
 * aes128gcm bodies are decrypted here (RFC 8291), independently of the library that encrypts.
 */
export interface ReceivedPush {
  path: string;
  /** What the endpoint answered. */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Device {
  ecdh: ECDH;
  authSecret: Buffer;
  endpoint: string;
  /** The PushSubscription JSON a browser would send. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface PushEndpoint {
  origin: string;
  /** An agent that trusts this endpoint's certificate (and only adds that to the defaults). */
  agent: https.Agent;
  received: ReceivedPush[];
  /** Answers the next requests to `pathname` with these statuses, in order. */
  answer: (pathname: string, ...statuses: number[]) => void;
  device: (name: string) => Device;
  close: () => Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const cues = new Map<string, number[]>();
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const pathname = request.url ?? '/';
      const status = cues.get(pathname)?.shift() ?? 201;
      received.push({ path: pathname, status, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    agent,
    received,
    answer: (pathname, ...statuses) => cues.set(pathname, [...(cues.get(pathname) ?? []), ...statuses]),
    device: (name) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${name}-${randomBytes(4).toString('hex')}`;
      return {
        ecdh,
        authSecret,
        endpoint,
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188: the plaintext of an aes128gcm Web Push body (one record). */
export function decryptPush(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const userPublic = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(device.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 signature by that key,
 * `aud` the endpoint's origin, `exp` within 24 hours. Returns the claims and the key.
 */
export function verifyVapid(
  header: string | string[] | undefined,
  endpointOrigin: string,
): { aud: string; exp: number; sub: string; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(header));
  if (!match) throw new Error(`not a vapid Authorization header: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error(`VAPID alg ${header_.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== endpointOrigin) throw new Error(`VAPID aud ${body.aud}, expected ${endpointOrigin}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600))
    throw new Error(`VAPID exp ${body.exp} not within 24 h`);
  return { ...body, key };
}
