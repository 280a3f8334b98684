import type { Database } from '../db/Database';
import { listenToChannel, schemaChannel, type ChannelEvents } from './channelEvents';

/**
 * What migration 012's triggers NOTIFY, on any node: a payment link changed or went (its code), or
 * a merchant's data, services or campaigns changed ('*': any link's page may show them).
 */
export type FirstScreenChange = { link: string } | { all: true };

export type FirstScreenChanges = ChannelEvents<FirstScreenChange>;

function parseChange(payload: string): FirstScreenChange | undefined {
  if (payload === '*') return { all: true };
  return payload === '' ? undefined : { link: payload };
}

/** The changes of every node to what a checkout's first screen shows (routes/pagesAhead.ts). */
export async function listenToFirstScreenChanges(db: Database): Promise<FirstScreenChanges> {
  return listenToChannel(db, await schemaChannel(db, 'pasarela_screen_'), parseChange);
}
