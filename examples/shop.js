// The demo shop's own page logic: cart, prices and language. Nothing here is part of the Pasarela
// integration; that is order-link.js and the short <script> at the end of index.html and esm.html.
(function () {
  'use strict';

  /** Panama's sales tax (ITBMS), 7 %. */
  var TAX_RATE = 0.07;

  var PRODUCTS = [
    { id: 'geisha', unitCents: 2400, quantity: 1 },
    { id: 'cacao', unitCents: 650, quantity: 2 },
  ];

  var TEXT = {
    es: {
      title: 'Tostadores del Casco · Tienda de demostración',
      tagline: 'Café de especialidad · Casco Viejo, Ciudad de Panamá',
      langToggle: 'English',
      cartTitle: 'Tu pedido',
      cartNote: 'Envío gratis dentro de la Ciudad de Panamá.',
      geishaName: 'Café Geisha de Boquete',
      geishaDesc: 'Grano entero, tueste medio · 340\u00a0g',
      cacaoName: 'Chocolate 70\u00a0% de Bocas del Toro',
      cacaoDesc: 'Cacao fino de aroma · tableta de 80\u00a0g',
      each: 'c/u',
      less: 'Quitar uno',
      more: 'Agregar uno',
      summaryTitle: 'Resumen',
      subtotal: 'Subtotal',
      tax: 'ITBMS (7\u00a0%)',
      total: 'Total',
      pay: 'Pagar con Pasarela',
      cancel: 'Cancelar el pago',
      testCard: 'Modo de prueba: usa la tarjeta',
      testInputs: 'Datos de prueba de cada método',
      testNequi: 'Nequi (celular)',
      testYappy: 'Yappy (celular)',
      approves: 'aprueba',
      declines: 'rechaza',
      noAnswer: 'no responde',
      testOthers: 'Nequi QR, efectivo, cripto',
      testOthersHow: 'Se liquidan con la API de administración del sandbox (docs/sandbox.md).',
      testClave: 'La página del banco de prueba tiene Aprobar y Rechazar.',
      pending: 'Pago pendiente',
      method: 'Método',
      resultsTitle: 'Lo que recibe esta página',
      noResults: 'Aún no hay intentos de pago.',
      approved: 'Pago aprobado',
      declined: 'Pago no aprobado',
      unknown: 'Resultado desconocido: el servidor de la tienda lo busca por trackId',
      oper: 'Oper',
      totalPaid: 'TotalPagado',
      reason: 'Razón',
      opening: 'Abriendo el checkout…',
      open: 'Checkout abierto.',
      paid: 'Pago aprobado. Operación',
      pendingState: 'Pago pendiente: la tienda lo confirmará cuando se acredite. Operación',
      closed: 'Checkout cerrado.',
      closedPaid: 'Checkout cerrado. Pago aprobado, operación',
      closedPending: 'Checkout cerrado. Pago pendiente, operación',
      failed: 'No se pudo iniciar el pago:',
      checkoutError: 'El checkout informó un error:',
      orderPaid: 'Este pedido ya está pagado. No hay nada más que pagar.',
      order: 'Pedido en Tostadores del Casco',
      footer: 'Tienda ficticia para probar Pasarela en el sandbox. No se cobra nada.',
    },
    en: {
      title: 'Tostadores del Casco · Demo shop',
      tagline: 'Specialty coffee · Casco Viejo, Panama City',
      langToggle: 'Español',
      cartTitle: 'Your order',
      cartNote: 'Free delivery within Panama City.',
      geishaName: 'Boquete Geisha coffee',
      geishaDesc: 'Whole bean, medium roast · 340\u00a0g',
      cacaoName: 'Bocas del Toro 70\u00a0% chocolate',
      cacaoDesc: 'Fine flavour cacao · 80\u00a0g bar',
      each: 'each',
      less: 'Remove one',
      more: 'Add one',
      summaryTitle: 'Summary',
      subtotal: 'Subtotal',
      tax: 'ITBMS sales tax (7\u00a0%)',
      total: 'Total',
      pay: 'Pay with Pasarela',
      cancel: 'Cancel payment',
      testCard: 'Test mode: use the card',
      testInputs: 'Test inputs for each method',
      testNequi: 'Nequi (phone)',
      testYappy: 'Yappy (phone)',
      approves: 'approves',
      declines: 'declines',
      noAnswer: 'never answers',
      testOthers: 'Nequi QR, cash, crypto',
      testOthersHow: "Settled through the sandbox's admin API (docs/sandbox.md).",
      testClave: "The test bank's page has Approve and Fail.",
      pending: 'Payment pending',
      method: 'Method',
      resultsTitle: 'What this page receives',
      noResults: 'No payment attempts yet.',
      approved: 'Payment approved',
      declined: 'Payment not approved',
      unknown: 'Outcome unknown: the shop\'s server looks it up by trackId',
      oper: 'Oper',
      totalPaid: 'TotalPagado',
      reason: 'Reason',
      opening: 'Opening the checkout…',
      open: 'Checkout open.',
      paid: 'Payment approved. Operation',
      pendingState: 'Payment pending: the shop confirms it once it is credited. Operation',
      closed: 'Checkout closed.',
      closedPaid: 'Checkout closed. Payment approved, operation',
      closedPending: 'Checkout closed. Payment pending, operation',
      failed: 'Could not start the payment:',
      checkoutError: 'The checkout reported an error:',
      orderPaid: 'This order is already paid. There is nothing more to pay.',
      order: 'Order at Tostadores del Casco',
      footer: 'A fictional shop for trying Pasarela against the sandbox. Nothing is charged.',
    },
  };

  var lang = 'es';
  var state = { name: 'idle', detail: '' };
  var settledAs = '';
  var attempts = [];
  /** Paid, as the shop's server says: the page offers no payment. */
  var orderPaid = false;

  function t(key) {
    return TEXT[lang][key];
  }

  function money(cents) {
    return '$' + (cents / 100).toFixed(2);
  }

  function totals() {
    var subtotal = 0;
    PRODUCTS.forEach(function (p) {
      subtotal += p.unitCents * p.quantity;
    });
    var tax = Math.round(subtotal * TAX_RATE);
    return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
  }

  function setText(selector, text) {
    var element = document.querySelector(selector);
    if (element) element.textContent = text;
  }

  function renderAttempts() {
    var box = document.getElementById('result');
    box.replaceChildren();
    if (attempts.length === 0) {
      var empty = document.createElement('p');
      empty.className = 'empty';
      empty.textContent = t('noResults');
      box.append(empty);
      return;
    }
    // newest first; every value is set as text, never as HTML
    attempts
      .slice()
      .reverse()
      .forEach(function (result) {
        var n = result.notification || {};
        var row = document.createElement('div');
        row.className = 'attempt';
        row.dataset.status = result.status;
        row.dataset.method = String(result.method);
        row.dataset.estado = String(n.Estado || '');
        var title = document.createElement('strong');
        var unknown = result.status === 'unknown';
        title.textContent = unknown ? t('unknown') : result.status !== 'success' ? t('declined') : n.Estado === 'PENDING' ? t('pending') : t('approved');
        var oper = document.createElement('span');
        // An unknown outcome (the checkout closed before its answer) carries what the merchant API finds it by.
        oper.textContent = unknown
          ? t('method') + ': ' + String(result.method) + ' · linkCode: ' + String(result.lookup.linkCode) + ' · trackId: ' + String(result.lookup.trackId)
          : t('method') + ': ' + String(result.method) + ' · ' + t('oper') + ': ' + String(n.Oper || '—') + ' · ' + t('totalPaid') + ': ' + String(n.TotalPagado || '—');
        row.append(title, oper);
        // The reason in the payer's words (result.reason.text), never the raw key Razon carries.
        var reasonText = result.reason && result.reason.text ? result.reason.text : '';
        if (reasonText) {
          var reason = document.createElement('span');
          reason.textContent = t('reason') + ': ' + String(reasonText);
          reason.dataset.key = String((result.reason && result.reason.key) || n.Razon || '');
          row.append(reason);
        }
        box.append(row);
      });
  }

  function renderState() {
    var element = document.getElementById('checkout-state');
    element.dataset.state = state.name;
    var text = { idle: '', opening: t('opening'), open: t('open'), closed: t('closed'), error: t('checkoutError') };
    if (state.name === 'paid') text.paid = t('paid') + ' ' + state.detail;
    if (state.name === 'pending') text.pending = t('pendingState') + ' ' + state.detail;
    if (state.name === 'closed' && state.detail) text.closed = t(settledAs === 'pending' ? 'closedPending' : 'closedPaid') + ' ' + state.detail;
    if (state.name === 'failed') text.failed = t('failed') + ' ' + state.detail;
    if (state.name === 'error') text.error = t('checkoutError') + ' ' + state.detail;
    if (orderPaid && (state.name === 'idle' || state.name === 'closed')) text[state.name] = t('orderPaid');
    element.textContent = text[state.name] || '';
    var pay = document.getElementById('pay-button');
    pay.setAttribute('aria-busy', String(state.name === 'opening'));
    pay.hidden = orderPaid;
    document.querySelectorAll('[data-step]').forEach(function (button) {
      button.hidden = orderPaid;
    });
  }

  function render() {
    document.documentElement.lang = lang;
    document.title = t('title');
    document.querySelectorAll('[data-i18n]').forEach(function (element) {
      element.textContent = t(element.getAttribute('data-i18n'));
    });
    var toggle = document.getElementById('lang-toggle');
    toggle.lang = lang === 'es' ? 'en' : 'es';
    PRODUCTS.forEach(function (p) {
      var item = document.querySelector('[data-product="' + p.id + '"]');
      item.querySelector('output').textContent = String(p.quantity);
      item.querySelector('.unit').textContent = money(p.unitCents) + ' ' + t('each');
      item.querySelector('.line-total').textContent = money(p.unitCents * p.quantity);
      item.querySelector('[data-step="-1"]').setAttribute('aria-label', t('less') + ': ' + t(p.id + 'Name'));
      item.querySelector('[data-step="1"]').setAttribute('aria-label', t('more') + ': ' + t(p.id + 'Name'));
    });
    var sums = totals();
    setText('#subtotal', money(sums.subtotalCents));
    setText('#tax', money(sums.taxCents));
    setText('#total', money(sums.totalCents));
    renderAttempts();
    renderState();
  }

  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target.closest('button') : null;
    if (!target) return;
    if (target.id === 'lang-toggle') {
      lang = lang === 'es' ? 'en' : 'es';
      render();
      return;
    }
    var step = Number(target.getAttribute('data-step'));
    if (step && !orderPaid) {
      var id = target.closest('[data-product]').getAttribute('data-product');
      PRODUCTS.forEach(function (p) {
        if (p.id === id) p.quantity = Math.min(9, Math.max(1, p.quantity + step));
      });
      render();
    }
  });

  // The order as the shop's server keeps it (order-link.js): its cart is drawn here in any browser.
  window.addEventListener('shop:order', function (event) {
    var order = event.detail || {};
    var items = order.cart && typeof order.cart.items === 'string' ? order.cart.items : '';
    items.split(', ').forEach(function (item) {
      var match = /^([a-z]+) x(\d)$/.exec(item);
      PRODUCTS.forEach(function (p) {
        if (match && p.id === match[1]) p.quantity = Number(match[2]);
      });
    });
    if (order.state === 'paid') orderPaid = true;
    render();
  });

  window.demoShop = {
    /** The page language, passed to Checkout.open() so the checkout matches the shop. */
    get lang() {
      return lang;
    },
    /** The order as the payment-link API wants it (amounts in dollars, tax apart), and its items. */
    order: function () {
      var sums = totals();
      return {
        amount: sums.subtotalCents / 100,
        taxAmount: sums.taxCents / 100,
        // the shop's default language, and each language its payers may read, so each reads theirs
        description: TEXT.es.order,
        descriptions: { es: TEXT.es.order, en: TEXT.en.order },
        // what is in the cart: the same total from other items is another order
        items: PRODUCTS.map(function (p) {
          return p.id + ' x' + p.quantity;
        }).join(', '),
      };
    },
    /** Shows one finished payment attempt; #result's data-status is the latest status. */
    showResult: function (result) {
      attempts.push(result);
      var box = document.getElementById('result');
      box.dataset.status = result.status;
      box.dataset.method = String(result.method);
      box.dataset.estado = String((result.notification || {}).Estado || '');
      box.dataset.razon = String((result.notification || {}).Razon || '');
      renderAttempts();
    },
    /** idle | opening | open | paid | pending | closed | failed | error, with an optional detail text. */
    setState: function (name, detail) {
      // a pending payment is not a paid one: the closing line says which it was
      if (name === 'paid' || name === 'pending') settledAs = name;
      if (name === 'opening') settledAs = '';
      state = { name: name, detail: detail ? String(detail) : '' };
      renderState();
    },
  };

  render();
})();
