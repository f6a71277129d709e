// The HTTP answer shapes the server sends and the web reads, declared once: the server's serialisers `satisfies`
// them and the web imports them.
export * from './chart-data.js';
export * from './databases.js';
export * from './query-record.js';
export * from './table-metadata.js';
