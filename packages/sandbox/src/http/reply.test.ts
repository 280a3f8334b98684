import { describe, expect, it } from 'vitest';
import { statusDescription } from './reply';

// SPEC 7: the envelope's header carries the status and its description; SPEC 8 shows the header's
// description when an error has no message of its own, so no status the API answers says only "Error".
describe('the envelope header\'s description', () => {
  it.each([
    [400, 'Bad Request'], [401, 'Unauthorized'], [403, 'Forbidden'], [404, 'Not Found'], [409, 'Conflict'], [410, 'Gone'], [413, 'Payload Too Large'],
    [422, 'Unprocessable Entity'], [429, 'Too Many Requests'], [500, 'Internal Server Error'], [501, 'Not Implemented'], [502, 'Bad Gateway'],
    [503, 'Service Unavailable'], [504, 'Gateway Timeout'],
  ])('%i is %s', (status, description) => {
    expect(statusDescription(status)).toBe(description);
  });
});
