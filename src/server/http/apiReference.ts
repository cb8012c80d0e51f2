/** The contract itself and its browsable reference, both rendered from openapi/ at generation time. */
import contractYaml from '../../../openapi/magazine.yaml?raw';
import referenceHtml from '../../api/generated/api-docs.html?raw';

export function apiReferencePage(): Response {
  return new Response(referenceHtml, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=300',
      // Redoc's bundle is inlined into the page; nothing is fetched from another origin.
      'content-security-policy':
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    },
  });
}

export function apiContractFile(): Response {
  return new Response(contractYaml, {
    headers: { 'content-type': 'application/yaml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
