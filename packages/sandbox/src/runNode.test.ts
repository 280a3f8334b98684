import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNode, type NodeProcess } from './runNode';

// docs/operations.md "Logs": `node` is on every line the node logs, its start and its stop included,
// and a collector keeps the lines that start with `{` (LOG_FORMAT=json). A start the node refuses is
// its last line, at fatal, and the process exits 1.

const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-refused-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function refusedStart(env: Record<string, string>, isTerminal = false): Promise<{ lines: string[]; exitCode: number | undefined }> {
  const written: string[] = [];
  let exitCode: number | undefined;
  const io: NodeProcess = {
    env: { DATA_DIR: dataDir, PORT: '0', ...env }, isTerminal,
    out: { write: (text: string) => written.push(text) },
    exit: (code) => { exitCode = code; },
  };
  await startNode({}, io);
  return { lines: written.join('').split('\n').filter((line) => line.trim() !== ''), exitCode };
}

describe('a node that refuses to start', () => {
  it('with LOG_FORMAT=json, says why in one JSON line of its log (level, time, node, msg) and exits 1', async () => {
    // Refused once its log is made: a setting read after the others.
    const { lines, exitCode } = await refusedStart({ LOG_FORMAT: 'json', NODE_NAME: 'web-1', RECORD_SHARED_SETTINGS: 'maybe' });
    expect(exitCode).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith('{')).toBe(true);
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 60, node: 'web-1', msg: 'RECORD_SHARED_SETTINGS must be 1 or 0' });
    expect(new Date(String(entry['time'])).toISOString()).toBe(entry['time']);
  });

  it('refused before its log is made (a setting refused), the line is the same, its node NODE_NAME when it is one, else a session name', async () => {
    const named = await refusedStart({ LOG_FORMAT: 'json', NODE_NAME: 'web-2', PORT: 'eighty' });
    expect(named.exitCode).toBe(1);
    expect(JSON.parse(named.lines[0] ?? '{}')).toMatchObject({ level: 60, node: 'web-2', msg: expect.stringContaining('PORT') });
    const unnamed = await refusedStart({ LOG_FORMAT: 'json', NODE_NAME: 'no spaces allowed' });
    expect(unnamed.exitCode).toBe(1);
    expect(JSON.parse(unnamed.lines[0] ?? '{}')).toMatchObject({ level: 60, node: expect.stringMatching(/^pasarela\//), msg: expect.stringContaining('NODE_NAME must be') });
  });

  it('in a terminal (the default format there), says it in a line a person reads', async () => {
    const { lines, exitCode } = await refusedStart({ NODE_NAME: 'web-3', PROCESSORS_TIMEOUT_MS: 'soon' }, true);
    expect(exitCode).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{2}:\d{2}:\d{2} FATAL PROCESSORS_TIMEOUT_MS must be a whole number from 1000 to 3600000 milliseconds \(a second to an hour\), got "soon"$/);
  });

  // Read with the other settings (settings.ts): `1e3` or `0x10` is a typo refused at start, not 1000 or 16 ms.
  it.each([['1e3'], ['0x10'], [' 5000 '], ['5']])('refuses PROCESSORS_TIMEOUT_MS=%j at start, naming it and its range', async (raw) => {
    const { lines, exitCode } = await refusedStart({ LOG_FORMAT: 'json', NODE_NAME: 'web-4', PROCESSORS_TIMEOUT_MS: raw });
    expect(exitCode).toBe(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 60, node: 'web-4', msg: `PROCESSORS_TIMEOUT_MS must be a whole number from 1000 to 3600000 milliseconds (a second to an hour), got ${JSON.stringify(raw)}` });
  });
});
