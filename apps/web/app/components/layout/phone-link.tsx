/**
 * A call link to a phone number, shown with non-breaking spaces and hyphens so the number never
 * wraps over two lines; the link itself dials the digits alone.
 */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  const shown = phone.replaceAll(" ", "\u00a0").replaceAll("-", "\u2011");
  return (
    <a className={className} href={`tel:${phone.replace(/\s+/g, "")}`}>
      {shown}
    </a>
  );
}
