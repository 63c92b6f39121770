/**
 * The client address. Without trusted proxies it is the socket's. Behind them it comes
 * from X-Forwarded-For, read from the right: each proxy appends the address it was
 * reached from, so only the entries our own proxies wrote can be believed, and anything
 * further left may have been written by the client.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { TrustProxy } from '../config';
import type { AppEnv, AppOptions } from '../env';

/** Longer entries are no address any proxy writes; cut so a key stays small. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * One address as a proxy or the socket writes it, in one spelling: an IPv4 address seen
 * through a dual-stack socket ('::ffff:10.0.0.1') or with a port ('10.0.0.1:5100',
 * '[2001:db8::1]:443') is the same client as the bare address.
 */
export function normaliseAddress(text: string): string {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (withPort?.[1]) address = withPort[1];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  if (isIP(address) === 6) address = address.toLowerCase();
  return address.slice(0, MAX_ADDRESS_LENGTH);
}

/** X-Forwarded-For's entries, left to right, over every copy of the header. */
function forwardedEntries(forwardedFor: string | string[] | undefined): string[] {
  const text = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  return text
    .split(',')
    .map(normaliseAddress)
    .filter((entry) => entry !== '');
}

/** The rule itself; the search budget applies it to node's request, before the app. */
export function addressOf(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustProxy: TrustProxy,
): string {
  const peer = socketAddress ? normaliseAddress(socketAddress) : 'unknown';
  if (typeof trustProxy === 'number') {
    if (trustProxy <= 0) return peer;
    const entries = forwardedEntries(forwardedFor);
    if (entries.length === 0) return peer;
    // Fewer entries than proxies: every one of them was written by a proxy of ours
    // (the request skipped the outer ones), and the left-most is the furthest seen.
    return entries[Math.max(0, entries.length - trustProxy)] ?? peer;
  }
  const trusted = new Set(trustProxy.map(normaliseAddress));
  // Only a request that came through one of the proxies carries their header.
  if (!trusted.has(peer)) return peer;
  const entries = forwardedEntries(forwardedFor);
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry !== undefined && !trusted.has(entry)) return entry;
  }
  // Only proxies of ours on the way: the furthest is as near the client as is known.
  return entries[0] ?? peer;
}

export function clientAddress(c: Context): string {
  // The embeds' outer app sets no options: nothing trusted there, the socket's address.
  const options = (c as Context<AppEnv>).get('options') as Required<AppOptions> | undefined;
  return addressOf(
    c.req.header('X-Forwarded-For'),
    (c as Context<AppEnv>).env?.incoming?.socket.remoteAddress,
    options?.trustProxy ?? 0,
  );
}
