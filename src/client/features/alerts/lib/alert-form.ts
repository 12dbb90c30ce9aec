// The rules of the alert forms (Alert me on Browse, the edit form in Settings): the shared schema of
// the API, so the messages are the server's word for word, and what only the forms need.
import { z } from 'zod';
import { type Alert, ALERT_MSG, ALERT_RADIUS_CHOICES_KM, alertProblem, createAlertBodySchema } from '#shared/alerts.js';

/** The choices for an alert's radius: the usual ones, plus its own when it is another (saved through the API). */
export function radiusChoices(current: number | null): number[] {
  const choices: number[] = [...ALERT_RADIUS_CHOICES_KM];
  if (current !== null && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/** The edit form: texts as typed; the radius from a <select>, '' for "no place" (the place is removed). */
export const alertEditFormSchema = z
  .object({
    query: createAlertBodySchema.shape.query.unwrap().unwrap(),
    tag: createAlertBodySchema.shape.tag.unwrap().unwrap(),
    radiusKm: z.string(),
  })
  .superRefine((form, ctx) => {
    const problem = alertProblem({
      query: form.query,
      tag: form.tag,
      latitude: form.radiusKm ? 0 : null,
      longitude: form.radiusKm ? 0 : null,
      radiusKm: form.radiusKm ? Number(form.radiusKm) : null,
    });
    if (problem === ALERT_MSG.noCriterion) ctx.addIssue({ code: 'custom', message: problem, path: ['query'] });
  });
export type AlertEditForm = z.input<typeof alertEditFormSchema>;

/** The form's starting values for an alert. */
export const alertEditDefaults = (alert: Alert): AlertEditForm => ({
  query: alert.query ?? '',
  tag: alert.tag ?? '',
  radiusKm: alert.radiusKm === null ? '' : String(alert.radiusKm),
});

/** The PATCH body of a filled-in form: the place stays, takes the new radius, or goes (null). */
export function alertEditBody(form: z.output<typeof alertEditFormSchema>) {
  const radiusKm = form.radiusKm ? Number(form.radiusKm) : null;
  return {
    query: form.query,
    tag: form.tag,
    radiusKm,
    ...(radiusKm === null ? { latitude: null, longitude: null } : {}),
  };
}
