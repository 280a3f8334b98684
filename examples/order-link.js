// The page's calls to YOUR SERVER, shared by index.html, esm.html and react.html.
//
// Your server keeps the order (its cart, its amount) and its one payment link, made with your
// merchant credentials; the page only draws the order and receives the link's code. Here that is the
// demo shop's server on this origin: GET /shop/orders/<number> and POST /shop/links. The page's
// address carries the order's number (?order=), so the order opened in any browser (Chrome after an
// in-app browser, another phone) draws the cart the server keeps and is back on the same link and the
// payment waiting there, never a second one; a paid order is shown paid, with nothing to pay again
// (docs/integration.md "One order in every browser").
(function () {
  'use strict';

  /** Tells the page the order as the server keeps it: a 'shop:order' event with { order, state, cart }. */
  function heard(body) {
    var address = new URL(location.href);
    if (body.order && address.searchParams.get('order') !== body.order) {
      address.searchParams.set('order', body.order);
      history.replaceState(history.state, '', address);
    }
    window.dispatchEvent(new CustomEvent('shop:order', { detail: body }));
  }

  /**
   * The code of the order's payment link, for Checkout.open({ code }). The server answers a known
   * order with its own link and cart whatever this page holds; rejects with the server's message,
   * or with code 'order_paid' when the order is already paid. `{ apart: true }`: an order of its own
   * beside the page's (a gift card), which neither takes the page's order number nor becomes it.
   */
  window.orderLink = async function orderLink(order, options) {
    var apart = Boolean(options && options.apart);
    var response = await fetch('/shop/links', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: order.amount, taxAmount: order.taxAmount, description: order.description, descriptions: order.descriptions, items: order.items,
        order: apart ? null : new URL(location.href).searchParams.get('order'),
      }),
    });
    var body = await response.json().catch(function () {
      return {};
    });
    if (response.ok && body.state === 'paid') {
      if (!apart) heard(body);
      throw Object.assign(new Error('This order is already paid'), { code: 'order_paid' });
    }
    if (!response.ok || !body.code) throw new Error(body.message || 'HTTP ' + response.status);
    if (!apart) heard(body);
    return body.code;
  };

  // A known order's page draws the order from the server, not from what this browser holds.
  var known = new URL(location.href).searchParams.get('order');
  if (known) {
    fetch('/shop/orders/' + encodeURIComponent(known))
      .then(function (response) {
        return response.ok ? response.json() : undefined;
      })
      .then(function (body) {
        if (body) heard(body);
      })
      .catch(function () {
        // the shop's server unreachable: the page's own cart, and Pay asks the server again
      });
  }
})();
