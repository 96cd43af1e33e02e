import { describe, expect, it } from 'vitest';
import { PRIORITY, laneOfPriority } from '../../../src/run/state/topology.js';
import { laneRank } from '../../../src/run/state/lanes.js';

describe('priorities and lanes: a single client, then a high run, then the rest', () => {
  it("serves a screen's jobs before a high run's, and a high run's before a normal or low one's", () => {
    // BullMQ serves the lowest number first.
    expect(PRIORITY.interactive).toBeLessThan(PRIORITY.high);
    expect(PRIORITY.high).toBeLessThan(PRIORITY.normal);
    expect(PRIORITY.normal).toBeLessThan(PRIORITY.low);
    expect(PRIORITY.interactive).toBeGreaterThan(0);
  });

  it('gives each job the lane of its run, so its calls go ahead of the lanes below', () => {
    expect(laneOfPriority(PRIORITY.interactive)).toBe('interactive');
    expect(laneOfPriority(PRIORITY.high)).toBe('high');
    expect(laneOfPriority(PRIORITY.normal)).toBe('normal');
    expect(laneOfPriority(PRIORITY.low)).toBe('normal');
    expect(laneOfPriority(undefined)).toBe('normal');
    expect(laneRank('interactive')).toBeGreaterThan(laneRank('high'));
    expect(laneRank('high')).toBeGreaterThan(laneRank('normal'));
  });
});
