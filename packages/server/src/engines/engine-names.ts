// The names of the engines Nezha knows, in a module that imports nothing: the Engine contract (types.ts) names them
// without importing the engines, which import that contract (no import circle). registry.ts does not compile unless
// ENGINES holds exactly one engine per name here.
export const ENGINE_NAMES = ['duckdb', 'postgresql', 'mysql', 'sqlite', 'clickhouse'] as const;

export type EngineName = (typeof ENGINE_NAMES)[number];
