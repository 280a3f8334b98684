import * as v from 'valibot';
import { ApiError } from '../http/ApiError';

const CODE = /^[a-z_]+$/;

/**
 * A 400 naming the field of the first issue. Core's schemas put the SPEC code in the issue
 * message (invalid_card, missing_arguments...); the admin schemas put a sentence there.
 */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const issue = issues[0];
  const field = issue?.path?.map((p) => String(p.key)).join('.') || 'body';
  const missing = issue?.input === undefined;
  if (issue && CODE.test(issue.message)) {
    return new ApiError(400, issue.message, `${field} ${missing ? 'is required' : 'is not valid'}`);
  }
  return new ApiError(400, missing ? 'missing_arguments' : 'invalid_arguments', issue?.message ?? `${field} is not valid`);
}

/** Parses input with a schema or throws the 400. */
export function parseOr400<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw validationError(result.issues);
  return result.output;
}
