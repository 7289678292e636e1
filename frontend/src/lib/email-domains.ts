// E-mail domains as the server keeps them (crates/kernel's domain_list), for the forms that
// list some: an SSO connection's, a sign-up link's.

/** A domain as the server compares it: trimmed, without a leading `@`, in lower case. */
export const normalDomain = (raw: string) => raw.trim().replace(/^@+/, '').toLowerCase();

/** A DNS name of at least two labels: letters, digits and inner hyphens, 63 a label. */
export function isDomain(domain: string): boolean {
  const labels = domain.split('.');
  return (
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label))
  );
}
