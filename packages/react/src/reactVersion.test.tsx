import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, inject, it } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which React major the project runs these tests on (vitest.config.ts: react, react18). */
    reactMajor: string;
  }
}

describe('the React under test', () => {
  it('is the major this project names, with a react-dom of the same version', () => {
    expect(version.split('.')[0]).toBe(inject('reactMajor'));
    expect(domVersion).toBe(version);
  });
});
