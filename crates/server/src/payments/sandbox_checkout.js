// Drape's payment sandbox: Razorpay's Custom Checkout API (new Razorpay({key}), .on('payment.success'),
// .on('payment.error'), .createPayment(data)) against the sandbox gateway. Served only when
// DRAPE_PAYMENTS=sandbox. Its bank, OTP and UPI pages stand in for the ones the provider shows.
(function () {
  var script = document.currentScript;
  var base = script ? script.src.replace(/\/v1\/checkout\.js.*$/, '') : '/sandbox/razorpay';

  function post(path, body) {
    return fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    }).then(function (res) {
      return res.json().then(function (json) {
        return { ok: res.ok, json: json };
      });
    });
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'style') e.style.cssText = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return e;
  }

  var button =
    'display:block;width:100%;margin-top:10px;padding:12px;border-radius:8px;border:0;font:600 15px system-ui;cursor:pointer;';

  // One page of the provider's at a time, over the shop's page.
  function page(title, lines, actions, input) {
    var old = document.getElementById('rzp-sandbox');
    if (old) old.remove();
    var card = el('div', {
      style: 'background:#fff;border-radius:12px;padding:20px;width:min(360px,92vw);font:15px system-ui;color:#222;box-shadow:0 8px 30px rgba(0,0,0,.3)',
    });
    card.appendChild(el('div', { style: 'font:600 12px system-ui;color:#3366cc;letter-spacing:.08em' }, ['RAZORPAY SANDBOX']));
    card.appendChild(el('h2', { style: 'font:600 18px system-ui;margin:8px 0' }, [title]));
    lines.forEach(function (l) {
      card.appendChild(el('p', { style: 'margin:6px 0;color:#555' }, [l]));
    });
    var field = null;
    if (input) {
      field = el('input', {
        id: 'rzp-sandbox-otp',
        inputmode: 'numeric',
        maxlength: '6',
        placeholder: input,
        'aria-label': input,
        style: 'width:100%;box-sizing:border-box;padding:12px;font:18px system-ui;letter-spacing:.3em;border:1px solid #bbb;border-radius:8px;margin-top:8px',
      });
      card.appendChild(field);
    }
    actions.forEach(function (a) {
      var b = el('button', { type: 'button', 'data-action': a.action, style: button + a.style }, [a.label]);
      b.addEventListener('click', function () {
        b.disabled = true;
        a.run(field ? field.value : '');
      });
      card.appendChild(b);
    });
    var overlay = el(
      'div',
      {
        id: 'rzp-sandbox',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-label': title,
        style: 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center',
      },
      [card],
    );
    document.body.appendChild(overlay);
  }

  function close() {
    var old = document.getElementById('rzp-sandbox');
    if (old) old.remove();
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.handlers = {};
  }

  Razorpay.prototype.on = function (event, fn) {
    this.handlers[event] = fn;
    return this;
  };

  Razorpay.prototype.emit = function (event, data) {
    close();
    var fn = this.handlers[event];
    if (fn) fn(data);
  };

  Razorpay.prototype.finish = function (answer) {
    if (answer.ok && answer.json.razorpay_signature) this.emit('payment.success', answer.json);
    else this.emit('payment.error', answer.json.error ? answer.json : { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } });
  };

  Razorpay.prototype.complete = function (paymentId, body) {
    var self = this;
    post('/v1/payments/' + encodeURIComponent(paymentId) + '/complete', body).then(function (a) {
      self.finish(a);
    });
  };

  Razorpay.prototype.createPayment = function (data) {
    var self = this;
    var body = Object.assign({ key_id: this.options.key }, data);
    post('/v1/payments/create/ajax', body).then(function (a) {
      if (!a.ok || !a.json.next) return self.finish(a);
      var id = a.json.razorpay_payment_id;
      var fails = a.json.will_fail;
      var amount = '₹' + (Number(data.amount) / 100).toLocaleString('en-IN');
      var cancel = { action: 'cancel', label: 'Cancel payment', style: 'background:#eee;color:#333', run: function () { self.complete(id, { action: 'cancel' }); } };
      if (a.json.next === 'upi') {
        page('Approve in your UPI app', ['A request for ' + amount + ' was sent to ' + data.vpa + '.', 'Open your UPI app and approve it.'], [
          { action: 'approve', label: 'I have approved it', style: 'background:#3366cc;color:#fff', run: function () { self.complete(id, { action: 'approve', will_fail: fails }); } },
          cancel,
        ]);
      } else if (a.json.next === 'otp') {
        page('Enter the OTP', ['Your bank sent a one-time password to your phone to pay ' + amount + '.'], [
          { action: 'otp', label: 'Submit', style: 'background:#3366cc;color:#fff', run: function (otp) { self.complete(id, { action: 'otp', otp: otp }); } },
          cancel,
        ], 'One-time password');
      } else {
        page(data.bank + ' Net Banking', ['Sandbox bank page: pay ' + amount + ' to Drape.'], [
          { action: 'success', label: 'Success', style: 'background:#2e7d32;color:#fff', run: function () { self.complete(id, { action: 'success' }); } },
          { action: 'failure', label: 'Failure', style: 'background:#c62828;color:#fff', run: function () { self.complete(id, { action: 'failure' }); } },
        ]);
      }
    });
  };

  window.Razorpay = Razorpay;
})();
