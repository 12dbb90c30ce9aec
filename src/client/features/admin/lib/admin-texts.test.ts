import { describe, expect, it } from 'vitest';
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

describe('support request status', () => {
  it('is yellow when pending, green when resolved, blue otherwise', () => {
    expect(supportStatusTone('pending')).toBe('yellow');
    expect(supportStatusTone('resolved')).toBe('green');
    expect(supportStatusTone('in_progress')).toBe('blue');
    expect(supportStatusTone('something new')).toBe('blue');
  });

  it('reads as words', () => {
    expect(supportStatusLabel('pending')).toBe('Pending');
    expect(supportStatusLabel('in_progress')).toBe('In progress');
    expect(supportStatusLabel('resolved')).toBe('Resolved');
    expect(supportStatusLabel('on_hold')).toBe('on hold');
    expect(supportTypeLabel('account_deletion')).toBe('Account deletion');
    expect(supportTypeLabel('technical_issue')).toBe('Technical issue');
    expect(supportTypeLabel('other')).toBe('Other');
  });

  it('can be resolved only when pending', () => {
    expect(canResolve({ status: 'pending' })).toBe(true);
    expect(canResolve({ status: 'in_progress' })).toBe(false);
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
    expect(phoneText(null)).toBe('Not set');
    expect(phoneText('')).toBe('Not set');
    expect(phoneText('+15551234567')).toBe('+15551234567');
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
    expect(creatorText(null)).toBe('Unknown');
    expect(creatorText('bob')).toBe('bob');
  });

  it('names the requester, or the id, or Unknown', () => {
    expect(requesterText({ username: 'carmen', userId: 3 })).toBe('carmen');
    expect(requesterText({ username: null, userId: 3 })).toBe('User #3');
    expect(requesterText({ username: null, userId: null })).toBe('Unknown');
  });

  it('formats dates with the time, and a dash for none', () => {
    expect(formatDateTime('2025-03-07T14:30:00Z', 'UTC')).toBe('Mar 7, 2025, 2:30 PM');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('bad')).toBe('—');
  });
});

describe('reports', () => {
  it('names reasons and statuses in words, and caps the tab count', () => {
    expect(reportReasonLabel('scam')).toBe('Scam or fraud');
    expect(reportReasonLabel('other')).toBe('Something else');
    expect(reportReasonLabel('new_reason')).toBe('new_reason');
    expect(reportStatusLabel('actioned')).toBe('Actioned');
    expect(reportCountText(3)).toBe('3 open reports of this');
    expect(openReportsBadge(4)).toBe('4');
    expect(openReportsBadge(200)).toBe('200+');
  });
});
