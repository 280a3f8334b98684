import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmitter } from './emitter';

interface Events {
  ping: number;
  pong: string;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createEmitter', () => {
  it('calls every listener of an event with its payload, in order', () => {
    const emitter = createEmitter<Events>();
    const calls: string[] = [];
    emitter.on('ping', (n) => calls.push(`a${n}`));
    emitter.on('ping', (n) => calls.push(`b${n}`));
    emitter.on('pong', (s) => calls.push(s));
    emitter.emit('ping', 1);
    expect(calls).toEqual(['a1', 'b1']);
  });

  it('stops calling a listener once unsubscribed', () => {
    const emitter = createEmitter<Events>();
    const listener = vi.fn();
    const off = emitter.on('ping', listener);
    emitter.emit('ping', 1);
    off();
    off();
    emitter.emit('ping', 2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps going when a listener throws and reports the error asynchronously', () => {
    vi.useFakeTimers();
    const emitter = createEmitter<Events>();
    const after = vi.fn();
    emitter.on('pong', () => {
      throw new Error('merchant bug');
    });
    emitter.on('pong', after);
    emitter.emit('pong', 'x');
    expect(after).toHaveBeenCalledWith('x');
    expect(() => vi.runAllTimers()).toThrow('merchant bug');
  });

  it('lets a listener unsubscribe another during an emit without skipping the current round', () => {
    const emitter = createEmitter<Events>();
    const second = vi.fn();
    let offSecond = () => {};
    emitter.on('ping', () => offSecond());
    offSecond = emitter.on('ping', second);
    emitter.emit('ping', 1);
    emitter.emit('ping', 2);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
