import { describe, expect, it } from 'vitest';
import { appearanceParam, appearanceProblem, lengthInPx } from './appearanceSchema';

// PRODUCT.md: "values are validated like every other option (bad: a TypeError before any iframe) and
// never raw CSS"; issue 48: "a colour in hex, rgb or hsl; lengths in px or rem within bounds".
describe('appearanceProblem', () => {
  it.each<[unknown]>([
    [{}],
    [{ theme: 'dark' }],
    [{ theme: 'auto', variables: {} }],
    [{ variables: { colorPrimary: '#6f4e37', colorBackground: '#FFF', colorText: 'rgb(20, 33, 61)', colorDanger: 'hsl(4 76% 40%)' } }],
    [{ variables: { colorPrimary: 'rgb(10 92 194)', colorText: 'hsl(220deg, 50%, 16%)' } }],
    [{ variables: { borderRadius: '0px', spacingUnit: '2px' } }],
    [{ variables: { borderRadius: '1.5rem', spacingUnit: '0.5rem', fontFamily: 'rounded' } }],
    [{ variables: { fontFamily: 'inter' } }],
    [{ variables: { fontFamily: 'lora' } }],
    [{ theme: undefined, variables: { colorPrimary: undefined } }],
    [{ variables: { colorPrimary: 'rgb( 255 , 255 , 0 )', colorText: 'HSL(360, 100%, 0%)', borderRadius: '24px', spacingUnit: '8px' } }],
  ])('takes %j', (value) => {
    expect(appearanceProblem(value)).toBeUndefined();
  });

  it.each<[unknown, string]>([
    [null, 'appearance must be an object, got null'],
    ['dark', 'appearance must be an object, got "dark"'],
    [{ theme: 'dim' }, 'appearance.theme must be one of light, dark, auto, got "dim"'],
    [[], 'appearance must be an object, got []'],
    [{ colors: {} }, 'appearance has no colors: it takes theme, variables'],
    [{ variables: 'x' }, 'appearance.variables must be an object, got "x"'],
    [{ variables: { colorBorder: '#fff' } }, 'appearance.variables has no colorBorder: it takes colorPrimary,'],
    [{ variables: { colorPrimary: 'red' } }, 'appearance.variables.colorPrimary must be a colour in hex (#0a5cc2), rgb() or hsl(), got "red"'],
    [{ variables: { colorPrimary: '#0a5cc280' } }, 'appearance.variables.colorPrimary must be a colour'],
    [{ variables: { colorBackground: 'url(https://evil.example/x.png)' } }, 'appearance.variables.colorBackground must be a colour'],
    [{ variables: { colorText: 'rgb(300, 0, 0)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { colorDanger: '#b42318; background: red' } }, 'appearance.variables.colorDanger must be a colour'],
    [{ variables: { colorPrimary: 10 } }, 'appearance.variables.colorPrimary must be a colour in hex (#0a5cc2), rgb() or hsl(), got 10'],
    [{ variables: { colorText: 'hsl(10, 50, 50)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { colorText: 'rgb(10%, 50, 50)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { colorText: 'hsl(361, 50%, 50%)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { colorText: 'hsl(10, 101%, 50%)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { colorText: 'rgb(1.2.3, 0, 0)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { colorText: 'rgb(0, 0, 0, 0.5)' } }, 'appearance.variables.colorText must be a colour'],
    [{ variables: { borderRadius: '24.5px' } }, 'appearance.variables.borderRadius must be a length from 0px to 24px'],
    [{ variables: { borderRadius: '1.6rem' } }, 'appearance.variables.borderRadius must be a length from 0px to 24px'],
    [{ variables: { borderRadius: 12 } }, 'appearance.variables.borderRadius must be a length from 0px to 24px, in px or rem, got 12'],
    [{ theme: 'dark', variables: { fontFamily: 'system', colorPrimary: '#zzz' } }, 'appearance.variables.colorPrimary must be a colour'],
    [{ variables: { borderRadius: '25px' } }, 'appearance.variables.borderRadius must be a length from 0px to 24px, in px or rem, got "25px"'],
    [{ variables: { borderRadius: '10%' } }, 'appearance.variables.borderRadius must be a length'],
    [{ variables: { spacingUnit: '1px' } }, 'appearance.variables.spacingUnit must be a length from 2px to 8px'],
    [{ variables: { spacingUnit: 'calc(1px + 1px)' } }, 'appearance.variables.spacingUnit must be a length'],
    [{ variables: { fontFamily: 'Comic Sans MS' } }, 'appearance.variables.fontFamily must be one of system, humanist, rounded, serif, inter, lora, got "Comic Sans MS"'],
    [{ variables: { fontFamily: 'https://fonts.example/x.woff2' } }, 'appearance.variables.fontFamily must be one of'],
  ])('refuses %j naming the variable', (value, message) => {
    expect(appearanceProblem(value)).toContain(message);
  });
});

describe('lengthInPx', () => {
  it.each<[string, number | undefined]>([
    ['12px', 12],
    ['0.75rem', 12],
    ['0', undefined],
    ['-2px', undefined],
    ['2em', undefined],
  ])('%s is %s', (text, px) => expect(lengthInPx(text)).toBe(px));
});

// The checkout page's parameter (the widget's theme and the server's page palette read it alike): a
// bad value is no appearance at all, never part of one.
describe('appearanceParam', () => {
  it.each<[string, unknown]>([
    ['', undefined],
    ['appearance=' + encodeURIComponent('{"theme":"dark"}'), { theme: 'dark' }],
    ['appearance=' + encodeURIComponent('{"variables":{"colorPrimary":"red"}}'), undefined],
    ['appearance=' + encodeURIComponent('{"variables":{"colorPrimary":"#0e6e5c;}body{display:none"}}'), undefined],
    ['appearance=%7Bnot-json', undefined],
  ])('%s is %j', (query, appearance) => expect(appearanceParam(new URLSearchParams(query))).toEqual(appearance));
});
