// Sending a report: POST /api/reports (signed in). The admins' side lives in the admin feature.
import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '#shared/reports.js';
import { apiJson } from '@/lib/request';

/** What a report is about: an item by id, a person by name, a message, or the other side of a hand-over who did not show up. */
export type ReportTarget = { itemId: number } | { username: string } | { messageId: number } | { noShowItemId: number };

export function useCreateReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) => apiJson<Report>('POST', '/api/reports', body),
  });
}
