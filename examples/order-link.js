// The page's one call to YOUR SERVER, shared by index.html and esm.html.
//
// Your server finds or creates the order's payment link with your merchant credentials and hands
// the page only its code: here the demo shop's server (POST /shop/links on this origin). It keeps
// its orders, one link per order while it is unpaid; the page's address carries the order's number
// (?order=), so the order opened in any browser (Chrome after an in-app browser, another phone) is
// back on its link and on the payment waiting there, never a second one (docs/integration.md "One
// link per order").
(function () {
  'use strict';

  /** The code of the order's payment link, for Checkout.open({ code }); rejects with the server's message. */
  window.orderLink = async function orderLink(order) {
    var address = new URL(location.href);
    var response = await fetch('/shop/links', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: order.amount, taxAmount: order.taxAmount, description: order.description, descriptions: order.descriptions,
        order: address.searchParams.get('order'),
      }),
    });
    var body = await response.json().catch(function () {
      return {};
    });
    if (!response.ok || !body.code) throw new Error(body.message || 'HTTP ' + response.status);
    if (body.order && address.searchParams.get('order') !== body.order) {
      address.searchParams.set('order', body.order);
      history.replaceState(history.state, '', address);
    }
    return body.code;
  };
})();
