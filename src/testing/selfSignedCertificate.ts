/**
 * A throwaway self-signed certificate for tests' HTTPS listeners: a P-256 key and a one-day certificate made by
 * openssl (no dependency), for one name, in a temporary directory that `remove` deletes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCertificate {
  key: Buffer;
  /** PEM of the certificate (trust it with NODE_EXTRA_CA_CERTS=certFile or an https.Agent's `ca`). */
  cert: string;
  certFile: string;
  remove: () => void;
}

/** `name` is a host name (`wp.intranet.lan`) or an IPv4 address (`127.0.0.1`): the certificate's subject and only name. */
export function selfSignedCertificate(name: string): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'piquante-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const altName = /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ? `IP:${name}` : `DNS:${name}`;
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
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${altName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
