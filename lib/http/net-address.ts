/**
 * IP addresses and CIDR ranges as plain data: parsing, one canonical text per address, range
 * tests. Shared by the configuration (trusted proxies), the BFF (the client address) and the
 * service (sign-in limits per address).
 */

/** 4 bytes (IPv4) or 16 bytes (IPv6). An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address. */
export type IpBytes = number[];
export interface IpRange { bytes: IpBytes; bits: number }

const OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEXTET = /^[\da-f]{1,4}$/;

function parseIpv4(text: string): IpBytes | null {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => OCTET.test(p)) ? parts.map(Number) : null;
}

function parseIpv6(text: string): IpBytes | null {
  const halves = text.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const last = (halves.length === 2 ? tail : head).at(-1);
  const words: number[] = [];
  let v4: IpBytes | null = null;
  if (last?.includes('.')) {
    v4 = parseIpv4(last);
    if (!v4) return null;
    (halves.length === 2 ? tail : head).pop();
  }
  for (const group of [...head, ...tail]) if (!HEXTET.test(group)) return null;
  const needed = 8 - (v4 ? 2 : 0);
  const given = head.length + tail.length;
  if (halves.length === 2 ? given >= needed : given !== needed) return null;
  const zeros = Array<string>(needed - given).fill('0');
  for (const group of [...head, ...zeros, ...tail]) words.push(parseInt(group, 16));
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (v4) bytes.push(...v4);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

/** The bytes of an address (a zone such as %eth0 is dropped), or null when the text is none. */
export function parseIp(text: string): IpBytes | null {
  const address = text.trim().replace(/%[\w.-]+$/, '');
  if (address.length > 45) return null;
  return address.includes(':') ? parseIpv6(address) : parseIpv4(address);
}

/** The canonical text: dotted IPv4, or IPv6 in lower case with the longest run of zero groups compressed (RFC 5952). */
export function formatIp(bytes: IpBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const words = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; i += 1) {
    let j = i;
    while (j < 8 && words[j] === 0) j += 1;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = Math.max(i, j);
  }
  const hex = words.map((w) => w.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/**
 * One address as a header may carry it ('203.0.113.7', '203.0.113.7:5123', '[2001:db8::1]:443',
 * '::ffff:10.0.0.1'), in canonical text; null when it is not an address.
 */
export function normalizeAddress(text: string | null | undefined): string | null {
  let value = (text ?? '').trim();
  const bracketed = /^\[([^\]]+)\](:\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const bytes = parseIp(value);
  return bytes ? formatIp(bytes) : null;
}

/** An address ('10.0.0.7') or a range ('10.0.0.0/8', '2001:db8::/32'); null when it is neither. */
export function parseRange(text: string): IpRange | null {
  const [address, bits, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const bytes = parseIp(address ?? '');
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (bits === undefined) return { bytes, bits: max };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { bytes, bits: Number(bits) };
}

/** Whether an address lies within a range (an IPv4 address never lies within an IPv6 range, mapped ones aside). */
export function inRange(bytes: IpBytes, range: IpRange): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const mask = range.bits - bit >= 8 ? 0xff : (0xff << (8 - (range.bits - bit))) & 0xff;
    const i = bit / 8;
    if ((bytes[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}

/**
 * What sign-in limits count per 'address': an IPv4 address, or the /64 network of an IPv6 one
 * (one subscriber's allocation, whose host part changes at will); 'unknown' when there is none.
 */
export function addressBucket(text: string): string {
  const bytes = parseIp(text);
  if (!bytes) return 'unknown';
  if (bytes.length === 4) return formatIp(bytes);
  return `${formatIp([...bytes.slice(0, 8), ...Array<number>(8).fill(0)])}/64`;
}
