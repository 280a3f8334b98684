/**
 * A sweep that deletes at most `batch` rows a statement (`deleteOnce` answers how many it deleted),
 * statement after statement until one deletes fewer: no transaction holds a whole backlog's locks.
 * Answers the rows deleted in all.
 */
export async function deleteInBatches(deleteOnce: (batch: number) => Promise<number>, batch: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = await deleteOnce(batch);
    deleted += gone;
    if (gone < batch) return deleted;
  }
}
