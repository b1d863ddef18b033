'use strict';
/**
 * A stand-in for the `side-channel` package, which `qs` (inside Refine) uses to detect cycles when
 * it serialises a query. The package pulls in object-inspect and get-intrinsic (~9 kB gzip) for
 * engines without WeakMap; every browser the console supports has it.
 */
module.exports = function getSideChannel() {
  var weak = new WeakMap();
  var strong = new Map();
  var store = function (key) {
    return key !== null && (typeof key === 'object' || typeof key === 'function') ? weak : strong;
  };
  return {
    assert: function (key) {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return store(key).delete(key);
    },
    get: function (key) {
      return store(key).get(key);
    },
    has: function (key) {
      return store(key).has(key);
    },
    set: function (key, value) {
      store(key).set(key, value);
    },
  };
};
