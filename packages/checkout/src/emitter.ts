export interface Emitter<M> {
  on<K extends keyof M>(type: K, listener: (payload: M[K]) => void): () => void;
  emit<K extends keyof M>(type: K, payload: M[K]): void;
}

/** A tiny typed event emitter; one throwing listener does not stop the others. */
export function createEmitter<M>(): Emitter<M> {
  const listeners: { [K in keyof M]?: Set<(payload: M[K]) => void> } = {};
  return {
    on(type, listener) {
      const set = (listeners[type] ??= new Set());
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(type, payload) {
      // copy so a listener that unsubscribes (or subscribes) while we loop changes nothing mid-way
      for (const listener of [...(listeners[type] ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          // report it as the page's own uncaught error, with its stack, without stopping the loop
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
  };
}
