import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { VAULT_NOT_STARTED_HEADER } from '@pasarela/core';
import type { CardStore, OpenedCard } from './cardStore';
import { readableEncodings, UnreadableAnswer, withoutCard, type ForwardedCard } from './cardInAnswer';
import { bodyKindOf, cvcNamesIn, fillIn, wantedIn, type CardPart } from './placeholders';

/** Not sent on: the hop's own, the vault's secret, and the length (the body changes). */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'vault-authorization', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-connection']);
/**
 * Not answered back: the hop's own, and `Vault-Not-Started`, the vault's own word that it did nothing
 * for a call (startVault.ts), which the server takes as leave to send it again: a processor's would
 * have a call that reached it sent twice.
 */
const NOT_ANSWERED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', VAULT_NOT_STARTED_HEADER]);

/** This machine itself: 127.0.0.0/8 and ::1, an IPv4-mapped 127.x too (BlockList matches it against the IPv4 rule). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `new URL` has already written the host one way: an IPv4 address in dotted decimal, an IPv6 one in brackets, a name in lower case. */
function isLoopback(url: URL): boolean {
  if (url.hostname === 'localhost') return true;
  const address = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A processor's base URL, whether read from the settings or given by code: the card's number and CVC
 * go to it, so over TLS, or in clear only to a processor on this machine (the simulator `npm start`
 * runs beside it). Throws naming `setting`.
 */
export function checkProcessorUrl(setting: string, url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${setting} must be an http(s) URL such as https://api.stripe.com`);
  if (url.protocol === 'http:' && !isLoopback(url)) {
    throw new Error(`${setting} must be an https URL: card numbers would cross the network in clear to http://${url.host} (plain http is taken only to a loopback address, 127.0.0.1, ::1 or localhost)`);
  }
}

export class ForwardRefused extends Error {
  constructor(readonly status: 400 | 409, readonly code: 'unknown_token' | 'cvc_unavailable' | 'several_cards', message: string) {
    super(message);
  }
}

export interface ForwardCall {
  method: string;
  /** The processor's base URL joined with the path after it and the query. */
  target: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** How long the processor may send nothing (PROCESSOR_SILENCE_MS unless given). */
  silenceMs?: number;
  /** The card the body carries: masked in the answer, which is asked for only in encodings the vault reads. */
  card?: ForwardedCard | null;
  /** An answer that could not be read for the card (sent back cut off): why. */
  onUnreadable?: (why: string) => void;
}

/**
 * How long a forward waits on a processor that sends nothing, before its answer or within it: three
 * times a server's own wait for a card call (10 s), past which nobody reads the answer. Without it, a
 * processor (or its balancer) that takes the connection and never answers held each call's socket
 * for good, until the vault had none left for anyone's cards.
 */
const PROCESSOR_SILENCE_MS = 30_000;

/**
 * The body with the card put in, and that card's number and CVC as sent (for its answer to be masked):
 * null when the body carries no card. A CVC asked for is read while held (its drop comes with the
 * authorization's outcome).
 */
export async function cardFilledBody(store: CardStore, body: Buffer, contentType: string | undefined): Promise<{ body: Buffer; card: ForwardedCard | null }> {
  const kind = bodyKindOf(contentType);
  if (!kind || body.length === 0) return { body, card: null };
  const text = body.toString('utf8');
  const wanted = wantedIn(text, kind);
  if (wanted.length === 0) return { body, card: null };
  // A card call carries one card. A second token's placeholder can only have come in with text the
  // caller did not write (a shop's name, a description), so the call is refused rather than have
  // that card's number or CVC go to the processor, or onto a page it draws, in that text's place.
  const tokens = new Set(wanted.map((w) => w.token));
  if (tokens.size > 1) throw new ForwardRefused(400, 'several_cards', `A forwarded call fills in one card; this one names ${tokens.size} tokens`);
  const cards = new Map<string, OpenedCard>();
  const withCvc = new Set(wanted.filter((w) => w.part === 'cvc').map((w) => w.token));
  for (const token of tokens) {
    const card = await store.open(token, { cvc: withCvc.has(token) });
    if (!card) throw new ForwardRefused(400, 'unknown_token', `No card is stored under ${token}`);
    cards.set(token, card);
  }
  const cvcs = new Map<string, string>();
  for (const token of withCvc) {
    const cvc = cards.get(token)?.cvc ?? null;
    if (cvc === null) throw new ForwardRefused(409, 'cvc_unavailable', `The CVC of ${token} was dropped after its authorization, or its time ran out`);
    cvcs.set(token, cvc);
  }
  const valueOf = (token: string, part: CardPart): string => {
    const card = cards.get(token)!;
    switch (part) {
      case 'number':
        return card.number;
      case 'exp_month':
        return String(card.expMonth).padStart(2, '0');
      case 'exp_year':
        return String(card.expYear);
      case 'cvc':
        return cvcs.get(token)!;
      case 'holder':
        return card.holder ?? '';
    }
  };
  const [token] = tokens;
  const card = cards.get(token!)!;
  return { body: Buffer.from(fillIn(text, kind, valueOf), 'utf8'), card: { number: card.number, cvc: cvcs.get(token!) ?? null, cvcNames: cvcNamesIn(text) } };
}

/**
 * The processor's answer as it came (status, headers, bytes still encoded; only the card the call
 * carried masked, cardInAnswer.ts), sent back once it is all in: a card call's answer is a few
 * kilobytes, and a whole body goes back without a web stream in between (streamed through one, a forward took about a tenth more of the vault's CPU: `npm run
 * bench:vault`). An answer cut off after its headers reached the vault goes back cut off too, as a
 * dropped answer: the call reached the processor. A kept-alive connection the processor closed as the
 * call went out is the one failure sent again, once, on a new connection: the processor closed it
 * idle, so it never read the call (Node's documented case, `request.reusedSocket`).
 */
export function sendOn(call: ForwardCall, again = true): Promise<Response> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(call.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
  headers['content-length'] = String(call.body.length);
  if (call.card && typeof headers['accept-encoding'] === 'string') headers['accept-encoding'] = readableEncodings(headers['accept-encoding']);
  const send = call.target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let answering: IncomingMessage | undefined;
    const outgoing = send(call.target, { method: call.method, headers }, (answer: IncomingMessage) => {
      answering = answer;
      const answered = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || NOT_ANSWERED.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) answered.append(name, one);
      }
      const status = answer.statusCode ?? 502;
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      const cutOff = () => new Response(new ReadableStream({ start: (controller) => controller.error(new Error('The processor\'s answer was cut off')) }), { status, headers: answered });
      answer.once('end', () => {
        const empty = status === 204 || status === 304 || call.method === 'HEAD';
        let body = empty ? null : Buffer.concat(chunks);
        // The card the vault put in never goes back to the caller, whatever the processor repeats of it.
        // An answer it cannot read for the card goes back as one dropped: the call reached the processor.
        if (call.card) {
          try {
            body = withoutCard(call.card, answered, body);
          } catch (error) {
            call.onUnreadable?.(error instanceof UnreadableAnswer ? error.message : `with a body that could not be read for the card (${(error as Error).message})`);
            resolve(cutOff());
            return;
          }
        }
        resolve(new Response(body, { status, headers: answered }));
      });
      answer.once('close', () => {
        if (!answer.complete) resolve(cutOff());
      });
    });
    // Silent before any answer: a 502 processor_unreachable (the call may have reached it). Silent
    // within its answer: the answer goes back cut off, as any answer dropped after its headers.
    outgoing.setTimeout(call.silenceMs ?? PROCESSOR_SILENCE_MS, () => {
      if (answering) answering.destroy();
      else outgoing.destroy(Object.assign(new Error('The processor sent nothing in time'), { code: 'ETIMEDOUT' }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (again && outgoing.reusedSocket && error.code === 'ECONNRESET') resolve(sendOn(call, false));
      else reject(error);
    });
    outgoing.end(call.body);
  });
}
