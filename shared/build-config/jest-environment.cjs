// jsdom without the web platform's fetch classes: react-router's data routers build a Request on every
// navigation. Node has them; lend them to the jsdom window (with Node's AbortController, which Request
// insists on).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['Request', 'Response', 'Headers', 'fetch', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder'];

class JsdomWithFetch extends TestEnvironment {
  constructor(...args) {
    super(...args);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
