import type { PayerDetail, PayerDetails, PayerDetailsStore } from './payerDetails';

/** A method's form as the details see it: its values, set from outside, watched for the payer's typing. */
export interface DetailsForm<F extends PayerDetail> {
  fields: readonly F[];
  read(): Record<F, string>;
  write(field: F, value: string): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Fills the form's empty fields with what the payer typed elsewhere, and tells the checkout what is typed
 * here. A field follows the checkout's value until the payer types in it: from then on it is this form's
 * own (a Colombian phone typed for Nequi does not replace the Panamanian one typed for the card). An
 * emptied field offers nothing. Returns the unlink.
 */
export function linkPayerDetails<F extends PayerDetail>(details: PayerDetailsStore, form: DetailsForm<F>): () => void {
  const own = new Set<F>();
  let writing = false;
  const write = (field: F, value: string) => {
    writing = true;
    try {
      form.write(field, value);
    } finally {
      writing = false;
    }
  };
  /** Nothing is offered for a field emptied. */
  const offer = (fields: readonly F[], values: Record<F, string>) => {
    const offered = fields.filter((field) => values[field] !== '' && details.getState()[field] !== values[field]);
    if (offered.length > 0) details.setState(Object.fromEntries(offered.map((field) => [field, values[field]])) as Partial<PayerDetails>);
  };
  const start = form.read();
  const known = details.getState();
  for (const field of form.fields) {
    if (start[field] === '' && known[field] !== '') write(field, known[field]);
    else if (start[field] !== '' && known[field] !== '' && known[field] !== start[field]) own.add(field);
  }
  offer(form.fields.filter((field) => known[field] === ''), start);
  let seen = form.read();
  const fromForm = form.subscribe(() => {
    const now = form.read();
    const changed = form.fields.filter((field) => now[field] !== seen[field]);
    seen = now;
    if (writing) return;
    // All of them the payer's before any is offered: an offer told back must not overwrite the others.
    for (const field of changed) own.add(field);
    offer(changed, now);
  });
  const fromDetails = details.subscribe((now) => {
    for (const field of form.fields) if (!own.has(field) && now[field] !== '' && now[field] !== form.read()[field]) write(field, now[field]);
  });
  return () => {
    fromForm();
    fromDetails();
  };
}
