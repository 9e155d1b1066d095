// A stand-in for Stripe.js (https://js.stripe.com/endive/stripe.js), served to the browser tests
// by request interception: Stripe's script cannot load offline. It offers what the checkout
// uses (Stripe(), elements() with create/update/submit, confirmPayment) and confirms through
// https://api.stripe.com, which the tests route to the local Stripe stand-in. Its "Payment
// Element" is one labelled card-number field, so a test can type a card that pays or declines.
(() => {
  const API = 'https://api.stripe.com/v1';

  function createPaymentElement(state) {
    const handlers = {};
    let root = null;
    let input = null;
    let message = null;
    const emit = (event, payload) => (handlers[event] ?? []).forEach((handler) => handler(payload));
    return {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.dataset.testid = 'stripe-payment-element';
        const label = document.createElement('label');
        label.textContent = 'Card number';
        label.style.display = 'block';
        input = document.createElement('input');
        input.inputMode = 'numeric';
        input.autocomplete = 'cc-number';
        input.style.display = 'block';
        input.style.border = '1px solid #57534e';
        input.addEventListener('input', () => {
          message.textContent = '';
          emit('change', { elementType: 'payment', complete: input.value.length >= 12 });
        });
        label.append(input);
        message = document.createElement('p');
        message.setAttribute('role', 'alert');
        message.style.color = '#991b1b';
        root.append(label, message);
        host.append(root);
        state.mounted = true;
        setTimeout(() => emit('ready', { elementType: 'payment' }), 30);
      },
      on(event, handler) {
        (handlers[event] ??= []).push(handler);
        return this;
      },
      update() {},
      destroy() {
        root?.remove();
        state.mounted = false;
      },
      cardNumber: () => (input?.value ?? '').replace(/\s+/g, ''),
      showError(text) {
        if (message) message.textContent = text;
      },
    };
  }

  function Stripe(publishableKey) {
    if (!/^pk_(test|live)_/.test(publishableKey)) throw new Error('Invalid publishable key');
    window.__stripeStandIn = { publishableKey, elementsOptions: [], confirmations: 0 };
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(options) {
        const state = { options: { ...options }, mounted: false };
        window.__stripeStandIn.elementsOptions.push({ ...options });
        let element = null;
        return {
          create(type) {
            if (type !== 'payment') throw new Error(`stand-in: no ${type} element`);
            element = createPaymentElement(state);
            return element;
          },
          update(next) {
            Object.assign(state.options, next);
            window.__stripeStandIn.elementsOptions.push({ ...state.options });
          },
          async submit() {
            if (!/^\d{12,19}$/.test(element?.cardNumber() ?? '')) {
              const error = {
                type: 'validation_error',
                message: 'Your card number is incomplete.',
              };
              element?.showError(error.message);
              return { error };
            }
            return {};
          },
          _element: () => element,
        };
      },
      async confirmPayment({ elements, clientSecret, confirmParams }) {
        window.__stripeStandIn.confirmations += 1;
        const id = clientSecret.split('_secret_')[0];
        const body = new URLSearchParams({
          client_secret: clientSecret,
          key: publishableKey,
          return_url: confirmParams.return_url,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': elements._element().cardNumber(),
        });
        const response = await fetch(`${API}/payment_intents/${id}/confirm`, {
          method: 'POST',
          body,
        });
        const answer = await response.json();
        if (answer.error) return { error: answer.error };
        return { paymentIntent: answer };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
