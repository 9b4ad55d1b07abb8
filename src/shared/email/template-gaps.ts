/**
 * Templates on a lead that lacks some values (issue 30 item 6, ADR 063): every template that is not
 * a proposal's is offered; a value the lead lacks is written as its bracketed placeholder
 * ('[Vehicle Make]'), which the Send e-mail dialog highlights and refuses to send until the
 * salesperson has replaced it. Nothing leaves with a blank or 'Not specified' in it.
 */
import {
  FALLBACKS,
  PROPOSAL_VARIABLES,
  TEMPLATE_VARIABLES,
  variablesIn,
  type TemplateValues,
  type TemplateVariable,
} from './template.ts';

const present = (v: TemplateValues[TemplateVariable]) => v !== null && v !== undefined && String(v).trim() !== '';

/** Whether the Send e-mail dialog offers the template: all but those a proposal fills. */
export function templateOffered(template: { title: string; body: string }): boolean {
  return !variablesIn(`${template.title}\n${template.body}`).some((v) =>
    (PROPOSAL_VARIABLES as readonly string[]).includes(v),
  );
}

/** The variables the template uses that these values leave empty, in order of first use. */
export function missingTemplateValues(
  template: { title: string; body: string },
  values: TemplateValues,
): TemplateVariable[] {
  return variablesIn(`${template.title}\n${template.body}`).filter(
    (v): v is TemplateVariable =>
      (TEMPLATE_VARIABLES as readonly string[]).includes(v) && !present(values[v as TemplateVariable]),
  );
}

/** The placeholders of `missing` still written in the text, each once. */
export function unfilledPlaceholders(text: string, missing: readonly TemplateVariable[]): string[] {
  return missing.map((v) => FALLBACKS[v]).filter((p) => text.includes(p));
}

/** Where each placeholder of `missing` sits in the text, in order, as [start, end) pairs. */
export function placeholderSpans(text: string, missing: readonly TemplateVariable[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const placeholder of missing.map((v) => FALLBACKS[v])) {
    for (let at = text.indexOf(placeholder); at !== -1; at = text.indexOf(placeholder, at + placeholder.length)) {
      spans.push([at, at + placeholder.length]);
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** What the dialog says while placeholders remain. */
export const fillBeforeSending = (placeholders: readonly string[]) =>
  `Replace ${placeholders.join(', ')} with the lead's details before sending.`;
