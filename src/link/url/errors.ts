// Validation errors, named as in the URL Standard's table (section 1.1).
// The parser collects them and never throws: an error is data, and only some of them
// come with a failure (that is said where the parser returns failure).

export type ValidationError =
  // IDNA
  | 'domain-to-ASCII'
  // Host parsing
  | 'domain-percent-encoded'
  | 'host-invalid-code-point'
  | 'IPv4-empty-part'
  | 'IPv4-too-few-parts'
  | 'IPv4-too-many-parts'
  | 'IPv4-non-numeric-part'
  | 'IPv4-non-decimal-part'
  | 'IPv4-out-of-range-part'
  | 'IPv4-non-ASCII-input'
  | 'IPv6-unclosed'
  | 'IPv6-invalid-compression'
  | 'IPv6-too-many-pieces'
  | 'IPv6-multiple-compression'
  | 'IPv6-invalid-code-point'
  | 'IPv6-too-few-pieces'
  | 'IPv6-piece-leading-zero'
  | 'IPv4-in-IPv6-too-many-pieces'
  | 'IPv4-in-IPv6-invalid-code-point'
  | 'IPv4-in-IPv6-out-of-range-part'
  | 'IPv4-in-IPv6-too-few-parts'
  // URL parsing
  | 'invalid-URL-unit'
  | 'special-scheme-missing-following-solidus'
  | 'missing-scheme-non-relative-URL'
  | 'invalid-reverse-solidus'
  | 'invalid-credentials'
  | 'host-missing'
  | 'port-out-of-range'
  | 'port-invalid'
  | 'file-invalid-Windows-drive-letter'
  | 'file-invalid-Windows-drive-letter-host';

// One short sentence per error that can end a parse, for the link's "error: <reason>".
const REASONS: { [K in ValidationError]?: string } = {
  'domain-to-ASCII': 'invalid domain name',
  'host-invalid-code-point': 'invalid character in host',
  'IPv4-too-many-parts': 'invalid IPv4 address (too many parts)',
  'IPv4-non-numeric-part': 'invalid IPv4 address (non-numeric part)',
  'IPv4-out-of-range-part': 'invalid IPv4 address (number out of range)',
  'IPv6-unclosed': 'invalid IPv6 address (missing "]")',
  'IPv6-invalid-compression': 'invalid IPv6 address (bad "::")',
  'IPv6-too-many-pieces': 'invalid IPv6 address (too many pieces)',
  'IPv6-multiple-compression': 'invalid IPv6 address (more than one "::")',
  'IPv6-invalid-code-point': 'invalid IPv6 address',
  'IPv6-too-few-pieces': 'invalid IPv6 address (too few pieces)',
  'IPv4-in-IPv6-too-many-pieces': 'invalid IPv6 address (too many pieces)',
  'IPv4-in-IPv6-invalid-code-point': 'invalid IPv6 address (bad embedded IPv4)',
  'IPv4-in-IPv6-out-of-range-part': 'invalid IPv6 address (bad embedded IPv4)',
  'IPv4-in-IPv6-too-few-parts': 'invalid IPv6 address (bad embedded IPv4)',
  'missing-scheme-non-relative-URL': 'relative URL without a usable base',
  'host-missing': 'missing host',
  'port-out-of-range': 'port out of range',
  'port-invalid': 'invalid port',
};

/** A short human sentence for a failure whose last signalled error is `error`. */
export function failureReason(error: ValidationError | undefined): string {
  return (error && REASONS[error]) || 'invalid URL';
}

/** Record an error once: the list says which kinds occurred, not how often. */
export function report(errors: ValidationError[] | undefined, error: ValidationError): void {
  if (errors !== undefined && !errors.includes(error)) errors.push(error);
}
