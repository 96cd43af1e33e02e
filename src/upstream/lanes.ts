// The lanes live in run/state/ beside the priorities they are taken from (topology.ts); the pacer and the
// parts above keep importing them from here.
export * from '../run/state/lanes.js';
