/* global window, document */
/* eslint-disable no-empty, @typescript-eslint/no-unused-vars -- ES5: a catch names its error, and a storage a browser refuses is skipped. */
/* The advertiser's conversion tag, version 1 (decision 085). ES5, no dependency, no eval, no inline code needed:
   on a landing page it keeps the click id for the attribution window, on a thank-you page it reports the sale. */
(function (w, d) {
  'use strict';
  var me = d.currentScript;
  var base = me && me.src ? me.src.replace(/^(https?:\/\/[^/]+).*$/, '$1') : '';
  var DAY = 86400000;
  function attr(name) {
    return me ? me.getAttribute('data-' + name) : null;
  }
  function key(offerId) {
    return 'pcid_' + offerId;
  }
  function fromUrl(param) {
    var m = new RegExp('[?&]' + param.replace(/[.]/g, '\\.') + '=([^&#]*)').exec(w.location.search);
    try {
      return m && m[1] ? decodeURIComponent(m[1].replace(/\+/g, ' ')) : null;
    } catch (e) {
      return null;
    }
  }
  function fromCookie(name) {
    var m = new RegExp('(?:^|; )' + name + '=([^;]*)').exec(d.cookie);
    return m ? decodeURIComponent(m[1]) : null;
  }
  function fromStorage(name) {
    try {
      var v = JSON.parse(w.localStorage.getItem(name));
      if (v && v.id && v.exp > new Date().getTime()) return v.id;
      w.localStorage.removeItem(name);
    } catch (e) {}
    return null;
  }
  /* Keeps the click id in a first-party cookie and in localStorage until the attribution window closes. */
  function remember(offerId, clickId, days) {
    var ms = (days > 0 ? days : 30) * DAY;
    d.cookie =
      key(offerId) +
      '=' +
      encodeURIComponent(clickId) +
      '; max-age=' +
      Math.floor(ms / 1000) +
      '; path=/; SameSite=Lax' +
      (w.location.protocol === 'https:' ? '; Secure' : '');
    try {
      w.localStorage.setItem(key(offerId), JSON.stringify({ id: clickId, exp: new Date().getTime() + ms }));
    } catch (e) {}
  }
  function clickId(offerId, param) {
    return (param && fromUrl(param)) || fromCookie(key(offerId)) || fromStorage(key(offerId));
  }
  function landing(o) {
    var id = fromUrl(o.param || 'click_id');
    if (id && o.offerId) remember(o.offerId, id, Number(o.days));
    return id;
  }
  /* Sends with sendBeacon, else fetch keepalive, else an image: the page may be leaving. */
  function conversion(o) {
    var f = {
      offer_id: o.offerId,
      goal: o.goal,
      amount: o.amount,
      currency: o.currency,
      transaction_id: o.transactionId,
    };
    var id = o.clickId || clickId(o.offerId, o.param || 'click_id');
    if (id) f.click_id = id;
    var body = [];
    for (var k in f)
      if (f[k] !== undefined && f[k] !== null && f[k] !== '') body.push(k + '=' + encodeURIComponent(f[k]));
    body = body.join('&');
    var url = base + '/pixel/conversion';
    var type = 'application/x-www-form-urlencoded';
    try {
      if (w.navigator.sendBeacon && w.Blob && w.navigator.sendBeacon(url, new w.Blob([body], { type: type })))
        return 'beacon';
    } catch (e) {}
    if (w.fetch) {
      try {
        w.fetch(url, {
          method: 'POST',
          body: body,
          headers: { 'Content-Type': type },
          keepalive: true,
          credentials: 'include',
          mode: 'cors',
        })['catch'](function () {});
        return 'fetch';
      } catch (e) {}
    }
    new w.Image().src = base + '/pixel.gif?' + body;
    return 'image';
  }
  w.portal = { version: '1', landing: landing, conversion: conversion, clickId: clickId, remember: remember };
  /* Set up by the script tag's own data attributes, for pages whose policy allows no inline script. */
  var offerId = attr('offer-id');
  if (offerId) {
    var param = attr('param') || 'click_id';
    landing({ offerId: offerId, param: param, days: attr('days') });
    if (attr('goal'))
      conversion({
        offerId: offerId,
        param: param,
        goal: attr('goal'),
        amount: attr('amount'),
        currency: attr('currency'),
        transactionId: attr('transaction-id'),
      });
  }
})(window, document);
