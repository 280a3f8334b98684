import { vi } from 'vitest';
import type { FrameEvent, Tokenized, VaultFrame } from '../payments/vaultFrame';

export const TEST_CARD = { token: 'tok_4242', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } as const;

/** The vault's frame as the form sees it: each Pay's answer in turn (the last one kept), and what the form asked of it. */
export function testFrame(...answers: Tokenized[]) {
  const queue: Tokenized[] = answers.length > 0 ? answers : [{ kind: 'token', card: TEST_CARD }];
  const listeners = new Set<(event: FrameEvent) => void>();
  const frame = {
    origin: 'https://vault.test',
    attach: vi.fn<VaultFrame['attach']>(),
    style: vi.fn<VaultFrame['style']>(),
    subscribe: (listener: (event: FrameEvent) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tokenize: vi.fn<VaultFrame['tokenize']>(async () => (queue.length > 1 ? queue.shift()! : queue[0]!)),
    focus: vi.fn<VaultFrame['focus']>(),
    clear: vi.fn<VaultFrame['clear']>(),
    check: vi.fn<VaultFrame['check']>(),
    busy: vi.fn<VaultFrame['busy']>(),
    decline: vi.fn<VaultFrame['decline']>(),
  } satisfies VaultFrame;
  return { frame, emit: (event: FrameEvent) => listeners.forEach((listener) => listener(event)) };
}
