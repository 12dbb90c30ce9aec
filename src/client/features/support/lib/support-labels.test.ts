import { describe, expect, it } from 'vitest';
import { statusBadge, supportFormSchema, supportTypeLabel } from './support-labels';

describe('support types', () => {
  it('read as words, an unknown type as Other', () => {
    expect(supportTypeLabel('account_deletion')).toBe('Account deletion');
    expect(supportTypeLabel('something_new')).toBe('Other');
  });
});

describe('statusBadge', () => {
  it('is yellow for pending, green for resolved, blue otherwise', () => {
    expect(statusBadge('pending')).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(statusBadge('resolved')).toEqual({ label: 'Resolved', tone: 'green' });
    expect(statusBadge('in_progress')).toEqual({ label: 'In progress', tone: 'blue' });
    expect(statusBadge('on_hold')).toEqual({ label: 'On hold', tone: 'blue' });
  });
});

describe('supportFormSchema', () => {
  it('asks for more details under 10 characters, with the shared message', () => {
    const short = supportFormSchema.safeParse({ type: 'other', description: '  too short ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Please provide more details about your request');
    expect(supportFormSchema.parse({ type: 'technical_issue', description: 'The map does not load.' })).toEqual({
      type: 'technical_issue',
      description: 'The map does not load.',
    });
  });

  it('knows only the three types', () => {
    expect(supportFormSchema.safeParse({ type: 'billing', description: 'Please refund me today' }).success).toBe(false);
  });
});
