import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { parseRedisTarget } from '../../../src/infra/redis-connection.js';

describe('REDIS_URL forms', () => {
  it('a single server stays a URL for ioredis', () => {
    expect(parseRedisTarget('redis://u:p@host:6380/2')).toEqual({
      kind: 'single',
      url: 'redis://u:p@host:6380/2',
    });
  });

  it('a cluster: every seed node, credentials decoded, TLS with rediss', () => {
    expect(parseRedisTarget('rediss+cluster://app:p%40ss@10.0.0.1:7000,10.0.0.2:7001,node3')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: 'node3', port: 6379 },
      ],
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
  });

  it('sentinel: the sentinels (default port 26379) and the master name', () => {
    expect(parseRedisTarget('redis+sentinel://:secret@s1:26380,s2?name=kyc-master')).toEqual({
      kind: 'sentinel',
      nodes: [
        { host: 's1', port: 26380 },
        { host: 's2', port: 26379 },
      ],
      password: 'secret',
      tls: false,
      name: 'kyc-master',
    });
  });

  it('are accepted by the config, other schemes refused', () => {
    expect(loadConfig({ REDIS_URL: 'redis+cluster://h1:7000,h2:7001' }).redisUrl).toBe(
      'redis+cluster://h1:7000,h2:7001',
    );
    expect(() => loadConfig({ REDIS_URL: 'memcached://h:1' })).toThrow(
      expect.objectContaining({ code: 'KYC_ERR_CONFIG_REDIS_URL' }),
    );
  });
});
