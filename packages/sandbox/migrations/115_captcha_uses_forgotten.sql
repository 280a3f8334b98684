-- A spent captcha token is kept a day, or as long as its service lets a token live (core
-- captchaUseKeepMs), when the captcha port says how long that is: after it the service refuses the
-- token by itself, and the nodes delete the record (store/captchaUses.ts forgetSpentCaptchaTokens),
-- so the table no longer grows by a row for every payment ever made.
create index if not exists captcha_uses_used_at on captcha_uses (used_at);
