// Domain sharding: requests go to the configured hosts in turn; one host, or ?disableDomainSharding=1, keeps them home.
import { afterEach, describe, expect, it } from 'vitest';
import {
  chartDataHosts,
  HostRotation,
  readChartDataHosts,
  setChartDataHosts,
  shardingDisabledBy,
} from './domain-sharding';

afterEach(() => setChartDataHosts([], { protocol: 'http:', search: '' }));

describe('domain sharding', () => {
  it('hands out each configured host in turn, then starts again', () => {
    const rotation = new HostRotation(['127.0.0.1:8088', 'localhost:8088', 'c.example.com'], 'https:', false);
    const taken = Array.from({ length: 7 }, () => rotation.take());
    expect(taken).toEqual([
      'https://127.0.0.1:8088',
      'https://localhost:8088',
      'https://c.example.com',
      'https://127.0.0.1:8088',
      'https://localhost:8088',
      'https://c.example.com',
      'https://127.0.0.1:8088',
    ]);
  });

  it('with one host, none, or disableDomainSharding=1 every request stays on the page’s own origin', () => {
    expect(new HostRotation(['localhost:8088'], 'http:', false).take()).toBeNull();
    expect(new HostRotation([], 'http:', false).take()).toBeNull();
    const disabled = new HostRotation(['a:1', 'b:1'], 'http:', shardingDisabledBy('?x=2&disableDomainSharding=1'));
    expect([disabled.take(), disabled.take()]).toEqual([null, null]);
    expect(shardingDisabledBy('?disableDomainSharding=true')).toBe(true);
    expect(shardingDisabledBy('?disableDomainSharding=0')).toBe(false);
    expect(shardingDisabledBy('')).toBe(false);
  });

  it('reads the bootstrap list, leaving out what is not a host name', () => {
    expect(readChartDataHosts(['a.example.com:8088', 'evil.com/path', 'http://x', 3, '[::1]:80'])).toEqual([
      'a.example.com:8088',
      '[::1]:80',
    ]);
    expect(readChartDataHosts('a.example.com')).toEqual([]);
    setChartDataHosts(['a:1', 'b:1'], { protocol: 'http:', search: '' });
    expect([chartDataHosts().take(), chartDataHosts().take(), chartDataHosts().take()]).toEqual([
      'http://a:1',
      'http://b:1',
      'http://a:1',
    ]);
  });
});
