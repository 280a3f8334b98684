import { describe, expect, it } from 'vitest';
import { sameWave } from './sameWave';

describe('sameWave: a lazy chunk with its imports fetched at once', () => {
  it('starts every import before the chunk has arrived, and resolves to the chunk', async () => {
    const started: string[] = [];
    const load = (name: string, ms: number) => {
      started.push(name);
      return new Promise<string>((resolve) => setTimeout(() => resolve(name), ms));
    };
    const chunk = sameWave(load('chunk', 20), load('its import', 5), load('another', 5));
    expect(started).toEqual(['chunk', 'its import', 'another']);
    expect(await chunk).toBe('chunk');
  });

  it('leaves a failed import alongside to the chunk, with no unhandled rejection', async () => {
    await expect(sameWave(Promise.resolve('chunk'), Promise.reject(new Error('offline')))).resolves.toBe('chunk');
    await expect(sameWave(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
