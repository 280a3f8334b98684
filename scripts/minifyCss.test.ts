import { describe, expect, it } from 'vitest';
import { minifyCss } from './rollup-widget-html.mjs';

describe('the widget stylesheet minified: the same rules, fewer bytes', () => {
  it.each([
    ['comments and spaces around braces, colons and semicolons go', '/* a */ .a { color : red ; }', '.a{color :red}'],
    ['a declaration as written', '.a {\n  margin: 0 auto;\n}', '.a{margin:0 auto}'],
    ['a pseudo-class on the element itself', '.form:focus-within { outline: 0; }', '.form:focus-within{outline:0}'],
    ['a descendant pseudo-class keeps its combinator', '.card-form :not(.button--pay) { scroll-margin: 0; }', '.card-form :not(.button--pay){scroll-margin:0}'],
    ['a media query', '@media (prefers-reduced-motion: reduce) { .a { animation: none; } }', '@media (prefers-reduced-motion:reduce){.a{animation:none}}'],
  ])('%s', (_case, css, minified) => {
    expect(minifyCss(css)).toBe(minified);
  });
});
