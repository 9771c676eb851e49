-- Terms and Privacy become pages like any other (issue 41, decision 063): the text the fixed
-- routes showed, once; an admin edits or deletes them afterwards. [site-name], [contact-email]
-- and [contact-phone] show the settings' values when the page is served.
INSERT INTO "pages" ("slug", "title", "content", "is_published", "published_at", "meta_title", "meta_description", "created_at", "updated_at")
VALUES
(
  'terms',
  'Terms of Use',
  $terms$<p>By using [site-name] you agree to these terms. Please read them; they are short.</p><h2>Your account</h2><p>You must be at least 13 years old to create an account. Keep your password to yourself; you are responsible for what is done with your account.</p><h2>Comments and reviews</h2><p>Be civil. Do not post anything unlawful, hateful, or that infringes someone else's rights. Editors may remove comments that break these rules and suspend accounts that keep doing so.</p><h2>Our content</h2><p>Stories, photos and videos on [site-name] belong to us or to their authors. You may share links and short quotes with attribution; please ask before republishing whole articles.</p><h2>Adverts and links</h2><p>Adverts are marked as such. We are not responsible for the content of sites we link to.</p><h2>Changes</h2><p>We may update these terms; the date above shows the latest version.</p><h2>Contact</h2><p>Write to [contact-email] or call [contact-phone].</p>$terms$,
  true,
  '2026-11-22T00:00:00Z',
  'Terms',
  'The terms of use of [site-name].',
  '2026-11-22T00:00:00Z',
  '2026-11-22T00:00:00Z'
),
(
  'privacy-policy',
  'Privacy Policy',
  $privacy$<p>[site-name] respects your privacy. This policy explains what we collect when you read, register, comment or subscribe, why we collect it, and the choices you have.</p><h2>What we collect</h2><ul><li><p>Account details you give us: your name, e-mail address, and optionally phone, address and photo.</p></li><li><p>What you do with your account: your Read Later list, likes, comments, reviews and poll votes.</p></li><li><p>Reading statistics: we count page views per story. We do not build a profile of you from them and we do not sell data to advertisers.</p></li></ul><h2>How we use it</h2><p>To run your account, show your comments and reviews with your name, send password-reset e-mails you ask for, keep the site secure (for example by limiting repeated login attempts), and understand which stories readers find useful.</p><h2>Cookies</h2><p>We use one essential cookie to keep you logged in. It is removed when you log out and expires after 30 days of inactivity. We do not use advertising cookies.</p><h2>Children</h2><p>[site-name] is not meant for children under 13. We do not knowingly collect personal information from children under 13; if you believe a child has registered, contact us and we will delete the account.</p><h2>Your rights</h2><p>You can see and correct your details on your profile page at any time, and ask us to export or delete your account.</p><h2>Contact</h2><p>Questions about this policy: write to [contact-email] or call [contact-phone].</p>$privacy$,
  true,
  '2026-11-22T00:00:00Z',
  '',
  'How [site-name] collects, uses and protects your personal information.',
  '2026-11-22T00:00:00Z',
  '2026-11-22T00:00:00Z'
)
ON CONFLICT ("slug") DO NOTHING;
