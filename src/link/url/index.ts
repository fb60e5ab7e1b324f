// The URL Standard's parser, serializer and hosts, for the link module. UTS #46 comes from
// the tr46 package, loaded only for hosts that need it (see idna.ts).

export type { ValidationError } from './errors.ts';
export type { Host, HostResult } from './host.ts';
export type { ParseResult, UrlRecord } from './record.ts';

export { parseUrl } from './parse.ts';
export { serializeUrl, serializePath, origin } from './serialize.ts';
export { parseHost, serializeHost, serializeIPv4, serializeIPv6 } from './host.ts';
export { defaultPort, hasOpaquePath, includesCredentials, isSpecialScheme } from './record.ts';
export {
  C0_CONTROL_SET,
  COMPONENT_SET,
  FORM_URLENCODED_SET,
  FRAGMENT_SET,
  PATH_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  inEncodeSet,
  percentDecode,
  utf8PercentEncode,
  type EncodeSet,
} from './percent.ts';
export { hash, host, hostname, href, password, pathname, port, protocol, search, username } from './components.ts';
