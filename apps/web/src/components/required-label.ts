/**
 * Marks a field's label as required. The asterisk is drawn by CSS (app/global.css) rather than
 * Mantine's withAsterisk, whose " *" span becomes part of the label text and so breaks exact
 * label look-ups (getByLabel('Password', { exact: true })).
 */
export const REQUIRED_LABEL = { 'data-required-mark': true } as const;
