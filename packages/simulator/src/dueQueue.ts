interface Due {
  at: number;
  key: string;
}

/**
 * Keys by the moment they fall due, earliest first (a binary heap): the tick looks at what is due
 * and never at the rest. A key may be queued again with a new moment; the caller tells the stale
 * one by comparing it with the entry's own.
 */
export function dueQueue() {
  const heap: Due[] = [];
  const before = (a: number, b: number) => heap[a]!.at < heap[b]!.at;
  const swap = (a: number, b: number) => {
    [heap[a], heap[b]] = [heap[b]!, heap[a]!];
  };
  return {
    push(at: number, key: string) {
      heap.push({ at, key });
      for (let i = heap.length - 1; i > 0 && before(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    },
    /** The earliest key due at `now`, taken out of the queue. */
    popDue(now: number): Due | undefined {
      const top = heap[0];
      if (!top || top.at > now) return undefined;
      const last = heap.pop()!;
      if (heap.length > 0) {
        heap[0] = last;
        for (let i = 0; ;) {
          const left = 2 * i + 1;
          const right = left + 1;
          let least = i;
          if (left < heap.length && before(left, least)) least = left;
          if (right < heap.length && before(right, least)) least = right;
          if (least === i) break;
          swap(i, least);
          i = least;
        }
      }
      return top;
    },
    keys: () => heap.map((due) => due.key),
  };
}
