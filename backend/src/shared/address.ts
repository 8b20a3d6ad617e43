import ipaddr from 'ipaddr.js';

/**
 * One client address as limits count it: IPv4 as is (also when IPv4-mapped IPv6), other IPv6 by
 * its /64 (one home or phone network holds a whole /64), anything else (no address) as given.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
