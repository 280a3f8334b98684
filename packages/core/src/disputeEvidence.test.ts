import { expect, it } from 'vitest';
import { evidenceInTime } from './disputeEvidence';

// PRODUCT.md: a dispute "`needs_response` (answer by `evidenceDueBy`)"; `evidenceDueBy` is "the last
// moment to send evidence".
const dueBy = new Date('2026-12-14T15:00:00.000Z');

it.each<[string, Date | null, string, boolean]>([
  ['a week before the deadline', dueBy, '2026-12-07T15:00:00.000Z', true],
  ['a millisecond before', dueBy, '2026-12-14T14:59:59.999Z', true],
  ['at the last moment itself', dueBy, '2026-12-14T15:00:00.000Z', true],
  ['a millisecond after', dueBy, '2026-12-14T15:00:00.001Z', false],
  ['a day after', dueBy, '2026-12-15T15:00:00.000Z', false],
  ['no deadline given by the processor', null, '2030-01-01T00:00:00.000Z', true],
])('%s', (_case, due, at, inTime) => {
  expect(evidenceInTime(due, new Date(at))).toBe(inTime);
});
