import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for the API tests: a P-256 key made with node:crypto, the
 * authenticator data and client data a browser and a passkey would produce, and a real ES256
 * signature over `authenticatorData || SHA-256(clientDataJSON)`. So the server's verification
 * (@simplewebauthn/server) runs for real, with nothing mocked.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | Record<string, never>;

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter; 0 means "keeps none", as many passkeys do. */
  counter: number;

  constructor(
    readonly origin: string,
    { counter = 0 }: { counter?: number } = {},
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.counter = counter;
  }

  get rpId() {
    return new URL(this.origin).hostname;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private coseKey() {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<CborValue, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private counterBytes() {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.counter);
    return b;
  }

  /** What `navigator.credentials.create()` would answer (attestation "none"). */
  register(
    options: { challenge: string },
    { origin = this.origin, rpId = this.rpId }: { origin?: string; rpId?: string } = {},
  ) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | flags.userVerified | flags.attestedData]),
      this.counterBytes(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', {}],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** What `navigator.credentials.get()` would answer; moves the counter on if it keeps one. */
  assert(
    options: { challenge: string },
    {
      origin = this.origin,
      rpId = this.rpId,
      signWith,
    }: { origin?: string; rpId?: string; signWith?: SoftAuthenticator } = {},
  ) {
    if (this.counter > 0) this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags.userPresent | flags.userVerified]),
      this.counterBytes(),
    ]);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      (signWith ?? this).privateKey,
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
    });
  }

  /** A credential as the browser hands it over: this key's id around the step's response. */
  private credential<R>(response: R) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
