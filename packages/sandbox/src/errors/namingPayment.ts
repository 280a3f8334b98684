import { ApiError } from './ApiError';
import { PaymentError } from './PaymentError';

/**
 * A refusal about a payment that exists names it (`codOper` beside the code): a request asked for
 * again under its trackId after a lost answer is refused before its caller ever heard the codOper,
 * and the shop's event of that refusal carries it as `Oper`.
 */
export async function namingPayment<T>(codOper: string, answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof PaymentError) throw new PaymentError(error.kind, error.code, error.detail, { ...error.fields, codOper }, error.dependencyDown);
    if (error instanceof ApiError) throw new ApiError(error.status, error.code, error.detail, error.headers, { ...error.fields, codOper });
    throw error;
  }
}
