import * as v from 'valibot';
import { PaymentError } from '../errors/PaymentError';

const CODE = /^[a-z_]+$/;

/**
 * The invalid-input error naming the field of the first issue. Core's schemas put the SPEC code in the issue
 * message (invalid_card, missing_arguments...); the admin schemas put a sentence there.
 */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): PaymentError {
  const issue = issues[0];
  const field = issue?.path?.map((p) => String(p.key)).join('.') || 'body';
  const missing = issue?.input === undefined;
  // A strict schema's unknown key, when the schema has no words of its own for it (valibot's "Invalid key: ..."): named.
  if (issue?.type === 'strict_object' && issue.expected === 'never' && issue.message.startsWith('Invalid key')) {
    return new PaymentError('invalid', 'invalid_arguments', `${field} is not a field this call takes`);
  }
  if (issue && CODE.test(issue.message)) {
    return new PaymentError('invalid', issue.message, `${field} ${missing ? 'is required' : 'is not valid'}`);
  }
  return new PaymentError('invalid', missing ? 'missing_arguments' : 'invalid_arguments', issue?.message ?? `${field} is not valid`);
}

/** Parses input with a schema or throws its invalid-input error (a 400 on the wire). */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}
