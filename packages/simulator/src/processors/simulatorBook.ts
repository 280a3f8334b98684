export interface BookEntry<Request, State> {
  key: string;
  port: string;
  request: Request;
  state: State;
  answerAt: Date | null;
}

/** One operation per key: a retry, or a resend after a crash, answers what was decided then. */
export interface SimulatorBooks {
  recordOnce<R, S>(port: string, key: string, request: R, state: S, answerAt?: Date | null): Promise<BookEntry<R, S>>;
  read<R, S>(port: string, key: string): Promise<BookEntry<R, S> | undefined>;
  move<R, S>(port: string, key: string, next: (entry: BookEntry<R, S>) => S | undefined): Promise<{ entry: BookEntry<R, S>; moved: boolean } | undefined>;
  takeDueAnswers<R, S>(limit: number): Promise<Array<BookEntry<R, S>>>;
}
