// A module for lazy-feature-failure.test.ts to fail once and import again: whether this browser fetches a module
// again after a failed fetch (whatwg/html#10327), or keeps the failure in its module map as older ones do.
export const probed = true;
