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
      resultsTitle: 'Lo que recibe esta página',
      noResults: 'Aún no hay intentos de pago.',
      approved: 'Pago aprobado',
      declined: 'Pago no aprobado',
      unknown: 'Pago por confirmar',
      unknownHow: 'Puede que se haya cobrado: el servidor de la tienda lo busca en la API con el enlace y el trackId.',
      amount: 'Importe',
      method: 'Método',
      operation: 'Operación',
      when: 'Fecha',
      panamaTime: 'hora de Panamá',
      payer: 'Cliente',
      link: 'Enlace',
      reason: 'Razón',
      methods: { card: 'Tarjeta', nequi: 'Nequi', yappy: 'Yappy', clave: 'Clave', cash: 'Efectivo', crypto: 'Cripto', balance: 'Saldo' },
      rawEvent: 'El evento result tal como llega (JSON)',
      taxIncluded: '(ITBMS incluido)',
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
      resultsTitle: 'What this page receives',
      noResults: 'No payment attempts yet.',
      approved: 'Payment approved',
      declined: 'Payment not approved',
      unknown: 'Payment to confirm',
      unknownHow: "It may have been charged: the shop's server looks it up in the API by its link and trackId.",
      amount: 'Amount',
      method: 'Method',
      operation: 'Operation',
      when: 'Date',
      panamaTime: 'Panama time',
      payer: 'Customer',
      link: 'Link',
      reason: 'Reason',
      methods: { card: 'Card', nequi: 'Nequi', yappy: 'Yappy', clave: 'Clave', cash: 'Cash', crypto: 'Crypto', balance: 'Balance' },
      rawEvent: 'The result event as it arrives (JSON)',
      taxIncluded: '(ITBMS sales tax included)',
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

  // The visitor's language (?lang=en) is carried by every link between the demo's pages.
  var lang = new URL(location.href).searchParams.get('lang') === 'en' ? 'en' : 'es';
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

  /** Card brands as SPEC's Tipo carries them, in the words on the card. */
  var BRANDS = { VISA: 'Visa', MC: 'Mastercard', AMEX: 'American Express' };

  /** The attempt in words: a labelled field for each part of the event a shop owner reads. */
  function attemptFields(result) {
    var fields = [];
    if (result.status === 'unknown') {
      fields.push([t('method'), t('methods')[result.method] || String(result.method)]);
      fields.push([t('link'), String(result.lookup.linkCode)]);
      fields.push(['trackId', String(result.lookup.trackId)]);
      return fields;
    }
    var n = result.notification || {};
    if (n.TotalPagado) fields.push([t('amount'), '$' + String(n.TotalPagado)]);
    // a card's Tipo is its brand; the page never sees the card's number
    if (result.method === 'card') fields.push([t('methods').card, BRANDS[n.Tipo] || String(n.Tipo || '—')]);
    else fields.push([t('method'), t('methods')[result.method] || String(result.method)]);
    if (n.Oper) fields.push([t('operation'), String(n.Oper)]);
    if (n.Fecha) fields.push([t('when'), String(n.Fecha) + ', ' + String(n.Hora || '') + ' ' + t('panamaTime')]);
    if (n.Usuario) fields.push([t('payer'), String(n.Usuario)]);
    return fields;
  }

  function renderAttempts() {
    var box = document.getElementById('result');
    box.replaceChildren();
    renderRawEvent(box);
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
        row.append(title);
        // An unknown outcome (the checkout closed before its answer) carries what the merchant API finds it by.
        if (unknown) {
          var how = document.createElement('p');
          how.textContent = t('unknownHow');
          row.append(how);
        }
        var list = document.createElement('dl');
        attemptFields(result).forEach(function (field) {
          var name = document.createElement('dt');
          var value = document.createElement('dd');
          name.textContent = field[0];
          value.textContent = field[1];
          list.append(name, value);
        });
        // The reason in the payer's words (result.reason.text), never the raw key Razon carries.
        var reasonText = result.reason && result.reason.text ? result.reason.text : '';
        if (reasonText) {
          var reasonName = document.createElement('dt');
          var reason = document.createElement('dd');
          reasonName.textContent = t('reason');
          reason.textContent = String(reasonText);
          reason.dataset.key = String((result.reason && result.reason.key) || n.Razon || '');
          list.append(reasonName, reason);
        }
        row.append(list);
        box.append(row);
      });
  }

  /** The latest event as the page received it, beside the list (#result holds the words only). */
  function renderRawEvent(box) {
    var raw = document.getElementById('raw-event');
    if (!raw) {
      raw = document.createElement('details');
      raw.id = 'raw-event';
      raw.className = 'raw-event';
      raw.append(document.createElement('summary'), document.createElement('pre'));
      box.after(raw);
    }
    var latest = attempts[attempts.length - 1];
    raw.hidden = !latest;
    raw.querySelector('summary').textContent = t('rawEvent');
    raw.querySelector('pre').textContent = latest ? JSON.stringify(latest, null, 2) : '';
  }

  function renderState() {
    var element = document.getElementById('checkout-state');
    var pay = document.getElementById('pay-button');
    // the zero-JS page has no status line of its own
    if (!element) return;
    element.dataset.state = state.name;
    var text = { idle: '', opening: t('opening'), open: t('open'), closed: t('closed'), error: t('checkoutError') };
    if (state.name === 'paid') text.paid = t('paid') + ' ' + state.detail;
    if (state.name === 'pending') text.pending = t('pendingState') + ' ' + state.detail;
    if (state.name === 'closed' && state.detail) text.closed = t(settledAs === 'pending' ? 'closedPending' : 'closedPaid') + ' ' + state.detail;
    if (state.name === 'failed') text.failed = t('failed') + ' ' + state.detail;
    if (state.name === 'error') text.error = t('checkoutError') + ' ' + state.detail;
    if (orderPaid && (state.name === 'idle' || state.name === 'closed')) text[state.name] = t('orderPaid');
    element.textContent = text[state.name] || '';
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
    document.querySelectorAll('a[href]').forEach(function (link) {
      var to = new URL(link.href);
      // the demo's other pages; a link within this page stays as it is
      if (to.origin !== location.origin || to.pathname === location.pathname) return;
      to.searchParams.set('lang', lang);
      link.href = to.href;
    });
    // zero-JS pay buttons open the checkout in the page's language
    document.querySelectorAll('[data-pasarela-lang]').forEach(function (button) {
      button.setAttribute('data-pasarela-lang', lang);
    });
    PRODUCTS.forEach(function (p) {
      var item = document.querySelector('[data-product="' + p.id + '"]');
      if (!item) return;
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
      // a reload, or the address shared, stays in the language chosen
      var address = new URL(location.href);
      address.searchParams.set('lang', lang);
      history.replaceState(history.state, '', address);
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
