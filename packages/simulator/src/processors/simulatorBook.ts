/** One operation in a simulated gateway's books: what it was asked under a key and what it decided. */
export interface BookEntry<Request, State> {
  key: string;
  port: string;
  request: Request;
  state: State;
  answerAt: Date | null;
}

/**
 * Where a simulated gateway keeps its books: the simulator service's own store (memoryBooks.ts).
 * One operation per key (a retry, a resend after a crash, answers what was decided then), and moves
 * applied one after the other.
 */
export interface SimulatorBooks {
  /** Writes what a port decided for a new key, or answers what was decided when the key was seen. */
  recordOnce<R, S>(port: string, key: string, request: R, state: S, answerAt?: Date | null): Promise<BookEntry<R, S>>;
  read<R, S>(port: string, key: string): Promise<BookEntry<R, S> | undefined>;
  /** Moves an operation on: `next` sees its state and returns the new one (or undefined to leave it). */
  move<R, S>(port: string, key: string, next: (entry: BookEntry<R, S>) => S | undefined): Promise<{ entry: BookEntry<R, S>; moved: boolean } | undefined>;
  /** Operations whose simulated payer answers now (a test phone): each takes the answer its request kept, once. */
  takeDueAnswers<R, S>(limit: number): Promise<Array<BookEntry<R, S>>>;
}
