// Public surface of @nezha/server for tests, benchmarks and embedding.
export { buildApp } from './app/build-app.js';
export type { AppContext } from './app/context.js';
export { checkServices, closeContext, createContext } from './app/create-context.js';
export { createAdmin, initialize } from './app/init.js';
export { main } from './cli/main.js';
export { loadConfig, type NezhaConfig } from './config/config.js';
