// Domain sharding (Superset's SUPERSET_WEBSERVER_DOMAINS): with more than one chart-data host configured, each chart
// data request goes to the next host in turn, so a browser's six-connections-per-host limit stops serialising a large
// dashboard. `?disableDomainSharding=1` in the page's URL turns it off, as in Superset.

/** Hosts as configured: `host` or `host:port`, served with the page's own protocol. */
export type ChartDataHosts = readonly string[];

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The configured list as the bootstrap data carries it; anything that is not a host name is left out. */
export function readChartDataHosts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((host): host is string => typeof host === 'string' && HOST.test(host));
}

/** Whether the page's query string turns sharding off (`disableDomainSharding=1` or `=true`). */
export function shardingDisabledBy(search: string): boolean {
  const value = new URLSearchParams(search).get('disableDomainSharding');
  return value === '1' || value === 'true';
}

/** Hands out the hosts' origins in turn; null while sharding is off (fewer than two hosts, or disabled). */
export class HostRotation {
  private next = 0;
  private readonly origins: string[];

  constructor(hosts: ChartDataHosts, protocol: string, disabled: boolean) {
    this.origins = hosts.length > 1 && !disabled ? hosts.map((host) => `${protocol}//${host}`) : [];
  }

  get enabled(): boolean {
    return this.origins.length > 0;
  }

  get size(): number {
    return this.origins.length;
  }

  /** The origin the next chart-data request goes to, or null for the page's own (a relative URL). */
  take(): string | null {
    if (this.origins.length === 0) return null;
    const origin = this.origins[this.next % this.origins.length] as string;
    this.next = (this.next + 1) % this.origins.length;
    return origin;
  }
}

let rotation = new HostRotation([], 'http:', true);

/** Set once from the bootstrap data (`conf.SUPERSET_WEBSERVER_DOMAINS`), before the first chart asks. */
export function setChartDataHosts(value: unknown, location: Pick<Location, 'protocol' | 'search'>): void {
  rotation = new HostRotation(readChartDataHosts(value), location.protocol, shardingDisabledBy(location.search));
}

/** The app's rotation: chart-data calls take their host from it. */
export function chartDataHosts(): HostRotation {
  return rotation;
}
