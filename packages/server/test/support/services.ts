// URLs of the external services the integration suites need; a suite without its URL reports itself skipped.
export const POSTGRES_URL = process.env.NEZHA_TEST_POSTGRES_URL || undefined;
export const MYSQL_URL = process.env.NEZHA_TEST_MYSQL_URL || undefined;
export const CLICKHOUSE_URL = process.env.NEZHA_TEST_CLICKHOUSE_URL || undefined;
export const REDIS_URL = process.env.NEZHA_TEST_REDIS_URL || undefined;

/** A describe title that says why a suite did not run. */
export function suiteTitle(name: string, url: string | undefined, variable: string): string {
  if (url) return name;
  console.warn(`SKIPPED: ${name} (set ${variable} to run it)`);
  return `${name} (skipped: set ${variable})`;
}
