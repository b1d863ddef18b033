'use strict';
/**
 * A stand-in for the `side-channel` package, which `qs` (inside Refine) uses to detect cycles when
 * it serialises a query. The package pulls in object-inspect and get-intrinsic (~9 kB gzip) for
 * engines without WeakMap; every browser the console supports has it.
 */
module.exports = function getSideChannel() {
  var weak = new WeakMap();
  var strong = new Map();
  var store = (key) => (key !== null && (typeof key === 'object' || typeof key === 'function') ? weak : strong);
  return {
    assert: (key) => {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set: (key, value) => {
      store(key).set(key, value);
    },
  };
};
