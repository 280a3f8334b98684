import { describe, expect, it } from 'vitest';
import { checkoutTargetOf, mailedCodeOf } from './snippets';

describe('checkoutTargetOf', () => {
  it('a link opens at its slug URL and embeds by data-pasarela-code', () => {
    const target = checkoutTargetOf('http://localhost:4000', { kind: 'link', code: 'LKABC', url: 'http://localhost:4000/lkabc' }, 'es');
    expect(target.url).toBe('http://localhost:4000/lkabc');
    expect(target.snippet).toBe('<script src="http://localhost:4000/sdk/checkout.js"></script>\n<button type="button" data-pasarela-code="LKABC" data-pasarela-lang="es">Pagar</button>');
  });
  it.each([
    [{ kind: 'station' as const, stationId: 'CAJA-2' }, '/pf/widget?type=ps&code=CAJA-2', 'data-pasarela-station-id="CAJA-2"'],
    [{ kind: 'subscription' as const, subscriptionKey: 'SUB12' }, '/pf/widget?type=subs&code=SUB12', 'data-pasarela-subscription-key="SUB12"'],
  ])('%j opens the widget route and embeds by its attribute', (target, path, attribute) => {
    const got = checkoutTargetOf('http://h', target, 'en');
    expect(got.url).toBe(`http://h${path}`);
    expect(got.snippet).toContain(attribute);
    expect(got.snippet).toContain('>Pay</button>');
  });
  it('escapes what goes into an attribute', () => {
    expect(checkoutTargetOf('http://h', { kind: 'station', stationId: 'a"><script>' }, 'es').snippet).toContain('data-pasarela-station-id="a&quot;>&lt;script>"');
  });
});

describe('mailedCodeOf', () => {
  it('finds the six-digit code, or none', () => {
    expect(mailedCodeOf('Tu código es 048213. Vence en 10 minutos.')).toBe('048213');
    expect(mailedCodeOf('Pago de $25.00 aprobado')).toBeNull();
  });
});
