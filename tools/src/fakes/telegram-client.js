/**
 * A fake Telegram client for a Mini App opened top-level in a browser (the local demo and the
 * browser tests). Telegram's mobile clients talk to a Mini App through
 * `window.TelegramWebviewProxy.postEvent(type, data)` and answer with
 * `window.Telegram.WebView.receiveEvent(type, data)`; this script plays that part. It runs before
 * the app and only when the page was launched as a Mini App (launch parameters in the hash, as
 * Telegram opens it) or was so launched earlier in this tab.
 *
 * It answers the viewport, theme, safe-area, fullscreen and CloudStorage (kept in localStorage)
 * requests; `web_app_open_invoice` opens the fake Bot API's Pay page for the slug in a popup and
 * delivers `invoice_closed` when the page reports the payment (or `cancelled` when the popup is
 * closed unpaid). Configuration: `window.fakeTelegramClient = { botApiUrl }`, set before this runs.
 */
(() => {
  const FLAG = 'fakeTelegramClient';
  const launched = /[#&]tgWebAppData=/.test(window.location.hash);
  if (!launched && sessionStorage.getItem(FLAG) !== '1') return;
  sessionStorage.setItem(FLAG, '1');
  const config = window.fakeTelegramClient || {};
  const botApiUrl = String(config.botApiUrl || '').replace(/\/$/, '');
  const CLOUD = 'fakeTelegramClient.cloud.';
  /** what the client sent, for tests to read */
  const sent = [];
  window.fakeTelegramClientEvents = sent;

  const reply = (type, data) => setTimeout(() => window.Telegram?.WebView?.receiveEvent?.(type, data), 0);

  function openInvoice(slug) {
    const done = (status) => reply('invoice_closed', { slug, status });
    if (!botApiUrl) {
      console.warn('fake Telegram client: no botApiUrl, the invoice cannot open');
      return done('failed');
    }
    const page = window.open(`${botApiUrl}/invoice/${encodeURIComponent(slug)}`, `invoice-${slug}`);
    if (!page) {
      console.warn(`fake Telegram client: the Pay page popup was blocked (${botApiUrl}/invoice/${slug})`);
      return done('failed');
    }
    let closed = false;
    const finish = (status) => {
      if (closed) return;
      closed = true;
      clearInterval(watch);
      window.removeEventListener('message', onMessage);
      done(status);
    };
    const onMessage = (event) => {
      if (event.origin !== new URL(botApiUrl).origin) return;
      const d = event.data;
      if (d && d.type === 'fake-telegram:invoice_closed' && d.slug === slug) finish(d.status);
    };
    window.addEventListener('message', onMessage);
    // Closing the invoice without paying cancels it, as in Telegram.
    const watch = setInterval(() => page.closed && finish('cancelled'), 500);
  }

  function customMethod(params) {
    const p = params.params || {};
    let result = null;
    if (params.method === 'getStorageValues') {
      result = Object.fromEntries((p.keys || []).map((k) => [k, localStorage.getItem(CLOUD + k) ?? '']));
    } else if (params.method === 'saveStorageValue') {
      localStorage.setItem(CLOUD + p.key, String(p.value));
      result = true;
    } else if (params.method === 'deleteStorageValues') {
      for (const k of p.keys || []) localStorage.removeItem(CLOUD + k);
      result = true;
    } else if (params.method === 'getStorageKeys') {
      result = Object.keys(localStorage)
        .filter((k) => k.startsWith(CLOUD))
        .map((k) => k.slice(CLOUD.length));
    }
    reply('custom_method_invoked', { req_id: params.req_id, result });
  }

  const theme = { bg_color: '#17212b', text_color: '#f5f5f5', button_color: '#5288c1' };
  window.TelegramWebviewProxy = {
    postEvent(type, json) {
      const data = json ? JSON.parse(json) : {};
      sent.push({ name: type, params: data });
      switch (type) {
        case 'web_app_request_viewport':
          return reply('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
        case 'web_app_request_content_safe_area':
          return reply(
            type === 'web_app_request_safe_area' ? 'safe_area_changed' : 'content_safe_area_changed',
            {
              top: 0,
              bottom: 0,
              left: 0,
              right: 0,
            },
          );
        case 'web_app_request_theme':
          return reply('theme_changed', { theme_params: theme });
        case 'web_app_request_fullscreen':
          return reply('fullscreen_changed', { is_fullscreen: true });
        case 'web_app_invoke_custom_method':
          return customMethod(data);
        case 'web_app_open_invoice':
          return openInvoice(String(data.slug));
        case 'web_app_open_link':
        case 'web_app_open_tg_link':
          window.open(type === 'web_app_open_link' ? data.url : `https://t.me${data.path_full}`, '_blank');
          return;
      }
    },
  };
})();
