/** Spec section 4: waiting for approval red, validated green, in payment yellow, paid green, anything else info. */
export function invoiceStatusColor(status: string): string {
  switch (status) {
    case 'waiting_for_approval':
      return 'red';
    case 'invoice_validated':
    case 'paid':
      return 'green';
    case 'payment_in_progress':
      return 'yellow';
    default:
      return 'blue';
  }
}
