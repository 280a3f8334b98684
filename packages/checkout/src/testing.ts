// The loader's test doubles, for the React package's tests (`@pasarela/checkout/testing`, a name
// the test and type-check configurations give; not published).
export { fakeWidget, paymentResult, type FakeWidget } from './fakeWidget';
export { openCheckout } from './open';
