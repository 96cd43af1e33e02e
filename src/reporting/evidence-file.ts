// The reader of a run's evidence.jsonl lives in ingest/, below whitelist/, which reads it too.
export * from '../ingest/evidence-file.js';
