import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is globally routable, i.e. safe for the server to connect to on a user's
 * behalf (SSRF; ADR 013). Anything unparseable or special-purpose is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Only canonical dotted-quad IPv4: shorthand, octal and hex forms mean different things to different parsers.
  if (!bare.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(bare);
  } catch {
    return false;
  }
  return addr.kind() === 'ipv4' ? isPublicV4(addr as ipaddr.IPv4) : isPublicV6(addr as ipaddr.IPv6);
}

function isPublicV4(addr: ipaddr.IPv4): boolean {
  // 'unicast' is ipaddr.js's name for "none of the special ranges" (0/8, 10/8, 100.64/10, 127/8,
  // 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.168/16, 198.18/15, 198.51.100/24,
  // 203.0.113/24, 224/4, 240/4, broadcast, AS112, AMT all classify otherwise).
  return addr.range() === 'unicast';
}

function embeddedV4(parts: number[], hi: number): ipaddr.IPv4 {
  const a = parts[hi] ?? 0;
  const b = parts[hi + 1] ?? 0;
  return new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
}

function isPublicV6(addr: ipaddr.IPv6): boolean {
  const p = addr.parts;
  // Explicit checks first: forms that carry an IPv4 address are as public as that address.
  // ::ffff:0:0/96 (mapped) and ::ffff:0:0:0/96 (RFC 6145 translated).
  if (addr.isIPv4MappedAddress()) return isPublicV4(addr.toIPv4Address());
  if (p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0xffff && p[5] === 0)
    return isPublicV4(embeddedV4(p, 6));
  // ::/96 (deprecated IPv4-compatible, plus :: and ::1): never a real destination.
  if (p.slice(0, 6).every((x) => x === 0)) return false;
  // NAT64 well-known prefix 64:ff9b::/96: DNS64 synthesises these for public IPv4 hosts.
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0)) return isPublicV4(embeddedV4(p, 6));
  // 6to4 2002::/16 embeds the IPv4 address in bits 16-47.
  if (p[0] === 0x2002) return isPublicV4(embeddedV4(p, 1));
  // Global unicast is 2000::/3 only; inside it ipaddr.js flags documentation (2001:db8::/32),
  // Teredo, ORCHID, benchmarking and the other IANA special-purpose blocks.
  if (((p[0] ?? 0) & 0xe000) !== 0x2000) return false;
  return addr.range() === 'unicast';
}
