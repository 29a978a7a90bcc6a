// The bundled provider: deterministic and offline. It matches the error message against rules
// for common failures and fills the analysis from the first rule that fits. It is honest about
// what it is (provider `statusctl-rules`, model `rules-v1`): no AI is involved.
import type { Analysis } from '../../contract/schemas.js';
import type { AnalysisInput, AnalysisProvider } from './provider.js';

interface Rule {
  readonly test: RegExp;
  readonly classification: string;
  readonly rootCause: (match: RegExpExecArray, input: AnalysisInput) => string;
  readonly userImpact: string;
  readonly codeFix: string;
  readonly evidence: string;
  readonly artifacts: { name: string; type: string }[];
  readonly referenceLinks: { url: string; title: string }[];
}

const MDN_STATUS = (code: string) => ({
  url: `https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Status/${code}`,
  title: `MDN: HTTP ${code}`,
});

const RULES: Rule[] = [
  {
    test: /getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([^\s'"]+)|ENOTFOUND|DNS/i,
    classification: 'INFRA ERROR',
    rootCause: (m) =>
      `The host name ${m[1] ? `"${m[1]}" ` : ''}could not be resolved: the DNS lookup failed before any connection was made. The record may be missing, mistyped, or the resolver unreachable from the check location.`,
    userImpact: 'Users whose resolvers see the same records cannot reach the service at all.',
    codeFix: 'Check the DNS record (dig +short <host>), the host name in the check configuration, and any recent DNS or domain change.',
    evidence: 'The error was raised during name resolution, before a TCP connection was attempted.',
    artifacts: [
      { name: 'ERROR_MESSAGE', type: 'LOG' },
      { name: 'DNS_LOOKUP', type: 'TIMINGS' },
    ],
    referenceLinks: [{ url: 'https://nodejs.org/api/dns.html#error-codes', title: 'Node.js DNS error codes' }],
  },
  {
    test: /ECONNREFUSED(?: ([\d.:a-f[\]]+))?|connection refused/i,
    classification: 'INFRA ERROR',
    rootCause: (m) =>
      `The connection was refused${m[1] ? ` by ${m[1]}` : ''}: the host is reachable but nothing accepts connections on that port. The service is down, restarting, or listening elsewhere.`,
    userImpact: 'Every request to this endpoint fails immediately.',
    codeFix: 'Check that the service process is running and listening on the expected port, and that load balancer targets are healthy.',
    evidence: 'The TCP handshake was answered with a reset (RST) instead of an accept.',
    artifacts: [
      { name: 'ERROR_MESSAGE', type: 'LOG' },
      { name: 'TCP_CONNECT', type: 'TIMINGS' },
    ],
    referenceLinks: [{ url: 'https://nodejs.org/api/errors.html#common-system-errors', title: 'Node.js common system errors' }],
  },
  {
    test: /CERT_|certificate|SSL|TLS|self[- ]signed|UNABLE_TO_VERIFY_LEAF_SIGNATURE/i,
    classification: 'INFRA ERROR',
    rootCause: () =>
      'The TLS handshake failed: the certificate presented by the server is expired, self-signed, issued for another host name, or its chain is incomplete.',
    userImpact: 'Browsers show a security warning and API clients refuse to connect.',
    codeFix: 'Renew or reissue the certificate, serve the full chain, and check that the certificate covers the host name the check calls.',
    evidence: 'The failure happened during the TLS handshake, after the TCP connection was established.',
    artifacts: [
      { name: 'TLS_HANDSHAKE', type: 'TIMINGS' },
      { name: 'CERTIFICATE', type: 'REQUEST' },
    ],
    referenceLinks: [{ url: 'https://nodejs.org/api/tls.html', title: 'Node.js TLS' }],
  },
  {
    test: /waiting for (?:locator|selector)\(?['"]?([^'")]+)|locator\(['"]([^'"]+)['"]\).*(?:not found|resolved to 0|strict mode)|no element (?:found|matches)/i,
    classification: 'TEST ERROR',
    rootCause: (m) =>
      `The element ${(m[1] ?? m[2]) ? `matched by "${m[1] ?? m[2]}" ` : ''}never appeared: the page changed (a renamed test id or class, a redesigned flow) or it rendered more slowly than the check allows.`,
    userImpact:
      'If the element is really gone, users cannot complete this step of the flow; if only the selector changed, users are not affected.',
    codeFix:
      'Prefer stable selectors such as getByRole() or getByTestId(), update the selector to the current markup, and wait for the element with expect(locator).toBeVisible() instead of fixed delays.',
    evidence: 'The locator did not resolve to any element within the timeout.',
    artifacts: [
      { name: 'SCREENSHOT', type: 'IMAGE' },
      { name: 'PLAYWRIGHT_TRACE', type: 'TRACE' },
    ],
    referenceLinks: [{ url: 'https://playwright.dev/docs/locators', title: 'Playwright locators' }],
  },
  {
    test: /Timeout (\d+)\s*ms exceeded|timed? ?out|ETIMEDOUT|ESOCKETTIMEDOUT/i,
    classification: 'PERFORMANCE ERROR',
    rootCause: (m) =>
      `The operation did not finish within ${m[1] ? `${m[1]} ms` : 'the configured timeout'}: the server answered too slowly or not at all (a slow dependency, saturated workers, or a network path dropping packets).`,
    userImpact: 'Users see slow or hanging pages; some give up before the page loads.',
    codeFix:
      'Look at the server-side latency of this endpoint for the same period; if the slowness is expected, raise the timeout of the check, otherwise fix the slow dependency.',
    evidence: 'The time limit was reached while waiting for the response.',
    artifacts: [
      { name: 'TIMING_PHASES', type: 'TIMINGS' },
      { name: 'HTTP_REQUEST', type: 'REQUEST' },
    ],
    referenceLinks: [{ url: 'https://playwright.dev/docs/test-timeouts', title: 'Playwright timeouts' }],
  },
  {
    test: /\b(5\d\d)\b(?! ?ms)/,
    classification: 'SERVER ERROR',
    rootCause: (m) =>
      `The server answered HTTP ${m[1]}: the request reached the application but it failed while handling it (an unhandled exception, a failing upstream, or an overloaded gateway).`,
    userImpact: 'Users get an error page or a failed API call for this endpoint.',
    codeFix:
      'Find the failing requests in the application logs around the time of the failure and fix the exception; for 502/503/504, check the upstream behind the gateway.',
    evidence: `The response status was in the 5xx range.`,
    artifacts: [{ name: 'HTTP_RESPONSE', type: 'REQUEST' }],
    referenceLinks: [MDN_STATUS('500')],
  },
  {
    test: /\b(4\d\d)\b(?! ?ms)/,
    classification: 'CLIENT ERROR',
    rootCause: (m) =>
      `The server answered HTTP ${m[1]}: the request was refused as sent, for instance an expired credential (401/403), a moved or deleted resource (404), or a changed request format (400/422).`,
    userImpact: 'Users calling the endpoint the same way get the same refusal.',
    codeFix: 'Compare the request of the check with the current API: credentials, URL and body; update the check or restore the endpoint.',
    evidence: 'The response status was in the 4xx range.',
    artifacts: [
      { name: 'HTTP_REQUEST', type: 'REQUEST' },
      { name: 'HTTP_RESPONSE', type: 'REQUEST' },
    ],
    referenceLinks: [MDN_STATUS('400')],
  },
  {
    test: /expect\(|assert|Expected|toBe|toHave/i,
    classification: 'ASSERTION ERROR',
    rootCause: () =>
      'An assertion of the check failed: the service answered, but not with what the check expects (content, status or timing changed).',
    userImpact: 'Depends on the assertion: users may see wrong or missing content.',
    codeFix:
      'Compare the expected and received values; if the new behaviour is intended, update the assertion, otherwise fix the regression.',
    evidence: 'The failing assertion reports the expected and the received value.',
    artifacts: [{ name: 'ASSERTION', type: 'LOG' }],
    referenceLinks: [{ url: 'https://playwright.dev/docs/test-assertions', title: 'Playwright assertions' }],
  },
];

type Explanation = Omit<Rule, 'test' | 'rootCause'> & { rootCause: string };

const FALLBACK: Explanation = {
  classification: 'UNKNOWN',
  rootCause: 'The error message matches none of the known failure patterns; look at the full check result.',
  userImpact: 'Unknown: check whether users report the same failure.',
  codeFix: 'No fix can be suggested from the message alone.',
  evidence: 'Only the error message was available.',
  artifacts: [{ name: 'ERROR_MESSAGE', type: 'LOG' }],
  referenceLinks: [],
};

function explain(input: AnalysisInput): Explanation {
  const message = input.rawErrorMessage ?? input.cleanedErrorMessage;
  for (const rule of RULES) {
    const match = rule.test.exec(message);
    if (match) return { ...rule, rootCause: rule.rootCause(match, input) };
  }
  return FALLBACK;
}

export const rulesProvider: AnalysisProvider = {
  provider: 'statusctl-rules',
  model: 'rules-v1',
  async analyze(input) {
    const rule = explain(input);
    const evidence = [{ description: `${rule.evidence} Message: "${input.cleanedErrorMessage}"`, artifacts: rule.artifacts }];
    if (input.userContext) {
      evidence.push({ description: `Context given by the user: ${input.userContext}`, artifacts: [] });
    }
    const analysis: Analysis = {
      classification: rule.classification,
      userImpact: rule.userImpact,
      rootCause: rule.rootCause,
      codeFix: rule.codeFix,
      evidence,
      referenceLinks: rule.referenceLinks,
    };
    return analysis;
  },
};

/** API or BROWSER, from what the message mentions (a page, a locator, Playwright). */
export function guessCheckType(message: string): 'API' | 'BROWSER' {
  return /\b(page\.|locator|selector|playwright|browser|navigat)/i.test(message) ? 'BROWSER' : 'API';
}
