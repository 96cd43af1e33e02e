export * from './records.js';
export * from './transliteration-table.js';
export * from './operations.js';
