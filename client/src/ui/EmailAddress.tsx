/**
 * An e-mail address that a narrow column breaks after its "@" (a <wbr>, which
 * copying leaves out), so that it reads "maya.chowdhury@ / opennest.test" rather
 * than "maya.chowdhury@opennest.te / st". Give its container
 * `overflowWrap="anywhere"` (not `wordBreak="break-all"`, which breaks anywhere
 * first): a part too long for the line alone still breaks.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
