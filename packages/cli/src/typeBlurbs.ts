/**
 * The paragraph @effect/cli puts before the description of every text or boolean option in
 * help ("A user-defined piece of text.", "A true or false value."): it says nothing the usage
 * line (`--email text`) does not, and there is no setting to leave it out.
 */
const TYPE_BLURB = /^ *(?:A user-defined piece of text\.|A true or false value\.)\n\n/gm

/** `text` (a help page) without the type blurbs: each option's own description stays. */
export const withoutTypeBlurbs = (text: string): string => text.replace(TYPE_BLURB, "")
