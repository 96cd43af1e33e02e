// The reader of a run's verdicts.csv lives in ingest/, below mirror/ and whitelist/, which read it too.
export * from '../ingest/verdict-file.js';
