import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { say, translate } from '@/lib/i18n';
import { statusBadge, supportFormSchema, supportTypeLabel } from './support-labels';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

describe('support types', () => {
  it('read as words, an unknown type as Other', () => {
    expect(translate(supportTypeLabel('account_deletion'))).toBe('Account deletion');
    expect(translate(supportTypeLabel('something_new'))).toBe('Other');
  });
});

describe('statusBadge', () => {
  it('is yellow for pending, green for resolved, blue otherwise', () => {
    const shown = (status: string) => {
      const { label, text, tone } = statusBadge(status);
      return { label: label ? translate(label) : text, tone };
    };
    expect(shown('pending')).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(shown('resolved')).toEqual({ label: 'Resolved', tone: 'green' });
    expect(shown('in_progress')).toEqual({ label: 'In progress', tone: 'blue' });
    expect(shown('on_hold')).toEqual({ label: 'On hold', tone: 'blue' });
  });
});

describe('supportFormSchema', () => {
  it('asks for more details under 10 characters, with the shared message', () => {
    const short = supportFormSchema.safeParse({ type: 'other', description: '  too short ' });
    expect(short.success).toBe(false);
    expect(say(short.error?.issues[0]?.message ?? '')).toBe('Please provide more details about your request');
    expect(supportFormSchema.parse({ type: 'technical_issue', description: 'The map does not load.' })).toEqual({
      type: 'technical_issue',
      description: 'The map does not load.',
    });
  });

  it('knows only the three types', () => {
    expect(supportFormSchema.safeParse({ type: 'billing', description: 'Please refund me today' }).success).toBe(false);
  });
});
