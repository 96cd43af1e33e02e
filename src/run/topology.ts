// The queues, ids and keys live in run/state/, where the state and the parts below the run (upstream/,
// mirror/) can reach them; the run's own files and the parts above keep importing them from here.
export * from './state/topology.js';
