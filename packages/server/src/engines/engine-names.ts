// The names of the engines Nezha knows. Each engine folder adds its own name to `EngineNames` from its `<engine>.ts`
// (declaration merging), so this module imports nothing, the Engine contract (types.ts) names engines without
// importing them (no import circle), and a new engine is its folder plus its line in registry.ts, which does not
// compile unless ENGINES holds exactly one engine per name.
// biome-ignore lint/suspicious/noEmptyInterface: each engine folder adds its name here.
export interface EngineNames {}

export type EngineName = keyof EngineNames;
