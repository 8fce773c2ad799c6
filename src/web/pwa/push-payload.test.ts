import { describe, expect, it } from 'vitest';
import { actionCall, parsePushPayload } from './push-payload.ts';

describe('parsePushPayload', () => {
  it('reads a chore reminder as the contract writes it', () => {
    const message = parsePushPayload({
      title: 'Chore reminder',
      body: 'Take out the bins',
      type: 'chore',
      tag: 'chore-c1',
      url: '/chores',
      actions: [
        { action: 'done', title: 'Mark done' },
        { action: 'snooze', title: 'Snooze 1 h' },
      ],
      data: { choreId: 'c1' },
    });
    expect(message).toEqual({
      title: 'Chore reminder',
      body: 'Take out the bins',
      type: 'chore',
      tag: 'chore-c1',
      url: '/chores',
      actions: [
        { action: 'done', title: 'Mark done' },
        { action: 'snooze', title: 'Snooze 1 h' },
      ],
      data: { choreId: 'c1' },
    });
  });

  it('always has something to show, and never a link to another site', () => {
    expect(parsePushPayload(null)).toMatchObject({ title: 'Hearth', body: '', url: '/', actions: [] });
    expect(parsePushPayload({ url: 'https://evil.example/' }).url).toBe('/');
    expect(parsePushPayload({ url: '//evil.example/' }).url).toBe('/');
    expect(parsePushPayload({ body: 'x'.repeat(300) }).body).toHaveLength(120);
    expect(parsePushPayload({ actions: [{ action: 'done' }, 'x'] }).actions).toEqual([]);
  });
});

describe('actionCall', () => {
  it('maps each notification button to its API call', () => {
    expect(actionCall('done', { choreId: 'c1' })).toMatchObject({
      method: 'PATCH',
      url: '/api/chores/c1',
      body: { status: 'done' },
      success: 'Marked done',
    });
    expect(actionCall('snooze', { choreId: 'c1' })).toMatchObject({
      method: 'POST',
      url: '/api/chores/c1/snooze',
      success: 'Snoozed for 1 hour',
    });
    expect(actionCall('settle', { splitId: 's/1' })).toMatchObject({
      method: 'PATCH',
      url: '/api/expense-splits/s%2F1',
      body: { settled: true },
      success: 'Settled',
    });
    expect(actionCall('settle', { splitId: 's1' })?.failure).toMatch(/Open Hearth to try again\.$/);
  });

  it('has no call when the notification lacks the id', () => {
    expect(actionCall('done', {})).toBeNull();
    expect(actionCall('settle', { choreId: 'c1' })).toBeNull();
    expect(actionCall('unknown', { choreId: 'c1' })).toBeNull();
  });
});
