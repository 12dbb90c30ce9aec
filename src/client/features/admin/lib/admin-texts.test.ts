import { i18n } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate as t } from '@/lib/i18n';
import {
  canResolve,
  creatorText,
  formatDateTime,
  openReportsBadge,
  pendingCount,
  phoneText,
  reportCountText,
  reportReasonLabel,
  reportStatusLabel,
  requesterText,
  supportStatusLabel,
  supportStatusTone,
  supportTypeLabel,
  yesNo,
} from './admin-texts';

// The texts in English, as the app has them (no DOM here: the catalogue is loaded by hand).
beforeAll(async () => {
  for (const bundle of ['core', 'app']) i18n.load('en', (await loadCatalogue('en', bundle)).default as Parameters<typeof i18n.load>[1]);
  i18n.activate('en');
});

describe('support request status', () => {
  it('is yellow when pending, green when resolved, blue otherwise', () => {
    expect(supportStatusTone('pending')).toBe('yellow');
    expect(supportStatusTone('resolved')).toBe('green');
    expect(supportStatusTone('in_progress')).toBe('blue');
    expect(supportStatusTone('something new')).toBe('blue');
  });

  it('reads as words', () => {
    expect(supportStatusLabel(t, 'pending')).toBe('Pending');
    expect(supportStatusLabel(t, 'in_progress')).toBe('In progress');
    expect(supportStatusLabel(t, 'resolved')).toBe('Resolved');
    expect(supportStatusLabel(t, 'on_hold')).toBe('on hold');
    expect(supportTypeLabel(t, 'account_deletion')).toBe('Account deletion');
    expect(supportTypeLabel(t, 'technical_issue')).toBe('Technical issue');
    expect(supportTypeLabel(t, 'other')).toBe('Other');
  });

  it('can be resolved only when pending', () => {
    expect(canResolve({ status: 'pending' })).toBe(true);
    expect(canResolve({ status: 'in_progress' })).toBe(true);
    expect(canResolve({ status: 'resolved' })).toBe(false);
  });

  it('counts the pending requests for the tab badge', () => {
    expect(pendingCount(undefined)).toBe(0);
    expect(pendingCount([])).toBe(0);
    expect(pendingCount([{ status: 'pending' }, { status: 'resolved' }, { status: 'in_progress' }, { status: 'pending' }])).toBe(2);
  });
});

describe('table texts', () => {
  it('fills empty cells with Unknown, Not set and the like', () => {
    expect(phoneText(t, null)).toBe('Not set');
    expect(phoneText(t, '')).toBe('Not set');
    expect(phoneText(t, '+15551234567')).toBe('+15551234567');
    expect(yesNo(t, true)).toBe('Yes');
    expect(yesNo(t, false)).toBe('No');
    expect(creatorText(t, null)).toBe('Unknown');
    expect(creatorText(t, 'bob')).toBe('bob');
  });

  it('names the requester, or the id, or Unknown', () => {
    expect(requesterText(t, { username: 'carmen', userId: 3 })).toBe('carmen');
    expect(requesterText(t, { username: null, userId: 3 })).toBe('User #3');
    expect(requesterText(t, { username: null, userId: null })).toBe('Unknown');
  });

  it('formats dates with the time, and a dash for none', () => {
    expect(formatDateTime('2025-03-07T14:30:00Z', 'en', 'UTC')).toBe('Mar 7, 2025, 2:30 PM');
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('2025-03-07T14:30:00Z', 'es', 'UTC')).toMatch(/^7 mar 2025/);
    expect(formatDateTime('bad', 'en')).toBe('—');
  });
});

describe('reports', () => {
  it('names reasons and statuses in words, and caps the tab count', () => {
    expect(reportReasonLabel(t, 'scam')).toBe('Scam or fraud');
    expect(reportReasonLabel(t, 'other')).toBe('Something else');
    expect(reportReasonLabel(t, 'new_reason')).toBe('new_reason');
    expect(reportStatusLabel(t, 'actioned')).toBe('Actioned');
    expect(reportCountText(t, 3)).toBe('3 open reports of this');
    expect(openReportsBadge(4)).toBe('4');
    expect(openReportsBadge(200)).toBe('200+');
  });
});
